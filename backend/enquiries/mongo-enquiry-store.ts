import { randomUUID } from "node:crypto";
import { MongoServerError, type Collection, type Db } from "mongodb";
import type { AddResult, EnquiryStore, NewEnquiry, StoredEnquiry, StoreOptions } from "./enquiry-store";

/** One record as MongoDB holds it; the forwarding fields only for a kind that is forwarded. */
interface EnquiryDocument {
  _id: string;
  receivedAt: Date;
  key?: string;
  enquiry: unknown;
  forwardAttempts?: number;
  forwardedAt?: Date;
  /** Absent once forwarded, and for kinds never forwarded, so it is never due. */
  nextAttemptAt?: Date;
}

const DUPLICATE_KEY = 11000;

/**
 * The production enquiry store: one document per record in the kind's collection. Writes
 * wait for a majority of the replica set and its journal, so a record the visitor was told
 * is received survives the loss of the primary. A unique index on the key keeps one
 * newsletter sign-up per address however many instances take the same one at once.
 */
export class MongoEnquiryStore<T> implements EnquiryStore<T> {
  private constructor(
    private readonly records: Collection<EnquiryDocument>,
    private readonly options: StoreOptions,
  ) {}

  static async open<T>(db: Db, collection: string, options: StoreOptions): Promise<MongoEnquiryStore<T>> {
    const records = db.collection<EnquiryDocument>(collection, { writeConcern: { w: "majority", journal: true } });
    await records.createIndexes([
      { key: { key: 1 }, unique: true, partialFilterExpression: { key: { $exists: true } } },
      { key: { nextAttemptAt: 1 } },
      // Retention deletes by age with a sweep rather than a TTL index, so that a changed
      // retention period applies to the records already stored.
      { key: { receivedAt: 1 } },
    ]);
    return new MongoEnquiryStore<T>(records, options);
  }

  async add({ enquiry, receivedAt, key }: NewEnquiry<T>): Promise<AddResult> {
    const id = randomUUID();
    try {
      await this.records.insertOne({
        _id: id,
        receivedAt,
        ...(key === undefined ? {} : { key }),
        enquiry,
        ...(this.options.forwarded ? { forwardAttempts: 0, nextAttemptAt: receivedAt } : {}),
      });
      return { id, created: true };
    } catch (error) {
      if (key === undefined || !(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      const first = await this.records.findOne({ key }, { projection: { _id: 1 } });
      // Deleted by retention between the insert and the look-up: nothing to point to.
      if (!first) throw error;
      return { id: first._id, created: false };
    }
  }

  async get(id: string): Promise<StoredEnquiry<T> | undefined> {
    const document = await this.records.findOne({ _id: id });
    return document ? toStored<T>(document) : undefined;
  }

  async claimNextDue(now: Date, leaseMs: number): Promise<StoredEnquiry<T> | undefined> {
    const document = await this.records.findOneAndUpdate(
      { nextAttemptAt: { $lte: now } },
      { $set: { nextAttemptAt: new Date(now.getTime() + leaseMs) } },
      { sort: { nextAttemptAt: 1 } },
    );
    return document ? toStored<T>(document) : undefined;
  }

  async markForwarded(id: string, at: Date): Promise<void> {
    await this.records.updateOne({ _id: id }, { $set: { forwardedAt: at }, $unset: { nextAttemptAt: "" }, $inc: { forwardAttempts: 1 } });
  }

  async markForwardFailed(id: string, retryAt: Date): Promise<void> {
    await this.records.updateOne({ _id: id, forwardedAt: { $exists: false } }, { $set: { nextAttemptAt: retryAt }, $inc: { forwardAttempts: 1 } });
  }

  async deleteReceivedBefore(cutoff: Date): Promise<number> {
    return (await this.records.deleteMany({ receivedAt: { $lt: cutoff } })).deletedCount;
  }

  async close(): Promise<void> {
    // The client belongs to the engines, which close it.
  }
}

function toStored<T>(document: EnquiryDocument): StoredEnquiry<T> {
  return {
    id: document._id,
    receivedAt: document.receivedAt,
    // The store is the only writer of its collection, and writes only T.
    enquiry: document.enquiry as T,
    forwardAttempts: document.forwardAttempts ?? 0,
    ...(document.forwardedAt === undefined ? {} : { forwardedAt: document.forwardedAt }),
  };
}
