import { MongoServerError, type Collection, type Db, type Filter } from "mongodb";

/**
 * The latest of one kind of the stock console's background work (an import, a rebuild of the
 * search index), kept where whichever instance a stock manager's browser reaches reads it: in
 * this process on the embedded default (its only process), in MongoDB with it. The work holds
 * the console until its `heldUntil`, which the instance running it moves on while it works,
 * so work whose instance died stops holding it within seconds, by stored time alone.
 */
export interface HeldWork {
  id: string;
  heldUntil: Date;
}

export interface HeldBoard<T extends HeldWork> {
  latest(): Promise<T | undefined>;
  /** Makes `work` the latest unless the latest holds the console at `now`; answers that one if it does. */
  take(work: T, now: Date): Promise<T | undefined>;
  /** Saves the latest work as it stands, unless other work has taken its place. */
  save(work: T): Promise<void>;
}

export class MemoryHeldBoard<T extends HeldWork> implements HeldBoard<T> {
  protected work: T | undefined;

  async latest(): Promise<T | undefined> {
    return this.work && structuredClone(this.work);
  }

  async take(work: T, now: Date): Promise<T | undefined> {
    if (this.work && this.work.heldUntil > now) return structuredClone(this.work);
    this.work = structuredClone(work);
    return undefined;
  }

  async save(work: T): Promise<void> {
    if (this.work?.id === work.id) this.work = structuredClone(work);
  }
}

const DUPLICATE_KEY = 11000;

/** The one document, holding the work under the board's field. */
interface BoardDocument {
  _id: string;
  [field: string]: unknown;
}

/** The latest work in one document (`_id` "latest") of `collection`, under `field`, that every instance reads and writes. */
export class MongoHeldBoard<T extends HeldWork> implements HeldBoard<T> {
  protected readonly board: Collection<BoardDocument>;

  constructor(
    db: Db,
    collection: string,
    protected readonly field: string,
    /** What is stored of the work (kept well inside MongoDB's 16 MB a document). */
    protected readonly stored: (work: T) => T = (work) => work,
  ) {
    this.board = db.collection<BoardDocument>(collection);
  }

  async setUp(): Promise<void> {}

  async latest(): Promise<T | undefined> {
    return (await this.board.findOne({ _id: "latest" }))?.[this.field] as T | undefined;
  }

  async take(work: T, now: Date): Promise<T | undefined> {
    try {
      await this.board.updateOne(
        { _id: "latest", [`${this.field}.heldUntil`]: { $lte: now } },
        { $set: { [this.field]: this.stored(work) } },
        { upsert: true },
      );
      return undefined;
    } catch (error) {
      // The filter missed work that holds the console, so the upsert tried to add a second document.
      if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      return (await this.latest()) ?? work;
    }
  }

  async save(work: T): Promise<void> {
    await this.saveWhere(work, {});
  }

  /** Saves `work` if the latest is still it and also matches `where` (fields of the work): false if not. */
  protected async saveWhere(work: T, where: Record<string, unknown>): Promise<boolean> {
    const filter: Filter<BoardDocument> = { _id: "latest", [`${this.field}.id`]: work.id };
    for (const [name, value] of Object.entries(where)) filter[`${this.field}.${name}`] = value;
    const { matchedCount } = await this.board.updateOne(filter, { $set: { [this.field]: this.stored(work) } });
    return matchedCount > 0;
  }
}
