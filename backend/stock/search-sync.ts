import { setTimeout as sleep } from "node:timers/promises";
import { MongoServerError, Timestamp, type ChangeStreamDocument, type Collection, type Db, type ResumeToken } from "mongodb";
import type { VehicleRecord } from "../../domain/vehicle";
import type { Logger } from "../logger";
import { SearchIndexNeedsFullSyncError, type SearchIndexWriter } from "../search/search-engine";
import { pollStep } from "../store/change-versions";
import { COLLECTIONS, MongoVehicleStore, recordOf, type VehicleDocument } from "../store/mongo-vehicle-store";
import type { StockChangeResult, VehicleStore } from "../store/vehicle-store";

/**
 * Keeps Meilisearch in step with the stock in MongoDB. On a replica set (Atlas, or the
 * compose file's single-node set) it follows MongoDB's change stream, resuming where it
 * stopped; elsewhere it polls for the change versions published since its last look. Either
 * way it sends only what changed, and rebuilds the index whole when nothing less will do.
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
    case "update":
      // Without the document the vehicle was deleted since; its delete event follows.
      return event.fullDocument ? { kind: "upsert", record: recordOf(event.fullDocument) } : undefined;
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

export type SearchUpdate = { kind: "sent"; upserted: number; removed: number } | { kind: "rebuilt"; documents: number };

/**
 * Sends one change to the search index, or rebuilds the index when only a full sync can
 * bring it up to date. Made for `applyChange`'s onApplied: the store's lock is held, so no
 * other change is written during a rebuild's scan, and there is nothing to catch up with.
 */
export async function pushStockChange(
  store: VehicleStore,
  indexer: SearchIndexWriter,
  { changedIds, removedIds }: Pick<StockChangeResult, "changedIds" | "removedIds">,
): Promise<SearchUpdate> {
  if (await indexer.needsFullSync()) return { kind: "rebuilt", documents: await indexer.fullSync(() => store.scan()) };
  return { kind: "sent", ...(await indexer.apply({ upserts: recordsOf(store, changedIds), removedIds })) };
}

/**
 * An import's `onApplied` that sends its change to Meilisearch while the store still holds
 * its lock, so that a later import's changes can never reach the index before this one's.
 * A failure leaves the stock saved, so it is kept for the import's summary, not thrown.
 */
export function searchIndexPush(store: VehicleStore, indexer: SearchIndexWriter, onSending?: () => void) {
  const outcome: { update?: SearchUpdate; failure?: Error } = {};
  const onApplied = async (change: StockChangeResult) => {
    if (change.changedIds.length + change.removedIds.length === 0) return;
    onSending?.();
    try {
      outcome.update = await pushStockChange(store, indexer, change);
    } catch (error) {
      outcome.failure = error as Error;
    }
  };
  return { onApplied, outcome };
}

async function* recordsOf(store: VehicleStore, ids: readonly string[]): AsyncIterable<VehicleRecord> {
  for (let start = 0; start < ids.length; start += PUSH_BATCH) yield* await store.getMany(ids.slice(start, start + PUSH_BATCH));
}

/**
 * An import may hold the stock's lease for many minutes (a large full feed, and a rebuild
 * of the search index if that needed one); catching up waits for it rather than fail.
 */
const CATCH_UP_WAIT_MS = 30 * 60_000;

/**
 * A full sync that loses nothing written while it ran. The swap throws away whatever was
 * sent to the old index during the scan, so afterwards every vehicle and removal stamped
 * after the version read before the scan is sent again (which changes nothing twice). It
 * does so holding the stock's lease, so that no import's own push lands before this older
 * read. Returns the documents indexed and the version the index is now complete up to.
 */
export async function rebuildWithCatchUp(
  store: MongoVehicleStore,
  indexer: SearchIndexWriter,
): Promise<{ documents: number; version: number }> {
  const version = await store.stockVersion();
  const documents = await indexer.fullSync(() => store.scan());
  await store.withLease(async () => indexer.apply(await store.changesAfter(version)), { waitMs: CATCH_UP_WAIT_MS });
  return { documents, version };
}

/** A full sync for the stock tools: with MongoDB it catches up; the embedded store has no change versions. */
export async function rebuildSearchIndex(store: VehicleStore, indexer: SearchIndexWriter): Promise<number> {
  if (store instanceof MongoVehicleStore) return (await rebuildWithCatchUp(store, indexer)).documents;
  return indexer.fullSync(() => store.scan());
}

interface SyncState {
  _id: string;
  /** The change stream's position: after the last change sent, or a quiet stretch since. */
  resumeToken?: ResumeToken;
  /** Where the change stream starts after a full sync: a moment before its scan began. */
  startAtOperationTime?: Timestamp;
  /** When polling: every change up to this version has been sent. */
  syncedVersion?: number;
}

const SYNC_STATE = "search-sync";

/** Whether a sync knows where to carry on from, following a change stream or polling. */
export function hasSyncPosition(saved: Omit<SyncState, "_id"> | null, streaming: boolean): boolean {
  return streaming ? saved?.resumeToken != null || saved?.startAtOperationTime != null : saved?.syncedVersion !== undefined;
}

const CHANGE_STREAM_HISTORY_LOST = 286;
const CHANGE_STREAM_FATAL = 280;
const INVALID_RESUME_TOKEN = 260;

/** Why a failure calls for a full sync (and a fresh start), or undefined for any other failure. */
export function resyncReason(error: unknown): string | undefined {
  if (error instanceof SearchIndexNeedsFullSyncError) return error.message;
  if (!(error instanceof MongoServerError)) return undefined;
  if (error.code === CHANGE_STREAM_HISTORY_LOST) return "MongoDB's change history no longer reaches back to where this sync stopped";
  if (error.code === CHANGE_STREAM_FATAL || error.code === INVALID_RESUME_TOKEN) {
    return `MongoDB cannot resume the change stream where this sync stopped (${error.message})`;
  }
  return undefined;
}

export interface SyncTarget {
  db: Db;
  store: MongoVehicleStore;
  indexer: SearchIndexWriter;
  logger: Logger;
}

export interface FollowOptions extends SyncTarget {
  signal: AbortSignal;
  pollIntervalMs?: number;
  /** Poll for change versions even where a change stream could be followed (tests cover both ways on one server). */
  poll?: boolean;
}

const BURST_MS = 1000;
const BURST_SIZE = 1000;
const SAVE_POSITION_MS = 10_000;

/** Keeps the index in step until `signal` aborts. */
export async function followStock(options: FollowOptions): Promise<void> {
  const { db, indexer, logger, signal } = options;
  const state = db.collection<SyncState>(COLLECTIONS.state);
  const streaming = !options.poll && (await clusterTimeNow(db)) !== undefined;
  if (!streaming && !options.poll) logger.warn("MongoDB is not a replica set, so there are no change streams: polling for changes instead");
  const follow = streaming ? followChangeStream : pollForChanges;

  let resync: string | undefined = (await indexer.needsFullSync())
    ? "the search index is missing, empty or out of date"
    : hasSyncPosition(await state.findOne({ _id: SYNC_STATE }), streaming)
      ? undefined
      : "there is no record of where the last sync stopped";
  while (!signal.aborted) {
    try {
      if (resync) {
        logger.warn({ reason: resync }, "Rebuilding the search index from scratch");
        await rebuildAndRecordSyncPosition(options);
      }
      resync = await follow(options, state);
    } catch (error) {
      // A rebuild fails for the same reasons as following does (the index deleted under it).
      resync = resyncReason(error);
      if (resync === undefined) throw error;
    }
  }
}

/**
 * The cluster's time now. Only replica-set members and mongos keep a cluster clock, and only
 * they have change streams, so a standalone server answers undefined.
 */
async function clusterTimeNow(db: Db): Promise<Timestamp | undefined> {
  const { operationTime } = await db.command({ ping: 1 });
  return operationTime instanceof Timestamp ? operationTime : undefined;
}

/**
 * A full sync that records where it leaves the stock, for either way of following it, so
 * that a sync starting later carries on from there instead of rebuilding again. Returns
 * the documents indexed.
 */
export async function rebuildAndRecordSyncPosition({ db, store, indexer, logger }: SyncTarget): Promise<number> {
  // Taken before the scan, so the change stream replays every write made during it.
  const startAtOperationTime = await clusterTimeNow(db);
  const { documents, version } = await rebuildWithCatchUp(store, indexer);
  await db
    .collection<SyncState>(COLLECTIONS.state)
    .updateOne(
      { _id: SYNC_STATE },
      { $set: { syncedVersion: version, ...(startAtOperationTime && { startAtOperationTime }) }, $unset: { resumeToken: "" } },
      { upsert: true },
    );
  logger.info({ documents }, "Full sync of the search index done");
  return documents;
}

/** Follows the change stream until `signal` aborts (undefined) or a full sync is needed (why). */
async function followChangeStream(options: FollowOptions, state: Collection<SyncState>): Promise<string | undefined> {
  const { db, indexer, logger, signal } = options;
  const saved = await state.findOne({ _id: SYNC_STATE });
  const stream = db.collection<VehicleDocument>(COLLECTIONS.vehicles).watch([], {
    fullDocument: "updateLookup",
    // Each read waits at most this long, so a burst is sent once the stream goes quiet.
    maxAwaitTimeMS: BURST_MS,
    ...(saved?.resumeToken != null
      ? { resumeAfter: saved.resumeToken }
      : saved?.startAtOperationTime && { startAtOperationTime: saved.startAtOperationTime }),
  });
  const close = () => void stream.close();
  signal.addEventListener("abort", close, { once: true });
  logger.info("Following the stock's change stream");

  let positionSavedAt = Date.now();
  const savePosition = async () => {
    const resumeToken = stream.resumeToken;
    if (resumeToken == null) return;
    await state.updateOne({ _id: SYNC_STATE }, { $set: { resumeToken }, $unset: { startAtOperationTime: "" } }, { upsert: true });
    positionSavedAt = Date.now();
  };

  let burst: IndexChange[] = [];
  try {
    while (!signal.aborted) {
      const event = await stream.tryNext();
      const change = event ? indexChangeOf(event) : undefined;
      if (change?.kind === "resync") return change.reason;
      if (change) burst.push(change);
      if (burst.length > 0 && (!event || burst.length >= BURST_SIZE)) {
        const { upserted, removed } = await indexer.apply(foldChanges(burst));
        burst = [];
        await savePosition();
        logger.info({ upserted, removed }, "Search index updated");
      } else if (burst.length === 0 && Date.now() - positionSavedAt >= SAVE_POSITION_MS) {
        // The position moves on while nothing changes. Saved now and then, it lets a restart
        // resume from near where this stopped, not from the last change, which may be older
        // than the change history MongoDB keeps.
        await savePosition();
      }
    }
    return undefined;
  } catch (error) {
    if (signal.aborted) return undefined;
    throw error;
  } finally {
    signal.removeEventListener("abort", close);
    await stream.close();
  }
}

/** Polls for published change versions until `signal` aborts (undefined) or a full sync is needed (why). */
async function pollForChanges(options: FollowOptions, state: Collection<SyncState>): Promise<string | undefined> {
  const { store, indexer, logger, signal, pollIntervalMs = 5000 } = options;
  let synced = (await state.findOne({ _id: SYNC_STATE }))?.syncedVersion ?? 0;
  logger.info({ version: synced }, "Polling the stock for changes");
  while (!signal.aborted) {
    const step = pollStep(synced, await store.stockVersions());
    if (step.kind === "resync") return step.reason;
    if (step.kind === "read") {
      const { upserted, removed } = await indexer.apply(await store.changesAfter(step.after, step.upTo));
      await state.updateOne({ _id: SYNC_STATE }, { $set: { syncedVersion: step.upTo } }, { upsert: true });
      synced = step.upTo;
      if (upserted + removed > 0) logger.info({ upserted, removed, version: synced }, "Search index updated");
    }
    await sleep(pollIntervalMs, undefined, { signal }).catch(() => undefined);
  }
  return undefined;
}
