import type { Db } from "mongodb";
import { MemoryHeldBoard, MongoHeldBoard, type HeldBoard } from "./held-board";

/** A rebuild of the search index from the stock console (search-index-console.ts), as the board keeps it. */
export interface RebuildState {
  id: string;
  by: string;
  startedAt: Date;
  finishedAt?: Date;
  documents?: number;
  failure?: string;
  /** Until when it holds the console, refusing another rebuild: moved on every few seconds by the instance running it, and past once it ends. */
  heldUntil: Date;
}

/**
 * Where the stock console's latest rebuild of the search index is kept, so that whichever
 * instance a stock manager's browser reaches shows it running and how it ended, and refuses
 * a second meanwhile (held-board.ts).
 */
export type RebuildBoard = HeldBoard<RebuildState>;

export class MemoryRebuildBoard extends MemoryHeldBoard<RebuildState> {}

/** The latest rebuild in the collection `search_index_rebuilds`, one document every instance reads and writes. */
export class MongoRebuildBoard extends MongoHeldBoard<RebuildState> {
  constructor(db: Db) {
    super(db, "search_index_rebuilds", "rebuild");
  }
}
