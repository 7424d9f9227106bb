import type { Logger } from "../logger";
import { backoffDelayMs, OutboxWorker, type OutboxTiming } from "../outbox-worker";
import type { MailFailure, MailOutbox, QueuedMail } from "./mail-outbox";
import type { MailTransport } from "./smtp-transport";

/** A message the server refuses outright (5xx) this many times is given up, rather than tried hourly for ever. */
export const MOST_REFUSALS = 8;

/**
 * Sends the mail outbox through the SMTP server, one message at a time, each retried on its
 * own exponential schedule until the server takes it; only then is it marked sent. Delivery
 * is at least once: a message taken just before the process dies is sent again, with the
 * same Message-ID. The log carries message ids, reply codes and reasons, never an address.
 */
export class MailSender {
  private readonly worker: OutboxWorker<QueuedMail>;

  constructor(
    private readonly outbox: MailOutbox,
    private readonly transport: MailTransport,
    private readonly logger: Pick<Logger, "info" | "warn" | "error">,
    private readonly timing: OutboxTiming,
    private readonly random: () => number = Math.random,
  ) {
    this.worker = new OutboxWorker(
      { claimNextDue: (now, leaseMs) => outbox.claimNextDue(now, leaseMs), send: (mail) => this.send(mail) },
      timing,
      logger,
      "Sending mail failed",
    );
  }

  start(): void {
    this.worker.start();
  }

  nudge(): void {
    this.worker.nudge();
  }

  async stop(): Promise<void> {
    await this.worker.stop();
    this.transport.close();
  }

  private async send(mail: QueuedMail): Promise<boolean> {
    const attempt = mail.attempts + 1;
    try {
      await this.transport.send(mail);
      await this.outbox.markSent(mail.id, new Date());
      this.logger.info({ mailId: mail.id, attempt }, "Mail sent");
      return true;
    } catch (error) {
      const failure = failureOf(error);
      const refused = failure.responseCode !== undefined && failure.responseCode >= 500;
      if (refused && attempt >= MOST_REFUSALS) {
        await this.outbox.markSent(mail.id, new Date());
        this.logger.error({ mailId: mail.id, attempt, responseCode: failure.responseCode }, "Mail refused by the server; given up");
        return true;
      }
      const delayMs = backoffDelayMs(attempt, this.timing, this.random());
      await this.outbox.markFailed(mail.id, new Date(Date.now() + delayMs), failure);
      // A refusal (a wrong password, a sender the provider does not allow) will not cure itself: someone has to look.
      this.logger[refused ? "error" : "warn"](
        { mailId: mail.id, attempt, ...failure, retryInSeconds: Math.ceil(delayMs / 1000) },
        "Mail not sent yet; will retry",
      );
      return false;
    }
  }
}

/** nodemailer's error code and the server's reply code; never the message, which may quote an address. */
function failureOf(error: unknown): MailFailure {
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  return {
    at: new Date(),
    ...(typeof responseCode === "number" ? { responseCode } : {}),
    reason: typeof code === "string" ? code : error instanceof Error ? error.name : "unknown",
  };
}
