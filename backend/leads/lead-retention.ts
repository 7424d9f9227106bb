import { isEngineOutage } from "../engine-health";
import type { Logger } from "../logger";
import { LEAD_HANDLING, type RetentionSettings } from "./lead-handling";
import type { LeadStore } from "./lead-store";

const DAY_MS = 24 * 60 * 60_000;
const SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * Personal data is kept no longer than it is needed (UK GDPR's storage limitation): each
 * kind of lead, forwarded or not, is deleted once older than its kind's retention period
 * (FINANCE_RETENTION_DAYS and the rest). Each site instance sweeps at start and then hourly;
 * a sweep deletes by age, so two instances sweeping at once do no harm.
 */
export class LeadRetention {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> | undefined;

  constructor(
    private readonly store: Pick<LeadStore, "deleteReceivedBefore">,
    private readonly settings: RetentionSettings,
    private readonly logger: Pick<Logger, "info" | "error">,
  ) {}

  /** Deletes the leads received more than their kind's retention period before `now`; resolves to how many went. */
  async sweep(now = new Date()): Promise<number> {
    let total = 0;
    for (const kind of Object.values(LEAD_HANDLING)) {
      const retentionDays = kind.retentionDays(this.settings);
      const deleted = await this.store.deleteReceivedBefore(kind.name, new Date(now.getTime() - retentionDays * DAY_MS));
      if (deleted > 0) this.logger.info({ kind: kind.name, deleted, retentionDays }, "Deleted leads past their retention period");
      total += deleted;
    }
    return total;
  }

  /** Sweeps now and every hour after; a failed sweep is logged and tried again at the next. */
  start(intervalMs = SWEEP_INTERVAL_MS): void {
    const sweepInBackground = () => {
      this.sweeping ??= this.sweep()
        .catch((error: unknown) => {
          // A store outage is logged once by EngineHealth; the next sweep catches up.
          if (!isEngineOutage(error)) this.logger.error({ err: error }, "Deleting old leads failed");
        })
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
