import type { Collection, Db } from "mongodb";
import type { Logger } from "../logger";
import { serverTime } from "./server-clock";
import { leaseOwner, takeLease, type LeaseDocument } from "./stock-lease";

/**
 * Work every instance of the site hears of, run by one of them at a time (the feed pictures'
 * round, the alerts' round): in this process on the embedded default (its only process);
 * through a lease in MongoDB with it, the kind the stock's changes and the scheduled feed take
 * (stock-lease.ts), renewed while the round runs and released at its end, so the instance
 * that hears of the next change first runs the next.
 */
export interface LoneRounds {
  /** Runs `round` unless another instance is running one (false: it was not run). */
  runAlone(round: () => Promise<void>): Promise<boolean>;
}

export class MemoryLoneRounds implements LoneRounds {
  async runAlone(round: () => Promise<void>): Promise<boolean> {
    await round();
    return true;
  }
}

/** A round renews its lease every third of this; one whose instance died is taken over after it. */
const LEASE_MS = 60_000;

/** The lease in a collection of its own: one document, held by the instance running a round. */
export class MongoLoneRounds implements LoneRounds {
  private readonly leases: Collection<LeaseDocument>;
  private readonly owner = leaseOwner();

  constructor(
    private readonly db: Db,
    collection: string,
    /** The round's name, its lease document's id and what the log calls it: "feed-pictures". */
    private readonly name: string,
    private readonly logger?: Pick<Logger, "warn">,
    private readonly leaseMs = LEASE_MS,
  ) {
    this.leases = db.collection<LeaseDocument>(collection);
  }

  async setUp(): Promise<void> {}

  async runAlone(round: () => Promise<void>): Promise<boolean> {
    if (!(await this.take())) return false;
    // A renewal that fails lets another instance run a round too, which at worst repeats work: the round goes on.
    const renew = setInterval(() => {
      this.take().catch((error: unknown) => this.logger?.warn({ err: error }, `Could not renew the lease of the ${this.name} round`));
    }, this.leaseMs / 3).unref();
    try {
      await round();
      return true;
    } finally {
      clearInterval(renew);
      await this.leases
        .deleteOne({ _id: this.name, owner: this.owner })
        .catch((error: unknown) =>
          this.logger?.warn({ err: error }, `Could not release the lease of the ${this.name} round; it runs out by itself`),
        );
    }
  }

  private async take(): Promise<boolean> {
    // Reckoned by the server's clock alone, as the instances' clocks disagree.
    const now = await serverTime(this.db);
    return takeLease(this.leases, this.name, this.owner, now, new Date(now.getTime() + this.leaseMs));
  }
}
