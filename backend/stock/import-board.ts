import { MongoServerError, type Collection, type Db } from "mongodb";
import type { RejectedRows } from "./import-feed";
import type { ImportJob } from "./stock-imports";

/**
 * Where the stock console's latest import is kept, so that whichever instance a stock
 * manager's browser reaches sees it and its progress: in this process on the embedded
 * default (its only process), in MongoDB with it. An import holds the console until its
 * `heldUntil`, which the instance running it moves on while it works: an import whose
 * instance died stops holding it within seconds, by stored time alone.
 */
export interface ImportBoard {
  latest(): Promise<ImportJob | undefined>;
  /** Makes `job` the latest import unless the latest holds the console at `now`; answers that one if it does. */
  take(job: ImportJob, now: Date): Promise<ImportJob | undefined>;
  /** Saves the latest import as it stands, unless another has taken its place. */
  save(job: ImportJob): Promise<void>;
  /** Saves `job` only if the latest import is still it, in phase `from`: false if it is not (another instance moved it on). */
  swap(job: ImportJob, from: ImportJob["phase"]): Promise<boolean>;
}

export class MemoryImportBoard implements ImportBoard {
  private job: ImportJob | undefined;

  async latest(): Promise<ImportJob | undefined> {
    return this.job && structuredClone(this.job);
  }

  async take(job: ImportJob, now: Date): Promise<ImportJob | undefined> {
    if (this.job && this.job.heldUntil > now) return structuredClone(this.job);
    this.job = structuredClone(job);
    return undefined;
  }

  async save(job: ImportJob): Promise<void> {
    if (this.job?.id === job.id) this.job = structuredClone(job);
  }

  async swap(job: ImportJob, from: ImportJob["phase"]): Promise<boolean> {
    if (this.job?.id !== job.id || this.job.phase !== from) return false;
    this.job = structuredClone(job);
    return true;
  }
}

interface BoardDocument {
  _id: "latest";
  job: ImportJob;
}

const DUPLICATE_KEY = 11000;
/**
 * Rejected rows kept with the shared import, each whole as the feed gave it, well inside
 * MongoDB's 16 MB a document: a feed rejecting more is listed (and downloaded) up to here.
 */
const MOST_SHARED_REJECTIONS = 2000;

/** The latest import in the collection `stock_imports`, one document every instance reads and writes. */
export class MongoImportBoard implements ImportBoard {
  private readonly board: Collection<BoardDocument>;

  constructor(db: Db) {
    this.board = db.collection<BoardDocument>("stock_imports");
  }

  async setUp(): Promise<void> {}

  async latest(): Promise<ImportJob | undefined> {
    return (await this.board.findOne({ _id: "latest" }))?.job;
  }

  async take(job: ImportJob, now: Date): Promise<ImportJob | undefined> {
    try {
      await this.board.updateOne({ _id: "latest", "job.heldUntil": { $lte: now } }, { $set: { job: shared(job) } }, { upsert: true });
      return undefined;
    } catch (error) {
      // The filter missed an import that holds the console, so the upsert tried to add a second document.
      if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      return (await this.latest()) ?? job;
    }
  }

  async save(job: ImportJob): Promise<void> {
    await this.board.updateOne({ _id: "latest", "job.id": job.id }, { $set: { job: shared(job) } });
  }

  async swap(job: ImportJob, from: ImportJob["phase"]): Promise<boolean> {
    const { matchedCount } = await this.board.updateOne(
      { _id: "latest", "job.id": job.id, "job.phase": from },
      { $set: { job: shared(job) } },
    );
    return matchedCount > 0;
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
