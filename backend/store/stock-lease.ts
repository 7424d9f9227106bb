import { hostname } from "node:os";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { MongoServerError, type Collection, type Db } from "mongodb";
import type { Logger } from "../logger";
import { serverTime } from "./server-clock";
import { StockBusyError } from "./vehicle-store";

/** The lease ran out and may have been taken over while its work went on; the work was stopped. */
export class StockLeaseLostError extends Error {
  constructor(readonly owner: string) {
    super(
      `The stock's lease ran out while ${owner} was changing the stock (the process stalled or lost MongoDB for minutes), ` +
        "so another process may have been changing it too. The change was stopped part-way: run it again",
    );
  }
}

/** What work done under the lease can ask of it. */
export interface HeldLease {
  /** Aborted, with StockLeaseLostError, as soon as the lease is known to be lost. */
  signal: AbortSignal;
  /** Asks the server whether the lease is still held, and throws StockLeaseLostError if not: call it before each write. */
  confirm(): Promise<void>;
}

export interface LeaseDocument {
  _id: string;
  owner: string;
  expiresAt: Date;
}

const LEASE = "import-lease";
const DUPLICATE_KEY = 11000;
const RETRY_TAKE_MS = 250;

/**
 * One lease on the stock, kept in MongoDB, so that changes from any machine never
 * interleave. Expiry is reckoned by the server's clock alone, as clients' clocks disagree.
 * Its holder renews it while the work runs; if the holder stalls past the expiry, another
 * process may take it, and the stalled work stops at its next write rather than write
 * beside the new holder.
 */
export class StockLease {
  private readonly leases: Collection<LeaseDocument>;

  constructor(
    private readonly db: Db,
    collection: string,
    private readonly logger: Pick<Logger, "warn" | "error"> | undefined,
    private readonly durationMs: number,
  ) {
    this.leases = db.collection<LeaseDocument>(collection);
  }

  async hold<T>(work: (lease: HeldLease) => Promise<T>, { waitMs }: { waitMs: number }): Promise<T> {
    const owner = leaseOwner();
    await this.take(owner, waitMs);
    const lost = new AbortController();
    const markLost = () => {
      if (lost.signal.aborted) return;
      lost.abort(new StockLeaseLostError(owner));
      this.logger?.error({ owner }, "Lost the stock lease: the change under way is stopped");
    };
    const confirm = async () => {
      lost.signal.throwIfAborted();
      if (!(await this.isHeld(owner))) markLost();
      lost.signal.throwIfAborted();
    };
    const renew = setInterval(() => {
      this.extend(owner).then(
        (held) => {
          if (held) return;
          clearInterval(renew);
          markLost();
        },
        (error: unknown) => this.logger?.warn({ err: error }, "Could not renew the stock lease; trying again"),
      );
    }, this.durationMs / 3).unref();
    try {
      const result = await work({ signal: lost.signal, confirm });
      // Work that outlived its lease may have interleaved with another holder's.
      await confirm();
      return result;
    } finally {
      clearInterval(renew);
      // A failed release must not hide how the work ended; the lease runs out by itself.
      await this.leases
        .deleteOne({ _id: LEASE, owner })
        .catch((error: unknown) => this.logger?.warn({ err: error }, "Could not release the stock lease; it runs out by itself"));
    }
  }

  private async take(owner: string, waitMs: number): Promise<void> {
    const started = performance.now();
    for (;;) {
      const now = await serverTime(this.db);
      if (await takeLease(this.leases, LEASE, owner, now, this.expiryFrom(now))) return;
      if (performance.now() - started >= waitMs) {
        const holder = await this.leases.findOne({ _id: LEASE });
        throw new StockBusyError(holder?.owner ?? "another process", holder?.expiresAt);
      }
      await sleep(RETRY_TAKE_MS);
    }
  }

  /** Renews the lease if it is still this owner's and has not run out. */
  private async extend(owner: string): Promise<boolean> {
    const now = await serverTime(this.db);
    const { matchedCount } = await this.leases.updateOne(
      { _id: LEASE, owner, expiresAt: { $gt: now } },
      { $set: { expiresAt: this.expiryFrom(now) } },
    );
    return matchedCount > 0;
  }

  private async isHeld(owner: string): Promise<boolean> {
    const now = await serverTime(this.db);
    return (await this.leases.findOne({ _id: LEASE, owner, expiresAt: { $gt: now } }, { projection: { _id: 1 } })) !== null;
  }

  private expiryFrom(now: Date): Date {
    return new Date(now.getTime() + this.durationMs);
  }
}

/** A name for a lease's holder, unique to this process and call, that says which machine and process hold it. */
export const leaseOwner = () => `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;

/**
 * Takes the lease `id` for `owner` until `expiresAt`, if nobody else holds it at `now` (the
 * server's time): false when another holds it. One document per lease, so two processes
 * asking at once cannot both take it.
 */
export async function takeLease(
  leases: Collection<LeaseDocument>,
  id: string,
  owner: string,
  now: Date,
  expiresAt: Date,
): Promise<boolean> {
  try {
    await leases.updateOne({ _id: id, $or: [{ expiresAt: { $lt: now } }, { owner }] }, { $set: { owner, expiresAt } }, { upsert: true });
    return true;
  } catch (error) {
    // The filter missed a live lease, so the upsert tried to create a second one.
    if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
    return false;
  }
}
