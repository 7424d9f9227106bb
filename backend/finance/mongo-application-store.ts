import { randomUUID } from "node:crypto";
import { MongoServerError, type Collection, type Db } from "mongodb";
import type { FinanceApplication } from "../../domain/finance-application";
import type { AddResult, ApplicationStore, NewApplication, StoredApplication } from "./application-store";

/** One application as MongoDB holds it. */
interface ApplicationDocument {
  _id: string;
  receivedAt: Date;
  submissionKey?: string;
  application: FinanceApplication;
  forwardedAt?: Date;
  forwardAttempts: number;
  /** Absent once forwarded, so it is never due again. */
  nextAttemptAt?: Date;
}

export const APPLICATIONS_COLLECTION = "finance_applications";
const DUPLICATE_KEY = 11000;

/**
 * The production application store: one document per application in `finance_applications`.
 * Writes wait for a majority of the replica set and its journal, so an application a
 * visitor was told is received survives the loss of the primary. Every site instance
 * forwards from the same collection; a claim pushes the next attempt past the sender's
 * lease, so no two instances send one application at once.
 */
export class MongoApplicationStore implements ApplicationStore {
  private constructor(private readonly applications: Collection<ApplicationDocument>) {}

  static async open(db: Db): Promise<MongoApplicationStore> {
    const applications = db.collection<ApplicationDocument>(APPLICATIONS_COLLECTION, { writeConcern: { w: "majority", journal: true } });
    await applications.createIndexes([
      { key: { submissionKey: 1 }, unique: true, partialFilterExpression: { submissionKey: { $exists: true } } },
      { key: { nextAttemptAt: 1 } },
      // Retention deletes by age with an explicit sweep rather than a TTL index, so that a
      // changed FINANCE_RETENTION_DAYS applies to applications already stored.
      { key: { receivedAt: 1 } },
    ]);
    return new MongoApplicationStore(applications);
  }

  async add({ application, receivedAt, submissionKey }: NewApplication): Promise<AddResult> {
    const id = randomUUID();
    try {
      await this.applications.insertOne({
        _id: id,
        receivedAt,
        ...(submissionKey === undefined ? {} : { submissionKey }),
        application,
        forwardAttempts: 0,
        nextAttemptAt: receivedAt,
      });
      return { id, created: true };
    } catch (error) {
      if (submissionKey === undefined || !(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      const first = await this.applications.findOne({ submissionKey }, { projection: { _id: 1 } });
      // Deleted by retention between the insert and the look-up: nothing to point to.
      if (!first) throw error;
      return { id: first._id, created: false };
    }
  }

  async get(id: string): Promise<StoredApplication | undefined> {
    const document = await this.applications.findOne({ _id: id });
    return document ? toStored(document) : undefined;
  }

  async claimNextDue(now: Date, leaseMs: number): Promise<StoredApplication | undefined> {
    const document = await this.applications.findOneAndUpdate(
      { nextAttemptAt: { $lte: now } },
      { $set: { nextAttemptAt: new Date(now.getTime() + leaseMs) } },
      { sort: { nextAttemptAt: 1 } },
    );
    return document ? toStored(document) : undefined;
  }

  async markForwarded(id: string, at: Date): Promise<void> {
    await this.applications.updateOne({ _id: id }, { $set: { forwardedAt: at }, $unset: { nextAttemptAt: "" }, $inc: { forwardAttempts: 1 } });
  }

  async markForwardFailed(id: string, retryAt: Date): Promise<void> {
    await this.applications.updateOne(
      { _id: id, forwardedAt: { $exists: false } },
      { $set: { nextAttemptAt: retryAt }, $inc: { forwardAttempts: 1 } },
    );
  }

  async deleteReceivedBefore(cutoff: Date): Promise<number> {
    return (await this.applications.deleteMany({ receivedAt: { $lt: cutoff } })).deletedCount;
  }

  async close(): Promise<void> {
    // The client belongs to the engines, which close it.
  }
}

function toStored(document: ApplicationDocument): StoredApplication {
  return {
    id: document._id,
    receivedAt: document.receivedAt,
    application: document.application,
    forwardAttempts: document.forwardAttempts,
    ...(document.forwardedAt === undefined ? {} : { forwardedAt: document.forwardedAt }),
  };
}
