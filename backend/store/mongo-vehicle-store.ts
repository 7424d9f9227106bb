import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { MongoServerError, type AnyBulkWriteOperation, type Collection, type Db } from "mongodb";
import type { VehicleRecord } from "../../domain/vehicle";
import type { Logger } from "../logger";
import { stampRecord } from "./stamp-record";
import { MassRemovalError, StockBusyError, type StockChange, type StockChangeResult, type VehicleStore } from "./vehicle-store";

/**
 * The store of record in production: one MongoDB document per vehicle, exactly the record
 * the API serves plus two fields of its own: a fingerprint of the content, so a nightly full
 * feed rewrites only what changed, and the time it was stored, so the indexer can follow
 * changes without a replica set. Sold vehicles leave a short-lived note in `vehicle_removals`
 * for the same reason.
 */

export interface VehicleDocument extends VehicleRecord {
  fingerprint: string;
  storedAt: Date;
}

export interface RemovalDocument {
  _id: string;
  removedAt: Date;
}

interface StockStateDocument {
  _id: string;
  version?: number;
  changedAt?: Date;
  initialisedAt?: Date;
  owner?: string;
  expiresAt?: Date;
}

export const COLLECTIONS = { vehicles: "vehicles", removals: "vehicle_removals", state: "stock_state" } as const;

const BATCH = 1000;
/** Long enough for the indexer to see a removal however long it was stopped for. */
const REMOVAL_NOTES_KEPT_SECONDS = 30 * 24 * 60 * 60;
const LEASE_MS = 5 * 60_000;
const WAIT_FOR_LEASE_MS = 10_000;
const WATCH_INTERVAL_MS = 2000;
const DUPLICATE_KEY = 11000;

/** Only the fields of the record: the store's own fields never leave it. */
export const RECORD_PROJECTION = { fingerprint: 0, storedAt: 0 } as const;

export class MongoVehicleStore implements VehicleStore {
  private readonly vehicles: Collection<VehicleDocument>;
  private readonly removals: Collection<RemovalDocument>;
  private readonly state: Collection<StockStateDocument>;
  private readonly listeners = new Set<() => void>();
  private poller: NodeJS.Timeout | undefined;
  /** The stock's version as this process last saw it: watchers hear of every later one. */
  private seenVersion = 0;

  private constructor(
    db: Db,
    private readonly logger?: Pick<Logger, "warn">,
  ) {
    this.vehicles = db.collection<VehicleDocument>(COLLECTIONS.vehicles);
    this.removals = db.collection<RemovalDocument>(COLLECTIONS.removals);
    this.state = db.collection<StockStateDocument>(COLLECTIONS.state);
  }

  static async open(db: Db, logger?: Pick<Logger, "warn">): Promise<MongoVehicleStore> {
    const store = new MongoVehicleStore(db, logger);
    await store.vehicles.createIndex({ storedAt: 1 });
    await store.removals.createIndex({ removedAt: 1 }, { expireAfterSeconds: REMOVAL_NOTES_KEPT_SECONDS });
    store.seenVersion = (await store.state.findOne({ _id: "stock" }))?.version ?? 0;
    return store;
  }

  async get(id: string): Promise<VehicleRecord | undefined> {
    return (await this.vehicles.findOne({ _id: id }, { projection: RECORD_PROJECTION })) ?? undefined;
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

  async *scan(): AsyncIterable<VehicleRecord> {
    yield* this.vehicles.find({}, { projection: RECORD_PROJECTION, sort: { _id: 1 }, batchSize: BATCH }) as AsyncIterable<VehicleRecord>;
  }

  async isPristine(): Promise<boolean> {
    return (await this.state.findOne({ _id: "stock", initialisedAt: { $exists: true } })) === null;
  }

  applyChange(change: StockChange, now = new Date()): Promise<StockChangeResult> {
    return this.withLease(async () => {
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

      for (let start = 0; start < change.records.length; start += BATCH) {
        const batch = change.records.slice(start, start + BATCH);
        const stored = await this.vehicles
          .find({ _id: { $in: batch.map(({ id }) => id) } }, { projection: { createdAt: 1, fingerprint: 1 } })
          .toArray();
        const existing = new Map(stored.map((version) => [version._id, version]));
        const writes: AnyBulkWriteOperation<VehicleDocument>[] = [];
        for (const { id, record } of batch) {
          const stamped = stampRecord(id, record, existing.get(id), now);
          result[stamped.change]++;
          if (stamped.change === "unchanged") continue;
          result.changedIds.push(id);
          writes.push({ replaceOne: { filter: { _id: id }, replacement: { ...stamped.record, fingerprint: stamped.fingerprint, storedAt: new Date() }, upsert: true } });
        }
        // storedAt is the time of writing, not of the import's start, so an indexer polling for
        // changes since a moment never misses a batch written after it.
        if (writes.length > 0) await this.vehicles.bulkWrite(writes, { ordered: false });
      }

      for (let start = 0; start < result.removedIds.length; start += BATCH) {
        const ids = result.removedIds.slice(start, start + BATCH);
        await this.removals.bulkWrite(
          ids.map((id) => ({ replaceOne: { filter: { _id: id }, replacement: { _id: id, removedAt: new Date() }, upsert: true } })),
          { ordered: false },
        );
        await this.vehicles.deleteMany({ _id: { $in: ids } });
      }
      result.removed = result.removedIds.length;

      await this.bumpVersion(now);
      return result;
    });
  }

  async signalChanged(): Promise<void> {
    await this.bumpVersion(new Date());
  }

  /** Follows the stock's version number, which every change raises, from whichever process. */
  watch(onChange: () => void): () => void {
    this.listeners.add(onChange);
    this.poller ??= setInterval(() => {
      this.state
        .findOne({ _id: "stock" })
        .then((state) => {
          const version = state?.version ?? 0;
          if (version === this.seenVersion) return;
          this.seenVersion = version;
          for (const listener of this.listeners) listener();
        })
        .catch((error: unknown) => this.logger?.warn({ err: error }, "Could not check the stock for changes"));
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

  private stopPolling(): void {
    clearInterval(this.poller);
    this.poller = undefined;
  }

  private async bumpVersion(now: Date): Promise<void> {
    await this.state.updateOne(
      { _id: "stock" },
      { $inc: { version: 1 }, $set: { changedAt: now }, $setOnInsert: { initialisedAt: now } },
      { upsert: true },
    );
  }

  /**
   * Runs a change while holding a lease on the stock, so two imports (from any machines)
   * never interleave. The lease is renewed while the work runs and expires on its own if
   * its holder dies.
   */
  private async withLease<T>(work: () => Promise<T>): Promise<T> {
    const owner = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
    const deadline = Date.now() + WAIT_FOR_LEASE_MS;
    for (;;) {
      try {
        await this.state.updateOne(
          { _id: "import-lease", $or: [{ expiresAt: { $lt: new Date() } }, { owner }] },
          { $set: { owner, expiresAt: new Date(Date.now() + LEASE_MS) } },
          { upsert: true },
        );
        break;
      } catch (error) {
        // The filter missed a live lease, so the upsert tried to create a second one.
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
        if (Date.now() >= deadline) {
          const holder = await this.state.findOne({ _id: "import-lease" });
          throw new StockBusyError(holder?.owner ?? "another process");
        }
        await sleep(250);
      }
    }
    const renew = setInterval(() => {
      this.state
        .updateOne({ _id: "import-lease", owner }, { $set: { expiresAt: new Date(Date.now() + LEASE_MS) } })
        .catch((error: unknown) => this.logger?.warn({ err: error }, "Could not renew the stock import lease"));
    }, LEASE_MS / 3).unref();
    try {
      return await work();
    } finally {
      clearInterval(renew);
      await this.state.deleteOne({ _id: "import-lease", owner });
    }
  }
}
