import { randomUUID } from "node:crypto";
import { MongoServerError, type Collection, type Db, type Filter, type IndexDescription } from "mongodb";
import type { Logger } from "../logger";
import type { OutboxBacklog } from "../outbox-worker";
import { LEAD_KIND_NAMES, LEAD_KINDS } from "../../domain/lead-kinds";
import type { LeadKindName } from "../../domain/lead-kinds";
import { LEGACY_PLACES, legacyLeadOf } from "./lead-legacy";
import { newReference } from "./lead-reference";
import { contactsOf, leadSearchOf, searchTermsOf } from "./lead-search";
import {
  editedWork,
  keptLeadOf,
  NEW_WORK,
  type AddResult,
  type ForwardFailure,
  type KeptLead,
  type LeadFilters,
  type LeadQuery,
  type LeadStore,
  type NewLead,
  type StoredLead,
  type WorkEdit,
} from "./lead-store";

/**
 * One lead as MongoDB holds it, with the normalised words and contacts it is found and
 * erased by (lead-search.ts), and a counter of staff changes for updates that must not
 * overwrite one another.
 */
type LeadDocument = Omit<KeptLead, "id"> & { _id: string; searchTerms: string[]; contacts: string[]; workVersion?: number };

export const LEADS_COLLECTION = "leads";
const DUPLICATE_KEY = 11000;
const MOST_ATTEMPTS = 5;
const NEWEST_FIRST = { receivedAt: -1, _id: -1 } as const;
/** Leads fetched per round trip while an export streams. */
const EACH_BATCH = 500;

const INDEXES: IndexDescription[] = [
  // Sparse, so leads without a key are left out of it (a partial index would do, but FerretDB lacks those).
  { key: { key: 1 }, unique: true, sparse: true },
  { key: { reference: 1 }, unique: true },
  { key: { nextAttemptAt: 1 } },
  // Retention deletes by age with a sweep rather than a TTL index, so that a changed
  // retention period applies to the leads already stored.
  { key: { kind: 1, receivedAt: 1 } },
  // The staff inbox: newest first, by status or vehicle, found by name, contact or plate.
  { key: { receivedAt: -1 } },
  { key: { "work.status": 1, receivedAt: -1 } },
  { key: { "vehicle.id": 1, receivedAt: -1 } },
  { key: { "vehicle.branch": 1, receivedAt: -1 } },
  { key: { searchTerms: 1 } },
  { key: { contacts: 1 } },
  { key: { "work.assigneeId": 1, receivedAt: -1 } },
  { key: { "work.followUpAt": 1 } },
  { key: { "data.day": 1 }, sparse: true },
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
  private readonly leads: Collection<LeadDocument>;

  private constructor(
    private readonly db: Db,
    private readonly logger: Pick<Logger, "info"> | undefined,
  ) {
    this.leads = db.collection<LeadDocument>(LEADS_COLLECTION, { writeConcern: { w: "majority", journal: true } });
  }

  static async open(db: Db, logger?: Pick<Logger, "info">): Promise<MongoLeadStore> {
    const store = MongoLeadStore.unopened(db, logger);
    await store.setUp();
    return store;
  }

  /** The store before `setUp`, which needs the database: the site sets it up once MongoDB answers (set-up-on-first-use.ts). */
  static unopened(db: Db, logger?: Pick<Logger, "info">): MongoLeadStore {
    return new MongoLeadStore(db, logger);
  }

  /** Makes the indexes of `leads`, then moves in the leads an older version kept in a collection per kind. */
  async setUp(): Promise<void> {
    // One index at a time: FerretDB drops the connection when asked for several it already has.
    for (const index of INDEXES) await this.leads.createIndexes([index]);
    await this.moveInLegacyLeads();
  }

  async add(newLead: NewLead): Promise<AddResult> {
    const { key } = newLead;
    for (let attempt = 1; ; attempt++) {
      const id = randomUUID();
      const reference = newReference();
      try {
        await this.leads.insertOne(documentOf(keptLeadOf(newLead, id, reference)));
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

  async markForwardFailed(id: string, retryAt: Date, failure: ForwardFailure): Promise<void> {
    await this.leads.updateOne(
      { _id: id, forwardedAt: { $exists: false } },
      { $set: { nextAttemptAt: retryAt, lastForwardFailure: failure }, $inc: { forwardAttempts: 1 } },
    );
  }

  async backlog(): Promise<OutboxBacklog> {
    const waiting = { nextAttemptAt: { $exists: true } };
    const [count, oldest] = await Promise.all([
      this.leads.countDocuments(waiting),
      this.leads.findOne(waiting, { sort: { receivedAt: 1 }, projection: { receivedAt: 1 } }),
    ]);
    return oldest ? { waiting: count, oldest: oldest.receivedAt } : { waiting: count };
  }

  async deleteReceivedBefore(kind: LeadKindName, cutoff: Date): Promise<number> {
    return (await this.leads.deleteMany({ kind, receivedAt: { $lt: cutoff } })).deletedCount;
  }

  async list({ page, pageSize, ...filters }: LeadQuery): Promise<{ total: number; leads: StoredLead[] }> {
    const filter = filterOf(filters);
    const [total, documents] = await Promise.all([
      this.leads.countDocuments(filter),
      this.leads
        .find(filter)
        .sort(NEWEST_FIRST)
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
    ]);
    return { total, leads: documents.map(toStored) };
  }

  async *each(filters: LeadFilters): AsyncIterable<StoredLead> {
    const cursor = this.leads.find(filterOf(filters)).sort(NEWEST_FIRST).batchSize(EACH_BATCH);
    try {
      for await (const document of cursor) yield toStored(document);
    } finally {
      await cursor.close();
    }
  }

  countUnread(): Promise<number> {
    return this.leads.countDocuments({ "work.readAt": { $exists: false } });
  }

  async withContacts(contacts: readonly string[], limit: number): Promise<StoredLead[]> {
    const documents = await this.leads
      .find({ contacts: { $in: [...contacts] } })
      .sort({ receivedAt: -1, _id: -1 })
      .limit(limit)
      .toArray();
    return documents.map(toStored);
  }

  async applyWork(id: string, edit: WorkEdit, byId: string, at: Date): Promise<StoredLead | undefined> {
    // Each change is made on the version it read, so two staff changing one lead at once both count.
    for (let attempt = 1; attempt <= MOST_ATTEMPTS; attempt++) {
      const document = await this.leads.findOne({ _id: id });
      if (!document) return undefined;
      const version = document.workVersion;
      const work = editedWork(document.work ?? NEW_WORK, edit, byId, at);
      const updated = await this.leads.findOneAndUpdate(
        { _id: id, workVersion: version === undefined ? { $exists: false } : version },
        { $set: { work, workVersion: (version ?? 0) + 1 } },
        { returnDocument: "after" },
      );
      if (updated) return toStored(updated);
    }
    throw new Error(`Lead ${id} kept changing while it was being changed`);
  }

  async forwardNow(id: string, byId: string, at: Date): Promise<boolean> {
    const waiting = await this.leads.findOne({ _id: id, nextAttemptAt: { $exists: true } }, { projection: { _id: 1 } });
    if (!waiting) return false;
    await this.leads.updateOne({ _id: id, nextAttemptAt: { $exists: true } }, { $set: { nextAttemptAt: at } });
    await this.applyWork(id, { type: "forwarding-retried" }, byId, at);
    return true;
  }

  async eraseContact(contact: string): Promise<Partial<Record<LeadKindName, number>>> {
    const doomed = await this.leads.find({ contacts: contact }, { projection: { _id: 1, kind: 1 } }).toArray();
    const counts: Partial<Record<LeadKindName, number>> = {};
    for (const { _id, kind } of doomed) {
      if ((await this.leads.deleteOne({ _id })).deletedCount > 0) counts[kind] = (counts[kind] ?? 0) + 1;
    }
    return counts;
  }

  async close(): Promise<void> {
    // The client belongs to the engines, which close it.
  }

  /**
   * Each lead an older version kept is inserted here (a copy already there, from an earlier
   * interrupted move or another instance moving at once, is left as it is) before its old
   * document goes, so nothing is lost or sent twice.
   */
  private async moveInLegacyLeads(): Promise<void> {
    const { db, logger } = this;
    for (const { kind, collection } of LEGACY_PLACES) {
      const legacy = db.collection(collection);
      let moved = 0;
      for await (const old of legacy.find()) {
        try {
          await this.leads.insertOne(documentOf(legacyLeadOf(kind, old as unknown as Parameters<typeof legacyLeadOf>[1])));
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

function filterOf({
  kinds,
  statuses,
  from,
  to,
  vehicleId,
  branches,
  reachableFrom,
  search,
  unreadOnly,
  assigneeId,
  unassigned,
  followUpFrom,
  followUpBefore,
  booked,
}: LeadFilters): Filter<LeadDocument> {
  // Only kinds that book a time have their day in data.day.
  const kindsWanted = booked ? (kinds ?? LEAD_KIND_NAMES).filter((kind) => LEAD_KINDS[kind].booksTime) : kinds;
  return {
    ...(kindsWanted ? { kind: { $in: [...kindsWanted] } } : {}),
    // A lead no one has touched has no work yet, and is new.
    ...(statuses
      ? { $or: [{ "work.status": { $in: [...statuses] } }, ...(statuses.includes("new") ? [{ work: { $exists: false } }] : [])] }
      : {}),
    ...(from || to ? { receivedAt: { ...(from ? { $gte: from } : {}), ...(to ? { $lt: to } : {}) } } : {}),
    ...(vehicleId ? { "vehicle.id": vehicleId } : {}),
    ...(branches ? { "vehicle.branch": { $in: [...branches] } } : {}),
    // $nor, as no other filter here uses it: "vehicle.branch", $or and $and may be taken already.
    ...(reachableFrom ? { $nor: [{ "vehicle.branch": { $exists: true, $nin: [...reachableFrom] } }] } : {}),
    ...(unreadOnly ? { "work.readAt": { $exists: false } } : {}),
    ...(assigneeId ? { "work.assigneeId": assigneeId } : unassigned ? { "work.assigneeId": { $exists: false } } : {}),
    ...(followUpFrom || followUpBefore
      ? { "work.followUpAt": { ...(followUpFrom ? { $gte: followUpFrom } : {}), ...(followUpBefore ? { $lt: followUpBefore } : {}) } }
      : {}),
    ...(booked ? { "data.day": { $gte: booked.from, $lt: booked.to } } : {}),
    ...(search?.trim() ? searchFilter(search) : {}),
  };
}

function searchFilter(query: string): Filter<LeadDocument> {
  const { words, joined, reference } = leadSearchOf(query);
  const begins = (text: string) => ({ searchTerms: { $regex: `^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}` } });
  const wordMatches = ({ whole, parts }: { whole: string; parts: string[] }) =>
    parts.length > 1 ? { $or: [begins(whole), { $and: parts.map(begins) }] } : begins(whole);
  return { $and: [{ $or: [{ $and: words.map(wordMatches) }, begins(joined), ...(reference ? [{ reference }] : [])] }] };
}

function documentOf({ id, ...lead }: KeptLead): LeadDocument {
  return { _id: id, ...lead, searchTerms: searchTermsOf(lead.kind, lead.data, lead.vehicle), contacts: contactsOf(lead.kind, lead.data) };
}

function toStored({
  _id,
  key: _key,
  searchTerms: _terms,
  contacts: _contacts,
  workVersion: _version,
  forwardAttempts,
  work,
  ...lead
}: LeadDocument): StoredLead {
  return { id: _id, ...lead, forwardAttempts: forwardAttempts ?? 0, work: work ?? NEW_WORK };
}
