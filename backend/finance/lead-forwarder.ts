import type { FinanceApplication } from "../../domain/finance-application";
import type { Logger } from "../logger";
import type { ApplicationStore, StoredApplication } from "./application-store";

/** A stored lead as the outbox hands it out: its id (the Idempotency-Key) and the sends tried so far. */
export interface PendingLead {
  id: string;
  forwardAttempts: number;
}

/** What forwarding needs of a store: finance applications' and part-exchange requests' both provide it. */
export interface LeadOutbox<S extends PendingLead> {
  /** The not-yet-forwarded lead whose next try is the most overdue, held back from every other claimant for `leaseMs`. */
  claimNextDue(now: Date, leaseMs: number): Promise<S | undefined>;
  markForwarded(id: string, at: Date): Promise<void>;
  /** Counts a failed send and sets when to try again. */
  markForwardFailed(id: string, retryAt: Date): Promise<void>;
}

/** One kind of lead: how it is named in the logs and what the lead-tracking service is sent. */
export interface LeadKind<S extends PendingLead> {
  /** "Finance application": the start of each log message. */
  name: string;
  /** The log field that carries the lead's id. */
  idField: string;
  bodyOf(lead: S): unknown;
}

export interface ForwardingTiming {
  /** How often to look for applications due a first send or a retry. */
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
 * The outbox: sends stored leads to the lead-tracking service (LEAD_WEBHOOK_URL) after the
 * visitor has had their answer, and keeps trying, each lead on its own exponential
 * schedule, until the service answers 2xx. Only then is a lead marked forwarded, so a
 * service that is down receives it later, once; the lead's id goes in an Idempotency-Key
 * header so the service can drop the copy it gets if this process dies between its 2xx
 * and the mark.
 */
export class OutboxForwarder<S extends PendingLead> {
  private poller: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;
  private sweepAgain = false;
  private readonly stopping = new AbortController();

  constructor(
    private readonly kind: LeadKind<S>,
    private readonly store: LeadOutbox<S>,
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
      .catch((error: unknown) => this.logger.error({ err: error }, `${this.kind.name} forwarding failed`))
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

  private async forward(lead: S): Promise<boolean> {
    const { id } = lead;
    const attempt = lead.forwardAttempts + 1;
    let failure: { status: number } | { reason: string };
    try {
      const response = await fetch(this.webhookUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": id },
        body: JSON.stringify(this.kind.bodyOf(lead)),
        // A redirected POST would arrive as a GET without the lead.
        redirect: "manual",
        signal: AbortSignal.any([this.stopping.signal, AbortSignal.timeout(this.timing.requestTimeoutMs)]),
      });
      await response.body?.cancel();
      if (response.ok) {
        await this.store.markForwarded(id, new Date());
        this.logger.info({ [this.kind.idField]: id, attempt }, `${this.kind.name} forwarded`);
        return true;
      }
      failure = { status: response.status };
    } catch (error) {
      failure = { reason: failureReason(error) };
    }
    const delayMs = backoffDelayMs(attempt, this.timing, this.random());
    await this.store.markForwardFailed(id, new Date(Date.now() + delayMs));
    // A refusal (wrong address, rejected key) will not cure itself: someone has to look.
    const refused = "status" in failure && failure.status !== 429 && failure.status < 500;
    this.logger[refused ? "error" : "warn"](
      { [this.kind.idField]: id, attempt, ...failure, retryInSeconds: Math.ceil(delayMs / 1000) },
      `${this.kind.name} not forwarded yet; will retry`,
    );
    return false;
  }
}

const FINANCE_APPLICATION_LEADS: LeadKind<StoredApplication> = {
  name: "Finance application",
  idField: "applicationId",
  bodyOf: ({ application }) => leadOf(application),
};

/** Finance applications' outbox, built as the site and its tests always have. */
export class LeadForwarder extends OutboxForwarder<StoredApplication> {
  constructor(
    store: ApplicationStore,
    webhookUrl: string,
    logger: Pick<Logger, "info" | "warn" | "error">,
    timing: ForwardingTiming = DEFAULT_FORWARDING_TIMING,
    random: () => number = Math.random,
  ) {
    super(FINANCE_APPLICATION_LEADS, store, webhookUrl, logger, timing, random);
  }
}

/** Half the ceiling plus a random part of the other half, so instances do not retry in step. */
export function backoffDelayMs(attempt: number, { retryBaseMs, retryMaxMs }: ForwardingTiming, random: number): number {
  const ceiling = Math.min(retryMaxMs, retryBaseMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random * ceiling) / 2);
}

/**
 * What the lead-tracking service takes (spec.md §7): the form's fields with the vehicle,
 * without the time at the address, which the form asks only for itself.
 */
function leadOf({ residenceYears: _years, residenceMonths: _months, ...lead }: FinanceApplication) {
  return lead;
}

/** A connection failure's code or the abort's name; never the message, which may hold the webhook's address. */
function failureReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  if (typeof cause?.code === "string") return cause.code;
  return error instanceof Error ? error.name : "unknown";
}
