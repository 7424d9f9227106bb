import type { AnyBulkWriteOperation, Collection, Db } from "mongodb";
import type { VehicleRecord } from "../../domain/vehicle";
import { isEngineOutage } from "../engine-health";
import type { Logger } from "../logger";
import { pollStep, stampedAfter, stillRemoved, type StockVersions } from "./change-versions";
import { MongoSoldRegister } from "./mongo-sold-register";
import { serverTime } from "./server-clock";
import { stampRecord, storedVersion, type StoredVersion } from "./stamp-record";
import { StockLease, type HeldLease } from "./stock-lease";
import {
  MassRemovalError,
  staffMarksOf,
  type SoldVehicle,
  type StockChange,
  type StockChangeResult,
  type StockChangesSince,
  type VehicleStore,
} from "./vehicle-store";

/**
 * The store of record in production: one MongoDB document per vehicle, exactly the record
 * the API serves plus two fields of its own: a fingerprint of the content, so a nightly full
 * feed rewrites only what changed, and the change version that last wrote it, so the
 * indexer can follow changes without a replica set and catch up after a full sync (see
 * change-versions.ts). Sold vehicles leave a note in `vehicle_removals` for the same reason;
 * notes older than 30 days are pruned, and the stock records up to which version, so a
 * poller that was stopped for longer knows that it may have missed removals.
 */

export interface VehicleDocument extends VehicleRecord {
  fingerprint: string;
  changeVersion: number;
}

interface RemovalDocument {
  _id: string;
  changeVersion: number;
  /** When the vehicle was removed, by the server's clock: notes are pruned some time after. */
  removedAt: Date;
}

interface StockStateDocument {
  _id: string;
  /** The last change version published: every change up to it is written in full. */
  version?: number;
  changedAt?: Date;
  initialisedAt?: Date;
  /** Removal notes of versions up to this one may have been pruned. */
  removalsPrunedUpTo?: number;
}

/** What changed in the stock since some version, for a search index to catch up with. */
export interface StockChanges {
  /** The vehicles written since, as they are now. */
  upserts: AsyncIterable<VehicleRecord>;
  removedIds: string[];
}

export const COLLECTIONS = { vehicles: "vehicles", removals: "vehicle_removals", state: "stock_state" } as const;

const BATCH = 1000;
/**
 * Writes sent to MongoDB at once: each round trip must end well inside the site's socket
 * timeout (backend/engines.ts), which a thousand upserts on a busy FerretDB did not.
 */
const WRITE_BATCH = 100;
/** Long enough for a stopped indexer to be restarted; one stopped for longer rebuilds the index. */
const REMOVAL_NOTES_KEPT_MS = 30 * 24 * 60 * 60_000;
const LEASE_MS = 5 * 60_000;
const WAIT_FOR_LEASE_MS = 10_000;
const WATCH_INTERVAL_MS = 2000;
const STOCK = "stock";

export interface MongoVehicleStoreOptions {
  /** For tests: how long the stock's lease lasts unless its holder renews it. */
  leaseMs?: number;
}

/** Only the fields of the record: the store's own fields never leave it. */
const RECORD_PROJECTION = { fingerprint: 0, changeVersion: 0 } as const;

/** The record alone, from a whole document (as a change stream gives it). */
export function recordOf({ fingerprint: _fingerprint, changeVersion: _changeVersion, ...record }: VehicleDocument): VehicleRecord {
  return record;
}

export class MongoVehicleStore implements VehicleStore {
  private readonly vehicles: Collection<VehicleDocument>;
  private readonly removals: Collection<RemovalDocument>;
  private readonly state: Collection<StockStateDocument>;
  private readonly lease: StockLease;
  private readonly sold: MongoSoldRegister;
  private readonly listeners = new Set<() => void>();
  private poller: NodeJS.Timeout | undefined;
  /** The stock's version as this process last saw it: watchers hear of every later one. */
  private seenVersion = 0;

  private constructor(
    private readonly db: Db,
    private readonly logger: Pick<Logger, "warn" | "error"> | undefined,
    { leaseMs = LEASE_MS }: MongoVehicleStoreOptions,
  ) {
    this.vehicles = db.collection<VehicleDocument>(COLLECTIONS.vehicles);
    this.removals = db.collection<RemovalDocument>(COLLECTIONS.removals);
    this.state = db.collection<StockStateDocument>(COLLECTIONS.state);
    this.lease = new StockLease(db, COLLECTIONS.state, logger, leaseMs);
    this.sold = new MongoSoldRegister(db);
  }

  static async open(db: Db, logger?: Pick<Logger, "warn" | "error">, options: MongoVehicleStoreOptions = {}): Promise<MongoVehicleStore> {
    const store = MongoVehicleStore.unopened(db, logger, options);
    await store.setUp();
    return store;
  }

  /** The store before `setUp`, which needs the database: the site sets it up once MongoDB answers (set-up-on-first-use.ts). */
  static unopened(db: Db, logger?: Pick<Logger, "warn" | "error">, options: MongoVehicleStoreOptions = {}): MongoVehicleStore {
    return new MongoVehicleStore(db, logger, options);
  }

  async setUp(): Promise<void> {
    await this.vehicles.createIndex({ changeVersion: 1 });
    await this.removals.createIndex({ changeVersion: 1 });
    await this.removals.createIndex({ removedAt: 1 });
    await this.sold.createIndexes();
    this.seenVersion = await this.stockVersion();
  }

  async get(id: string): Promise<VehicleRecord | undefined> {
    return (await this.vehicles.findOne({ _id: id }, { projection: RECORD_PROJECTION })) ?? undefined;
  }

  async soldVehicle(id: string): Promise<SoldVehicle | undefined> {
    if ((await this.vehicles.countDocuments({ _id: id }, { limit: 1 })) > 0) return undefined;
    return this.sold.find(id);
  }

  async getMany(ids: readonly string[]): Promise<VehicleRecord[]> {
    const found = await this.vehicles.find({ _id: { $in: [...ids] } }, { projection: RECORD_PROJECTION }).toArray();
    const byId = new Map(found.map((record) => [record._id, record as VehicleRecord]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async getManyJson(ids: readonly string[]): Promise<string[]> {
    return (await this.getMany(ids)).map((record) => JSON.stringify(record));
  }

  count(): Promise<number> {
    return this.vehicles.countDocuments();
  }

  async storedVersions(ids: readonly string[]): Promise<Map<string, StoredVersion>> {
    // Whole records: a hand-edited vehicle's stored values go over the feed's (stamp-record.ts).
    const stored = await this.vehicles.find({ _id: { $in: [...ids] } }, { projection: { changeVersion: 0 } }).toArray();
    return new Map(stored.map(({ fingerprint, ...record }) => [record._id, storedVersion(record as VehicleRecord, fingerprint)]));
  }

  async *scan(): AsyncIterable<VehicleRecord> {
    yield* this.vehicles.find({}, { projection: RECORD_PROJECTION, sort: { _id: 1 }, batchSize: BATCH }) as AsyncIterable<VehicleRecord>;
  }

  async isPristine(): Promise<boolean> {
    return (await this.state.findOne({ _id: STOCK, initialisedAt: { $exists: true } })) === null;
  }

  /** The last change version published. */
  async stockVersion(): Promise<number> {
    return (await this.stockVersions()).version;
  }

  /** The last change version published, and up to which version removal notes may have been pruned. */
  async stockVersions(): Promise<StockVersions> {
    const state = await this.state.findOne({ _id: STOCK }, { projection: { version: 1, removalsPrunedUpTo: 1 } });
    return { version: state?.version ?? 0, removalsPrunedUpTo: state?.removalsPrunedUpTo ?? 0 };
  }

  /**
   * What was written after version `after` (up to `upTo`, when given): the vehicles as they
   * are now, and the removals that still stand.
   */
  async changesAfter(after: number, upTo?: number): Promise<StockChanges> {
    const window = stampedAfter(after, upTo);
    const noted = await this.removals
      .find(window, { projection: { _id: 1 } })
      .map(({ _id }) => _id)
      .toArray();
    const present =
      noted.length === 0
        ? []
        : await this.vehicles
            .find({ _id: { $in: noted } }, { projection: { _id: 1 } })
            .map(({ _id }) => _id)
            .toArray();
    return {
      upserts: this.vehicles.find(window, { projection: RECORD_PROJECTION, batchSize: BATCH }) as AsyncIterable<VehicleRecord>,
      removedIds: stillRemoved(noted, present),
    };
  }

  stockPosition(): Promise<number> {
    return this.stockVersion();
  }

  /** As the indexer follows the stock (search-sync.ts): by change versions, up to the one published. */
  async changesSince(position: number): Promise<StockChangesSince> {
    const step = pollStep(position, await this.stockVersions());
    if (step.kind === "resync") return step;
    // Nothing published since: the window is empty.
    const upTo = step.kind === "read" ? step.upTo : position;
    return { kind: "changes", ...(await this.changesAfter(position, upTo)), position: upTo };
  }

  applyChange(change: StockChange, now = new Date(), onApplied?: (result: StockChangeResult) => Promise<void>): Promise<StockChangeResult> {
    return this.withLease(async (lease) => {
      // Changes run one at a time under the lease, so the next version is this change's alone.
      const version = (await this.stockVersion()) + 1;
      const result: StockChangeResult = { added: 0, updated: 0, unchanged: 0, removed: 0, changedIds: [], removedIds: [] };
      // Which vehicles a full feed removes is worked out before anything is written, so a
      // refused mass removal changes nothing.
      if (change.mode === "replace") {
        const present = new Set([...change.records.map(({ id }) => id), ...(change.keepIds ?? [])]);
        for await (const { _id } of this.vehicles.find({}, { projection: { _id: 1 } })) {
          if (!present.has(_id)) result.removedIds.push(_id);
        }
        if (result.removedIds.length > (change.maxRemovals ?? Infinity)) {
          throw new MassRemovalError(result.removedIds.length, await this.count());
        }
      }
      if (change.removeIds?.length) {
        const listed = new Set(result.removedIds);
        const stored = await this.vehicles
          .find({ _id: { $in: [...change.removeIds] } }, { projection: { _id: 1 } })
          .map(({ _id }) => _id)
          .toArray();
        result.removedIds.push(...stored.filter((id) => !listed.has(id)));
      }

      for (let start = 0; start < change.records.length; start += BATCH) {
        const batch = change.records.slice(start, start + BATCH);
        const existing = await this.storedVersions(batch.map(({ id }) => id));
        const writes: AnyBulkWriteOperation<VehicleDocument>[] = [];
        const written: string[] = [];
        for (const { id, record } of batch) {
          const stamped = stampRecord(id, record, existing.get(id), now, staffMarksOf(change, id));
          result[stamped.change]++;
          if (stamped.change === "unchanged") continue;
          result.changedIds.push(id);
          written.push(id);
          const replacement = { ...stamped.record, fingerprint: stamped.fingerprint, changeVersion: version };
          writes.push({ replaceOne: { filter: { _id: id }, replacement, upsert: true } });
        }
        if (writes.length > 0) {
          for (let from = 0; from < writes.length; from += WRITE_BATCH) {
            await lease.confirm();
            await this.vehicles.bulkWrite(writes.slice(from, from + WRITE_BATCH), { ordered: false });
          }
          // A vehicle listed again is no longer sold.
          await this.removals.deleteMany({ _id: { $in: written } });
        }
      }

      // The note comes first: a process that dies before the delete leaves a note for a
      // vehicle still present, which readers of the notes ignore (stillRemoved).
      for (let start = 0; start < result.removedIds.length; start += WRITE_BATCH) {
        const ids = result.removedIds.slice(start, start + WRITE_BATCH);
        await lease.confirm();
        const removedAt = await serverTime(this.db);
        await this.removals.bulkWrite(
          ids.map((id) => ({
            replaceOne: { filter: { _id: id }, replacement: { _id: id, changeVersion: version, removedAt }, upsert: true },
          })),
          { ordered: false },
        );
        await this.sold.remember(await this.vehicles.find({ _id: { $in: ids } }, { projection: RECORD_PROJECTION }).toArray(), now);
        await this.vehicles.deleteMany({ _id: { $in: ids } });
      }
      result.removed = result.removedIds.length;

      await this.pruneRemovalNotes(lease);
      await lease.confirm();
      await this.publishVersion(version, now);
      await onApplied?.(result);
      return result;
    });
  }

  async signalChanged(): Promise<void> {
    // Under the lease like any change, so it never publishes a version a change is still writing.
    await this.withLease(async (lease) => {
      const version = (await this.stockVersion()) + 1;
      await lease.confirm();
      await this.publishVersion(version, new Date());
    });
  }

  /** Follows the stock's version number, which every change raises, from whichever process. */
  watch(onChange: () => void): () => void {
    this.listeners.add(onChange);
    this.poller ??= setInterval(() => {
      this.stockVersion()
        .then((version) => {
          if (version === this.seenVersion) return;
          this.seenVersion = version;
          for (const listener of this.listeners) listener();
        })
        .catch((error: unknown) => {
          // An outage is logged once by the site's EngineHealth, not every two seconds here.
          if (!isEngineOutage(error)) this.logger?.warn({ err: error }, "Could not check the stock for changes");
        });
    }, WATCH_INTERVAL_MS).unref();
    return () => {
      this.listeners.delete(onChange);
      if (this.listeners.size === 0) this.stopPolling();
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.stopPolling();
  }

  /**
   * Runs work while holding a lease on the stock, so two changes (from any machines) never
   * interleave, nor their pushes to the search index. Every change runs under it; the
   * indexer also takes it to send what a full sync missed. The lease is renewed while the
   * work runs and expires on its own if its holder dies; work that loses it is stopped
   * (StockLeaseLostError) at its next `confirm`, and fails even if it finished.
   */
  withLease<T>(work: (lease: HeldLease) => Promise<T>, { waitMs = WAIT_FOR_LEASE_MS } = {}): Promise<T> {
    return this.lease.hold(work, { waitMs });
  }

  private stopPolling(): void {
    clearInterval(this.poller);
    this.poller = undefined;
  }

  /**
   * Deletes removal notes older than a poller is expected to be stopped for, recording first
   * up to which version they went, so that a poller further behind rebuilds the index
   * rather than keep sold vehicles in it.
   */
  private async pruneRemovalNotes(lease: HeldLease): Promise<void> {
    const cutoff = new Date((await serverTime(this.db)).getTime() - REMOVAL_NOTES_KEPT_MS);
    const newestExpired = await this.removals.findOne(
      { removedAt: { $lt: cutoff } },
      { sort: { changeVersion: -1 }, projection: { changeVersion: 1 } },
    );
    if (!newestExpired) return;
    const upTo = newestExpired.changeVersion;
    await lease.confirm();
    await this.state.updateOne({ _id: STOCK }, { $max: { removalsPrunedUpTo: upTo } });
    await this.removals.deleteMany({ changeVersion: { $lte: upTo } });
  }

  private async publishVersion(version: number, now: Date): Promise<void> {
    await this.state.updateOne(
      { _id: STOCK },
      { $max: { version }, $set: { changedAt: now }, $setOnInsert: { initialisedAt: now } },
      { upsert: true },
    );
  }
}
