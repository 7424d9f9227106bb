import { eventLoopTurns } from "../event-loop-turns";
import { stampRecord } from "./stamp-record";
import { staffMarksOf, type StockChange, type StockChangeResult, type VehicleStore } from "./vehicle-store";

const BATCH = 1000;

/**
 * What `applyChange` would do with this change, worked out by reading the store and writing
 * nothing: each record is stamped against the stored version exactly as the stores stamp
 * it, and a "replace" lists the vehicles it would remove. The mass-removal limit is left to
 * the caller to compare with, so that a preview can say what the guard would refuse. It lets
 * other work in as it goes, as the stamping of a large feed takes seconds.
 */
export async function previewStockChange(store: VehicleStore, change: StockChange, now = new Date()): Promise<StockChangeResult> {
  const result: StockChangeResult = { added: 0, updated: 0, unchanged: 0, removed: 0, changedIds: [], removedIds: [] };
  const takeTurn = eventLoopTurns();
  for (let start = 0; start < change.records.length; start += BATCH) {
    const batch = change.records.slice(start, start + BATCH);
    const stored = await store.storedVersions(batch.map(({ id }) => id));
    for (const { id, record } of batch) {
      const stamped = stampRecord(id, record, stored.get(id), now, staffMarksOf(change, id));
      result[stamped.change]++;
      if (stamped.change !== "unchanged") result.changedIds.push(id);
      await takeTurn();
    }
  }
  if (change.mode === "replace") {
    const present = new Set([...change.records.map(({ id }) => id), ...(change.keepIds ?? [])]);
    for await (const { _id } of store.scan()) if (!present.has(_id)) result.removedIds.push(_id);
  }
  const listed = new Set(result.removedIds);
  const stored = change.removeIds?.length ? await store.storedVersions(change.removeIds) : new Map();
  result.removedIds.push(...[...stored.keys()].filter((id) => !listed.has(id)));
  result.removed = result.removedIds.length;
  return result;
}
