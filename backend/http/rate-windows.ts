import { MongoServerError, type Collection, type Db } from "mongodb";

/** A client's window: how many POSTs it has made in it, and when it ends. */
export interface RateWindow {
  count: number;
  endsAt: number;
}

/**
 * Where the POST rate limit counts (rate-limit.ts). Each count opens a window of `windowMs`
 * for a client that has none running; the window ends by its stored time, and a sweep drops
 * ended ones now and then. In this process on the embedded default (its only process); in
 * MongoDB with it, so that every instance behind a load balancer counts against one window.
 */
export interface RateWindows {
  /** Counts one POST of `client` at `now`, and answers its window with that POST counted. */
  count(client: string, now: number, windowMs: number): Promise<RateWindow>;
  /** Drops windows that ended before `now`. */
  sweep(now: number): Promise<void>;
}

export class MemoryRateWindows implements RateWindows {
  private readonly windows = new Map<string, RateWindow>();

  async count(client: string, now: number, windowMs: number): Promise<RateWindow> {
    let window = this.windows.get(client);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(client, window);
    }
    window.count++;
    return { ...window };
  }

  async sweep(now: number): Promise<void> {
    for (const [client, window] of this.windows) if (window.endsAt <= now) this.windows.delete(client);
  }
}

interface WindowDocument {
  _id: string;
  count: number;
  endsAt: Date;
}

const DUPLICATE_KEY = 11000;

/**
 * The windows in the collection `rate_windows`, one document per client address. Expiry is
 * by the stored `endsAt` and the sweep (FerretDB has no TTL indexes). Times are the
 * instances' own clocks: a window is minutes long, and clocks a second apart change nothing.
 */
export class MongoRateWindows implements RateWindows {
  private readonly windows: Collection<WindowDocument>;

  constructor(db: Db) {
    this.windows = db.collection<WindowDocument>("rate_windows");
  }

  async setUp(): Promise<void> {
    await this.windows.createIndex({ endsAt: 1 });
  }

  async count(client: string, now: number, windowMs: number): Promise<RateWindow> {
    for (;;) {
      // A running window counts one more; only when there is none is a new one opened.
      const running = await this.windows.findOneAndUpdate(
        { _id: client, endsAt: { $gt: new Date(now) } },
        { $inc: { count: 1 } },
        { returnDocument: "after" },
      );
      if (running) return { count: running.count, endsAt: running.endsAt.getTime() };
      const opened = { count: 1, endsAt: new Date(now + windowMs) };
      try {
        await this.windows.updateOne({ _id: client, endsAt: { $lte: new Date(now) } }, { $set: opened }, { upsert: true });
        return { count: 1, endsAt: opened.endsAt.getTime() };
      } catch (error) {
        // Another instance opened the client's window meanwhile: count in that one.
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      }
    }
  }

  async sweep(now: number): Promise<void> {
    await this.windows.deleteMany({ endsAt: { $lte: new Date(now) } });
  }
}
