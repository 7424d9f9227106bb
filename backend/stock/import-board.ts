import type { Db } from "mongodb";
import { MemoryHeldBoard, MongoHeldBoard, type HeldBoard } from "./held-board";
import type { RejectedRows } from "./import-feed";
import type { ImportJob } from "./import-job";

/**
 * Where the stock console's latest import is kept, so that whichever instance a stock
 * manager's browser reaches sees it and its progress (held-board.ts): an import holds the
 * console until its `heldUntil`, and a preview taken by one instance may be confirmed
 * through another.
 */
export interface ImportBoard extends HeldBoard<ImportJob> {
  /** Saves `job` only if the latest import is still it, in phase `from`: false if it is not (another instance moved it on). */
  swap(job: ImportJob, from: ImportJob["phase"]): Promise<boolean>;
}

export class MemoryImportBoard extends MemoryHeldBoard<ImportJob> implements ImportBoard {
  async swap(job: ImportJob, from: ImportJob["phase"]): Promise<boolean> {
    if (this.work?.id !== job.id || this.work.phase !== from) return false;
    this.work = structuredClone(job);
    return true;
  }
}

/**
 * Rejected rows kept with the shared import, each whole as the feed gave it, well inside
 * MongoDB's 16 MB a document: a feed rejecting more is listed (and downloaded) up to here.
 */
const MOST_SHARED_REJECTIONS = 2000;

/** The latest import in the collection `stock_imports`, one document every instance reads and writes. */
export class MongoImportBoard extends MongoHeldBoard<ImportJob> implements ImportBoard {
  constructor(db: Db) {
    super(db, "stock_imports", "job", shared);
  }

  swap(job: ImportJob, from: ImportJob["phase"]): Promise<boolean> {
    return this.saveWhere(job, { phase: from });
  }
}

function shared(job: ImportJob): ImportJob {
  const cut = <T extends RejectedRows>(rows: T | undefined) =>
    rows && { ...rows, rejected: rows.rejected.slice(0, MOST_SHARED_REJECTIONS) };
  const copy: ImportJob = { ...job, preview: cut(job.preview), result: cut(job.result), rejected: cut(job.rejected) };
  // A field set to undefined would be stored as null.
  for (const key of ["preview", "result", "rejected"] as const) if (copy[key] === undefined) delete copy[key];
  return copy;
}
