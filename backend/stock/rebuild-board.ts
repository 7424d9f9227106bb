import type { Db } from "mongodb";
import { MemoryHeldBoard, MongoHeldBoard, type HeldBoard } from "./held-board";
import type { RebuildState } from "./search-index-console";

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
