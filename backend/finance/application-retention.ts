import type { Logger } from "../logger";
import type { ApplicationStore } from "./application-store";

const DAY_MS = 24 * 60 * 60_000;
const SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * Personal data is kept no longer than it is needed (UK GDPR's storage limitation): every
 * application, forwarded or not, is deleted FINANCE_RETENTION_DAYS after it was received.
 * Each site instance sweeps at start and then hourly; a sweep deletes by age, so two
 * instances sweeping at once do no harm.
 */
export class ApplicationRetention {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> | undefined;

  constructor(
    private readonly store: ApplicationStore,
    private readonly retentionDays: number,
    private readonly logger: Pick<Logger, "info" | "error">,
  ) {}

  /** Deletes the applications received more than the retention period before `now`. */
  async sweep(now = new Date()): Promise<number> {
    const deleted = await this.store.deleteReceivedBefore(new Date(now.getTime() - this.retentionDays * DAY_MS));
    if (deleted > 0) this.logger.info({ deleted, retentionDays: this.retentionDays }, "Deleted finance applications past their retention period");
    return deleted;
  }

  /** Sweeps now and every hour after; a failed sweep is logged and tried again at the next. */
  start(intervalMs = SWEEP_INTERVAL_MS): void {
    const sweepInBackground = () => {
      this.sweeping ??= this.sweep()
        .catch((error: unknown) => this.logger.error({ err: error }, "Deleting old finance applications failed"))
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
