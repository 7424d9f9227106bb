import type { Collection, Db } from "mongodb";
import { serverTime } from "../store/server-clock";
import { leaseOwner, takeLease, type LeaseDocument } from "../store/stock-lease";

/** How one fetch of the scheduled feed went. */
export interface FeedRun {
  at: Date;
  ok: boolean;
  message: string;
}

/**
 * Whose turn it is to fetch the scheduled feed, and how its last run went. Every instance of
 * the site keeps the schedule; each time its timer comes round it asks for the turn, and only
 * one instance a period gets it: in this process on the embedded default (its only process),
 * through a lease in MongoDB with it, the same kind of lease the stock's changes take
 * (stock-lease.ts), taken for the period and left to run out.
 */
export interface FeedTurns {
  /** Takes this period's run for this instance: false when another has taken it. */
  claim(periodMs: number): Promise<boolean>;
  /** The last run, by whichever instance. */
  lastRun(): Promise<FeedRun | undefined>;
  record(run: FeedRun): Promise<void>;
}

export class MemoryFeedTurns implements FeedTurns {
  private last: FeedRun | undefined;

  async claim(): Promise<boolean> {
    return true;
  }

  async lastRun(): Promise<FeedRun | undefined> {
    return this.last && { ...this.last };
  }

  async record(run: FeedRun): Promise<void> {
    this.last = { ...run };
  }
}

interface FeedDocument extends LeaseDocument {
  lastRun?: FeedRun;
}

const TURN = "scheduled-feed";

/** The turn in the collection `scheduled_feed`: one document, its lease and the last run. */
export class MongoFeedTurns implements FeedTurns {
  private readonly turns: Collection<FeedDocument>;
  private readonly owner = leaseOwner();

  constructor(private readonly db: Db) {
    this.turns = db.collection<FeedDocument>("scheduled_feed");
  }

  async setUp(): Promise<void> {}

  async claim(periodMs: number): Promise<boolean> {
    // Reckoned by the server's clock alone, as the instances' clocks disagree.
    const now = await serverTime(this.db);
    return takeLease(this.turns as unknown as Collection<LeaseDocument>, TURN, this.owner, now, new Date(now.getTime() + periodMs));
  }

  async lastRun(): Promise<FeedRun | undefined> {
    return (await this.turns.findOne({ _id: TURN }, { projection: { lastRun: 1 } }))?.lastRun;
  }

  async record(run: FeedRun): Promise<void> {
    await this.turns.updateOne({ _id: TURN }, { $set: { lastRun: run } });
  }
}
