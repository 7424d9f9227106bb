import { randomUUID } from "node:crypto";
import { MongoServerError, type Collection, type Db, type IndexDescription } from "mongodb";
import type { Logger } from "../logger";
import type { LeadKindName } from "./lead-kinds";
import { LEGACY_PLACES, legacyLeadOf } from "./lead-legacy";
import { newReference } from "./lead-reference";
import type { AddResult, KeptLead, LeadStore, NewLead, StoredLead } from "./lead-store";

/** One lead as MongoDB holds it. */
type LeadDocument = Omit<KeptLead, "id"> & { _id: string };

export const LEADS_COLLECTION = "leads";
const DUPLICATE_KEY = 11000;
const MOST_ATTEMPTS = 5;

const INDEXES: IndexDescription[] = [
  // Sparse, so leads without a key are left out of it (a partial index would do, but FerretDB lacks those).
  { key: { key: 1 }, unique: true, sparse: true },
  { key: { reference: 1 }, unique: true },
  { key: { nextAttemptAt: 1 } },
  // Retention deletes by age with a sweep rather than a TTL index, so that a changed
  // retention period applies to the leads already stored.
  { key: { kind: 1, receivedAt: 1 } },
];

/**
 * The production lead store: one document per lead in `leads`. Writes wait for a majority
 * of the replica set and its journal, so a lead the visitor was told is received survives
 * the loss of the primary. Every site instance forwards from the same collection; a claim
 * pushes the next attempt past the sender's lease, so no two instances send one lead at
 * once. Unique indexes keep one lead per key (a newsletter address, a client's retry) and
 * one lead per reference, however many instances take them at once.
 */
export class MongoLeadStore implements LeadStore {
  private constructor(private readonly leads: Collection<LeadDocument>) {}

  /** Opens `leads`, first moving in the leads an older version kept in a collection per kind. */
  static async open(db: Db, logger?: Pick<Logger, "info">): Promise<MongoLeadStore> {
    const leads = db.collection<LeadDocument>(LEADS_COLLECTION, { writeConcern: { w: "majority", journal: true } });
    // One index at a time: FerretDB drops the connection when asked for several it already has.
    for (const index of INDEXES) await leads.createIndexes([index]);
    const store = new MongoLeadStore(leads);
    await store.moveInLegacyLeads(db, logger);
    return store;
  }

  async add({ kind, receivedAt, vehicle, data, key, forwarded }: NewLead): Promise<AddResult> {
    for (let attempt = 1; ; attempt++) {
      const id = randomUUID();
      const reference = newReference();
      try {
        await this.leads.insertOne({
          _id: id,
          kind,
          reference,
          receivedAt,
          ...(key === undefined ? {} : { key }),
          ...(vehicle === undefined ? {} : { vehicle }),
          data,
          ...(forwarded ? { forwardAttempts: 0, nextAttemptAt: receivedAt } : {}),
        });
        return { id, reference, created: true };
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY) || attempt === MOST_ATTEMPTS) throw error;
        const first = key === undefined ? null : await this.leads.findOne({ key }, { projection: { _id: 1, reference: 1 } });
        if (first) return { id: first._id, reference: first.reference, created: false };
        // Another lead drew the same reference (or the one with this key was deleted by retention meanwhile): try again.
      }
    }
  }

  async get(id: string): Promise<StoredLead | undefined> {
    const document = await this.leads.findOne({ _id: id });
    return document ? toStored(document) : undefined;
  }

  async claimNextDue(now: Date, leaseMs: number): Promise<StoredLead | undefined> {
    const document = await this.leads.findOneAndUpdate(
      { nextAttemptAt: { $lte: now } },
      { $set: { nextAttemptAt: new Date(now.getTime() + leaseMs) } },
      { sort: { nextAttemptAt: 1 } },
    );
    return document ? toStored(document) : undefined;
  }

  async markForwarded(id: string, at: Date): Promise<void> {
    await this.leads.updateOne({ _id: id }, { $set: { forwardedAt: at }, $unset: { nextAttemptAt: "" }, $inc: { forwardAttempts: 1 } });
  }

  async markForwardFailed(id: string, retryAt: Date): Promise<void> {
    await this.leads.updateOne({ _id: id, forwardedAt: { $exists: false } }, { $set: { nextAttemptAt: retryAt }, $inc: { forwardAttempts: 1 } });
  }

  async deleteReceivedBefore(kind: LeadKindName, cutoff: Date): Promise<number> {
    return (await this.leads.deleteMany({ kind, receivedAt: { $lt: cutoff } })).deletedCount;
  }

  async close(): Promise<void> {
    // The client belongs to the engines, which close it.
  }

  /**
   * Each lead an older version kept is inserted here (a copy already there, from an earlier
   * interrupted move or another instance moving at once, is left as it is) before its old
   * document goes, so nothing is lost or sent twice.
   */
  private async moveInLegacyLeads(db: Db, logger?: Pick<Logger, "info">): Promise<void> {
    for (const { kind, collection } of LEGACY_PLACES) {
      const legacy = db.collection(collection);
      let moved = 0;
      for await (const old of legacy.find()) {
        const { id, ...lead } = legacyLeadOf(kind, old as unknown as Parameters<typeof legacyLeadOf>[1]);
        try {
          await this.leads.insertOne({ _id: id, ...lead });
        } catch (error) {
          if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
        }
        await legacy.deleteOne({ _id: old._id });
        moved++;
      }
      if (moved > 0) logger?.info({ kind, moved }, "Moved leads stored by an older version");
    }
  }
}

function toStored({ _id, kind, reference, receivedAt, vehicle, data, forwardAttempts, forwardedAt }: LeadDocument): StoredLead {
  return {
    id: _id,
    kind,
    reference,
    receivedAt,
    ...(vehicle === undefined ? {} : { vehicle }),
    data,
    forwardAttempts: forwardAttempts ?? 0,
    ...(forwardedAt === undefined ? {} : { forwardedAt }),
  };
}
