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

/**
 * A round asked for whenever there is new work (a stock change heard of), run alone
 * (LoneRounds) and one at a time: asked for while one runs, it runs once more after it, so
 * nothing asked for meanwhile waits for the next ask. A failure goes to `failed`; the next
 * ask runs the round again.
 */
export class AskedRounds {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly rounds: LoneRounds,
    private readonly round: () => Promise<void>,
    private readonly failed: (error: unknown) => void,
  ) {}

  /** Runs a round now, or one more after the round under way; resolves when that has run. */
  ask(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.rounds
      .runAlone(this.round)
      .then(() => undefined)
      .catch(this.failed)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          void this.ask();
        }
      });
    return this.running;
  }

  /** Resolves once no round is under way. */
  async settled(): Promise<void> {
    await this.running;
  }
}
