import { isEngineOutage } from "./engine-health";
import type { Logger } from "./logger";

export interface OutboxTiming {
  /** How often to look for items due a first send or a retry. */
  pollIntervalMs: number;
  /** The wait after a first failed send; it doubles with each failure, with jitter, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  requestTimeoutMs: number;
}

export const DEFAULT_OUTBOX_TIMING: OutboxTiming = {
  pollIntervalMs: 5_000,
  retryBaseMs: 10_000,
  retryMaxMs: 60 * 60_000,
  requestTimeoutMs: 15_000,
};

/** Half the ceiling plus a random part of the other half, so instances do not retry in step. */
export function backoffDelayMs(attempt: number, { retryBaseMs, retryMaxMs }: OutboxTiming, random: number): number {
  const ceiling = Math.min(retryMaxMs, retryBaseMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random * ceiling) / 2);
}

/** What waits in an outbox: how many items are not yet delivered, and since when the oldest has waited. */
export interface OutboxBacklog {
  waiting: number;
  oldest?: Date;
}

/** For an outbox kept in one process's memory: its entries still to send (those with a next try), and the oldest's time of arrival. */
export function backlogOf<T extends { nextAttemptAt?: number }>(entries: Iterable<T>, arrivedAt: (entry: T) => number): OutboxBacklog {
  let waiting = 0;
  let oldest = Infinity;
  for (const entry of entries) {
    if (entry.nextAttemptAt === undefined) continue;
    waiting++;
    oldest = Math.min(oldest, arrivedAt(entry));
  }
  return waiting === 0 ? { waiting } : { waiting, oldest: new Date(oldest) };
}

/**
 * For an outbox kept in one process's memory (the embedded stores): the id of the entry whose
 * next try is the most overdue, its next try moved `leaseMs` on so no other sweep claims it.
 * The lease lives in memory only: after a restart everything unsent is due again.
 */
export function leaseEarliestDue(entries: ReadonlyMap<string, { nextAttemptAt?: number }>, now: Date, leaseMs: number): string | undefined {
  let dueId: string | undefined;
  let dueAt = now.getTime();
  for (const [id, { nextAttemptAt }] of entries) {
    if (nextAttemptAt !== undefined && nextAttemptAt <= dueAt) [dueId, dueAt] = [id, nextAttemptAt];
  }
  const entry = dueId === undefined ? undefined : entries.get(dueId);
  if (!entry) return undefined;
  entry.nextAttemptAt = now.getTime() + leaseMs;
  return dueId;
}

/** What a worker does with its outbox: claim the next item due, and send it. */
export interface OutboxSteps<T> {
  /** The item whose next try is the most overdue, held back from every other claimant for `leaseMs`. */
  claimNextDue(now: Date, leaseMs: number): Promise<T | undefined>;
  /** Sends it and records the outcome; false when it failed (the rest then wait for the next poll). */
  send(item: T, signal: AbortSignal): Promise<boolean>;
}

/**
 * The loop every outbox runs (leads to the lead-tracking service, mail to the SMTP server):
 * a poll, and a nudge when something new is stored, each sweeping what is due one item at a
 * time until one fails. Only one sweep runs at once; a nudge during one runs it again after.
 */
export class OutboxWorker<T> {
  private poller: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;
  private sweepAgain = false;
  private readonly stopping = new AbortController();

  constructor(
    private readonly steps: OutboxSteps<T>,
    private readonly timing: OutboxTiming,
    private readonly logger: Pick<Logger, "error">,
    /** What is logged when a sweep fails for a reason other than a store outage. */
    private readonly failureMessage: string,
  ) {}

  start(): void {
    this.poller = setInterval(() => this.nudge(), this.timing.pollIntervalMs).unref();
    this.nudge();
  }

  /** Sends what is due now; a sweep already under way runs once more when it ends. */
  nudge(): void {
    if (this.stopping.signal.aborted) return;
    if (this.sweeping) {
      this.sweepAgain = true;
      return;
    }
    this.sweeping = this.sweep()
      .catch((error: unknown) => {
        // A store outage is logged once by EngineHealth, not at every poll; the next poll tries again.
        if (!isEngineOutage(error)) this.logger.error({ err: error }, this.failureMessage);
      })
      .finally(() => {
        this.sweeping = undefined;
        if (this.sweepAgain) {
          this.sweepAgain = false;
          this.nudge();
        }
      });
  }

  /** Stops polling and cuts short a send under way (it is retried after the next start). */
  async stop(): Promise<void> {
    clearInterval(this.poller);
    this.stopping.abort();
    await this.sweeping;
  }

  private async sweep(): Promise<void> {
    // The claim outlasts a send that times out, so no other instance sends the same one meanwhile.
    const leaseMs = this.timing.requestTimeoutMs * 4;
    while (!this.stopping.signal.aborted) {
      const due = await this.steps.claimNextDue(new Date(), leaseMs);
      if (due === undefined) return;
      // After one failure the far end is most likely down for the rest too: they wait for
      // the next poll instead of each timing out in turn now.
      if (!(await this.steps.send(due, this.stopping.signal))) return;
    }
  }
}
