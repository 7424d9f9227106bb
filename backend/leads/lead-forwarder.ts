import type { Logger } from "../logger";
import { backoffDelayMs, DEFAULT_OUTBOX_TIMING, OutboxWorker, type OutboxTiming } from "../outbox-worker";
import { LEAD_HANDLING } from "./lead-handling";
import type { LeadOutbox, StoredLead } from "./lead-store";

/** How often and how patiently leads are forwarded. */
export type ForwardingTiming = OutboxTiming;

export const DEFAULT_FORWARDING_TIMING: ForwardingTiming = DEFAULT_OUTBOX_TIMING;

/**
 * The outbox: sends stored leads of every forwarded kind to the lead-tracking service
 * (LEAD_WEBHOOK_URL) after the visitor has had their answer, and keeps trying, each lead on
 * its own exponential schedule, until the service answers 2xx. Only then is a lead marked
 * forwarded, so a service that is down receives it later. Delivery is at least once: the
 * lead's id goes in an Idempotency-Key header so the service can drop the copy it gets if
 * this process dies between its 2xx and the mark.
 */
export class LeadForwarder {
  private readonly worker: OutboxWorker<StoredLead>;

  constructor(
    private readonly store: LeadOutbox,
    private readonly webhookUrl: string,
    private readonly logger: Pick<Logger, "info" | "warn" | "error">,
    private readonly timing: ForwardingTiming = DEFAULT_FORWARDING_TIMING,
    private readonly random: () => number = Math.random,
  ) {
    this.worker = new OutboxWorker(
      { claimNextDue: (now, leaseMs) => store.claimNextDue(now, leaseMs), send: (lead, signal) => this.forward(lead, signal) },
      timing,
      logger,
      "Forwarding leads failed",
    );
  }

  start(): void {
    this.worker.start();
  }

  /** Sends what is due now; a sweep already under way runs once more when it ends. */
  nudge(): void {
    this.worker.nudge();
  }

  /** Stops polling and cuts short a send under way (it is retried after the next start). */
  stop(): Promise<void> {
    return this.worker.stop();
  }

  private async forward(lead: StoredLead, stopping: AbortSignal): Promise<boolean> {
    const { id, kind } = lead;
    const { label } = LEAD_HANDLING[kind];
    const attempt = lead.forwardAttempts + 1;
    let failure: { status: number } | { reason: string };
    try {
      const response = await fetch(this.webhookUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": id },
        body: JSON.stringify(bodyOf(lead)),
        // A redirected POST would arrive as a GET without the lead.
        redirect: "manual",
        signal: AbortSignal.any([stopping, AbortSignal.timeout(this.timing.requestTimeoutMs)]),
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

/** What the lead-tracking service is sent: the lead as its kind forwards it, marked with its kind and reference. */
function bodyOf({ kind, reference, receivedAt, data }: StoredLead): Record<string, unknown> {
  const forwarded = LEAD_HANDLING[kind].forwardedBodyOf(data);
  return { leadType: kind, reference, receivedAt: receivedAt.toISOString(), ...forwarded };
}

/** A connection failure's code or the abort's name; never the message, which may hold the webhook's address. */
function failureReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  if (typeof cause?.code === "string") return cause.code;
  return error instanceof Error ? error.name : "unknown";
}
