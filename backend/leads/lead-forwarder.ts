import { isEngineOutage } from "../engine-health";
import type { Logger } from "../logger";
import { LEAD_KINDS } from "./lead-kinds";
import type { LeadOutbox, StoredLead } from "./lead-store";

export interface ForwardingTiming {
  /** How often to look for leads due a first send or a retry. */
  pollIntervalMs: number;
  /** The wait after a first failed send; it doubles with each failure, with jitter, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  requestTimeoutMs: number;
}

export const DEFAULT_FORWARDING_TIMING: ForwardingTiming = {
  pollIntervalMs: 5_000,
  retryBaseMs: 10_000,
  retryMaxMs: 60 * 60_000,
  requestTimeoutMs: 15_000,
};

/**
 * The outbox: sends stored leads of every forwarded kind to the lead-tracking service
 * (LEAD_WEBHOOK_URL) after the visitor has had their answer, and keeps trying, each lead on
 * its own exponential schedule, until the service answers 2xx. Only then is a lead marked
 * forwarded, so a service that is down receives it later. Delivery is at least once: the
 * lead's id goes in an Idempotency-Key header so the service can drop the copy it gets if
 * this process dies between its 2xx and the mark.
 */
export class LeadForwarder {
  private poller: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;
  private sweepAgain = false;
  private readonly stopping = new AbortController();

  constructor(
    private readonly store: LeadOutbox,
    private readonly webhookUrl: string,
    private readonly logger: Pick<Logger, "info" | "warn" | "error">,
    private readonly timing: ForwardingTiming = DEFAULT_FORWARDING_TIMING,
    private readonly random: () => number = Math.random,
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
        if (!isEngineOutage(error)) this.logger.error({ err: error }, "Forwarding leads failed");
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
      const due = await this.store.claimNextDue(new Date(), leaseMs);
      if (!due) return;
      // After one failure the service is most likely down for the rest too: they wait for
      // the next poll instead of each timing out in turn now.
      if (!(await this.forward(due))) return;
    }
  }

  private async forward(lead: StoredLead): Promise<boolean> {
    const { id, kind } = lead;
    const { label } = LEAD_KINDS[kind];
    const attempt = lead.forwardAttempts + 1;
    let failure: { status: number } | { reason: string };
    try {
      const response = await fetch(this.webhookUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": id },
        body: JSON.stringify(bodyOf(lead)),
        // A redirected POST would arrive as a GET without the lead.
        redirect: "manual",
        signal: AbortSignal.any([this.stopping.signal, AbortSignal.timeout(this.timing.requestTimeoutMs)]),
      });
      await response.body?.cancel();
      if (response.ok) {
        await this.store.markForwarded(id, new Date());
        this.logger.info({ leadId: id, kind, attempt }, `${label} forwarded`);
        return true;
      }
      failure = { status: response.status };
    } catch (error) {
      failure = { reason: failureReason(error) };
    }
    const delayMs = backoffDelayMs(attempt, this.timing, this.random());
    await this.store.markForwardFailed(id, new Date(Date.now() + delayMs), { at: new Date(), ...failure });
    // A refusal (wrong address, rejected key) will not cure itself: someone has to look.
    const refused = "status" in failure && failure.status !== 429 && failure.status < 500;
    this.logger[refused ? "error" : "warn"](
      { leadId: id, kind, attempt, ...failure, retryInSeconds: Math.ceil(delayMs / 1000) },
      `${label} not forwarded yet; will retry`,
    );
    return false;
  }
}

/** Half the ceiling plus a random part of the other half, so instances do not retry in step. */
export function backoffDelayMs(attempt: number, { retryBaseMs, retryMaxMs }: ForwardingTiming, random: number): number {
  const ceiling = Math.min(retryMaxMs, retryBaseMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random * ceiling) / 2);
}

/** What the lead-tracking service is sent: the lead as its kind forwards it, marked with its kind and reference. */
function bodyOf({ kind, reference, receivedAt, data }: StoredLead): Record<string, unknown> {
  const forwarded = LEAD_KINDS[kind].forwarding?.bodyOf(data) ?? (data as Record<string, unknown>);
  return { leadType: kind, reference, receivedAt: receivedAt.toISOString(), ...forwarded };
}

/** A connection failure's code or the abort's name; never the message, which may hold the webhook's address. */
function failureReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  if (typeof cause?.code === "string") return cause.code;
  return error instanceof Error ? error.name : "unknown";
}
