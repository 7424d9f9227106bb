import type { Collection, Db } from "mongodb";
import type { Logger } from "../logger";
import { serverTime } from "../store/server-clock";
import { leaseOwner, takeLease, type LeaseDocument } from "../store/stock-lease";

/**
 * Which instance runs the feed pictures' round (backend/stock/feed-pictures.ts): each one hears of every
 * stock change, and one round fetches the pictures for all of them. In this process on the
 * embedded default (its only process); through a lease in MongoDB with it, the kind the
 * stock's changes and the scheduled feed take (stock-lease.ts), renewed while the round runs
 * and released at its end, so the instance that hears of the next change first runs the next.
 */
export interface PictureRounds {
  /** Runs `round` unless another instance is running one (false: it was not run). */
  runAlone(round: () => Promise<void>): Promise<boolean>;
}

export class MemoryPictureRounds implements PictureRounds {
  async runAlone(round: () => Promise<void>): Promise<boolean> {
    await round();
    return true;
  }
}

const ROUND = "feed-pictures";
/** A round fetching pictures renews its lease every third of this; one whose instance died is taken over after it. */
const LEASE_MS = 60_000;

/** The lease in the collection `feed_pictures`: one document, held by the instance running a round. */
export class MongoPictureRounds implements PictureRounds {
  private readonly leases: Collection<LeaseDocument>;
  private readonly owner = leaseOwner();

  constructor(
    private readonly db: Db,
    private readonly logger?: Pick<Logger, "warn">,
    private readonly leaseMs = LEASE_MS,
  ) {
    this.leases = db.collection<LeaseDocument>("feed_pictures");
  }

  async setUp(): Promise<void> {}

  async runAlone(round: () => Promise<void>): Promise<boolean> {
    if (!(await this.take())) return false;
    // A renewal that fails lets another instance fetch the same pictures too, which only repeats work: the round goes on.
    const renew = setInterval(() => {
      this.take().catch((error: unknown) => this.logger?.warn({ err: error }, "Could not renew the feed pictures' lease"));
    }, this.leaseMs / 3).unref();
    try {
      await round();
      return true;
    } finally {
      clearInterval(renew);
      await this.leases
        .deleteOne({ _id: ROUND, owner: this.owner })
        .catch((error: unknown) => this.logger?.warn({ err: error }, "Could not release the feed pictures' lease; it runs out by itself"));
    }
  }

  private async take(): Promise<boolean> {
    // Reckoned by the server's clock alone, as the instances' clocks disagree.
    const now = await serverTime(this.db);
    return takeLease(this.leases, ROUND, this.owner, now, new Date(now.getTime() + this.leaseMs));
  }
}
