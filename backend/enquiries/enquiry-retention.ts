import type { Logger } from "../logger";
import type { EnquiryStore } from "./enquiry-store";

const DAY_MS = 24 * 60 * 60_000;
const SWEEP_INTERVAL_MS = 60 * 60_000;

/** One kind's records and how long they are kept. */
export interface RetainedKind {
  /** "newsletter sign-ups": how the log names them. */
  name: string;
  store: Pick<EnquiryStore<unknown>, "deleteReceivedBefore">;
  retentionDays: number;
}

/**
 * Personal data is kept no longer than it is needed (UK GDPR's storage limitation): each
 * kind's records are deleted once older than its retention period (NEWSLETTER_RETENTION_DAYS,
 * FEEDBACK_RETENTION_DAYS, PART_EXCHANGE_RETENTION_DAYS). Each site instance sweeps at start
 * and then hourly; a sweep deletes by age, so two instances sweeping at once do no harm.
 */
export class EnquiryRetention {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> | undefined;

  constructor(
    private readonly kinds: readonly RetainedKind[],
    private readonly logger: Pick<Logger, "info" | "error">,
  ) {}

  /** Deletes the records received more than their kind's retention period before `now`; resolves to how many went. */
  async sweep(now = new Date()): Promise<number> {
    let total = 0;
    for (const { name, store, retentionDays } of this.kinds) {
      const deleted = await store.deleteReceivedBefore(new Date(now.getTime() - retentionDays * DAY_MS));
      if (deleted > 0) this.logger.info({ deleted, retentionDays }, `Deleted ${name} past their retention period`);
      total += deleted;
    }
    return total;
  }

  /** Sweeps now and every hour after; a failed sweep is logged and tried again at the next. */
  start(intervalMs = SWEEP_INTERVAL_MS): void {
    const sweepInBackground = () => {
      this.sweeping ??= this.sweep()
        .catch((error: unknown) => this.logger.error({ err: error }, "Deleting old enquiries failed"))
        .finally(() => (this.sweeping = undefined));
    };
    sweepInBackground();
    this.timer = setInterval(sweepInBackground, intervalMs).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }
}
