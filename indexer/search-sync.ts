import { setTimeout as sleep } from "node:timers/promises";
import { MongoServerError, type ChangeStreamDocument, type Collection, type Db, type ResumeToken } from "mongodb";
import type { VehicleRecord } from "../domain/vehicle";
import type { Logger } from "../backend/logger";
import type { MeiliIndexer } from "../backend/search/meili-indexer";
import { COLLECTIONS, RECORD_PROJECTION, type RemovalDocument, type VehicleDocument } from "../backend/store/mongo-vehicle-store";
import type { StockChangeResult, VehicleStore } from "../backend/store/vehicle-store";

/**
 * Keeps Meilisearch in step with the stock in MongoDB. On a replica set (Atlas, or the
 * compose file's single-node set) it follows MongoDB's change stream, resuming where it
 * stopped; elsewhere it polls for vehicles stored, and removal notes written, since its last
 * look. Either way it sends only what changed.
 */

export type IndexChange =
  | { kind: "upsert"; record: VehicleRecord }
  | { kind: "remove"; id: string }
  /** The collection itself went away or was replaced: only a full sync can be trusted. */
  | { kind: "resync"; reason: string };

/** What one change-stream event means for the search index, if anything. */
export function indexChangeOf(event: ChangeStreamDocument<VehicleDocument>): IndexChange | undefined {
  switch (event.operationType) {
    case "insert":
    case "replace":
    case "update": {
      // Without the document the vehicle was deleted since; its delete event follows.
      if (!event.fullDocument) return undefined;
      const { fingerprint: _fingerprint, storedAt: _storedAt, ...record } = event.fullDocument;
      return { kind: "upsert", record };
    }
    case "delete":
      return { kind: "remove", id: event.documentKey._id };
    case "drop":
    case "rename":
    case "dropDatabase":
    case "invalidate":
      return { kind: "resync", reason: `the vehicles collection saw "${event.operationType}"` };
    default:
      return undefined;
  }
}

/** Folds a burst of changes into what to send: the last word on each vehicle wins. */
export function foldChanges(changes: readonly IndexChange[]): { upserts: VehicleRecord[]; removedIds: string[] } {
  const latest = new Map<string, IndexChange>();
  for (const change of changes) {
    if (change.kind === "upsert") latest.set(change.record._id, change);
    else if (change.kind === "remove") latest.set(change.id, change);
  }
  const upserts: VehicleRecord[] = [];
  const removedIds: string[] = [];
  for (const [id, change] of latest) {
    if (change.kind === "upsert") upserts.push(change.record);
    else removedIds.push(id);
  }
  return { upserts, removedIds };
}

const PUSH_BATCH = 1000;

/** Sends one import's changes to the search index straight away. */
export async function pushStockChange(
  store: VehicleStore,
  indexer: MeiliIndexer,
  { changedIds, removedIds }: Pick<StockChangeResult, "changedIds" | "removedIds">,
): Promise<void> {
  for (let start = 0; start < changedIds.length; start += PUSH_BATCH) {
    await indexer.apply({ upserts: await store.getMany(changedIds.slice(start, start + PUSH_BATCH)), removedIds: [] });
  }
  await indexer.apply({ upserts: [], removedIds });
}

interface SyncState {
  _id: string;
  resumeToken?: ResumeToken;
  syncedUntil?: Date;
}

export interface FollowOptions {
  db: Db;
  store: VehicleStore;
  indexer: MeiliIndexer;
  logger: Logger;
  signal: AbortSignal;
  pollIntervalMs?: number;
}

const CHANGE_STREAMS_NEED_A_REPLICA_SET = 40573;
const CHANGE_STREAM_HISTORY_LOST = 286;
const BURST_MS = 1000;
const BURST_SIZE = 1000;
/** Writes still in flight when a poll looks are picked up by the next one. */
const POLL_GRACE_MS = 5000;

export async function followStock(options: FollowOptions): Promise<void> {
  const { db, store, indexer, logger } = options;
  const state = db.collection<SyncState>(COLLECTIONS.state);
  if (await indexer.isEmpty()) await fullSync(options, state);
  try {
    await followChangeStream(options, state);
  } catch (error) {
    if (!(error instanceof MongoServerError && error.code === CHANGE_STREAMS_NEED_A_REPLICA_SET)) throw error;
    logger.warn("MongoDB is not a replica set, so there are no change streams: polling for changes instead");
    await pollForChanges(options, state);
  }
  await store.close();
}

async function fullSync({ store, indexer, logger }: FollowOptions, state: Collection<SyncState>) {
  const startedAt = new Date();
  const documents = await indexer.fullSync(() => store.scan());
  await state.updateOne(
    { _id: "search-sync" },
    { $set: { syncedUntil: new Date(startedAt.getTime() - POLL_GRACE_MS) }, $unset: { resumeToken: "" } },
    { upsert: true },
  );
  logger.info({ documents }, "Full sync of the search index done");
}

async function followChangeStream(options: FollowOptions, state: Collection<SyncState>): Promise<void> {
  const { db, indexer, logger, signal } = options;
  const saved = await state.findOne({ _id: "search-sync" });
  const stream = db.collection<VehicleDocument>(COLLECTIONS.vehicles).watch([], {
    fullDocument: "updateLookup",
    // Each read waits at most this long, so a burst is sent once the stream goes quiet.
    maxAwaitTimeMS: BURST_MS,
    ...(saved?.resumeToken ? { resumeAfter: saved.resumeToken } : {}),
  });
  signal.addEventListener("abort", () => void stream.close(), { once: true });
  logger.info("Following the stock's change stream");

  let burst: IndexChange[] = [];
  try {
    while (!signal.aborted) {
      const event = await stream.tryNext();
      if (event) {
        const change = indexChangeOf(event);
        if (change?.kind === "resync") {
          logger.warn({ reason: change.reason }, "Rebuilding the search index from scratch");
          await fullSync(options, state);
          return followChangeStream(options, state);
        }
        if (change) burst.push(change);
      }
      if (burst.length > 0 && (!event || burst.length >= BURST_SIZE)) {
        const folded = foldChanges(burst);
        await indexer.apply(folded);
        await state.updateOne({ _id: "search-sync" }, { $set: { resumeToken: stream.resumeToken } }, { upsert: true });
        logger.info({ upserted: folded.upserts.length, removed: folded.removedIds.length }, "Search index updated");
        burst = [];
      }
    }
  } catch (error) {
    if (error instanceof MongoServerError && error.code === CHANGE_STREAM_HISTORY_LOST) {
      logger.warn("The change stream's history no longer reaches back to where this sync stopped: full sync");
      await fullSync(options, state);
      return followChangeStream(options, state);
    }
    if (!signal.aborted) throw error;
  } finally {
    await stream.close();
  }
}

async function pollForChanges(options: FollowOptions, state: Collection<SyncState>): Promise<void> {
  const { db, indexer, logger, signal, pollIntervalMs = 5000 } = options;
  const vehicles = db.collection<VehicleDocument>(COLLECTIONS.vehicles);
  const removals = db.collection<RemovalDocument>(COLLECTIONS.removals);
  while (!signal.aborted) {
    const saved = await state.findOne({ _id: "search-sync" });
    const since = saved?.syncedUntil ?? new Date(0);
    const until = new Date(Date.now() - POLL_GRACE_MS);
    const window = { $gt: since, $lte: until };
    const upserts = (await vehicles.find({ storedAt: window }, { projection: RECORD_PROJECTION }).toArray()) as VehicleRecord[];
    const removedIds = (await removals.find({ removedAt: window }, { projection: { _id: 1 } }).toArray()).map(({ _id }) => _id);
    if (upserts.length + removedIds.length > 0) {
      await indexer.apply({ upserts, removedIds });
      logger.info({ upserted: upserts.length, removed: removedIds.length }, "Search index updated");
    }
    await state.updateOne({ _id: "search-sync" }, { $set: { syncedUntil: until } }, { upsert: true });
    await sleep(pollIntervalMs, undefined, { signal }).catch(() => undefined);
  }
}
