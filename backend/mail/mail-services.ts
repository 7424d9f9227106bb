import { randomUUID } from "node:crypto";
import type { Dealer } from "../../domain/dealer";
import { addDays, showroomInstant, showroomMoment } from "../../domain/opening-hours";
import { publicOrigin, type Config } from "../config";
import { LEAD_KIND_NAMES, LEAD_KINDS } from "../leads/lead-kinds";
import type { LeadStore, StoredLead } from "../leads/lead-store";
import type { Logger } from "../logger";
import type { OutboxTiming } from "../outbox-worker";
import {
  assigneeNotice,
  buyerConfirmation,
  buyerOf,
  dealerNotice,
  passwordLinkMail,
  waitingDigest,
  type ArrivedLead,
  type MailContext,
} from "./mail-notices";
import type { MailOutbox, OutgoingMail } from "./mail-outbox";
import { MailSender } from "./mail-sender";
import { smtpConfigured, smtpTransport, type MailTransport } from "./smtp-transport";

/** The leads a salesperson is told of: those forwarded to the lead-tracking service (finance, part-exchange, enquiries, test drives, call backs). */
const SALES_KINDS = LEAD_KIND_NAMES.filter((kind) => LEAD_KINDS[kind].forwarding !== undefined);
/** How long a sent message's id is kept, so that the same notice queued again (a retried submission) is not sent twice. */
const SENT_IDS_KEPT_MS = 30 * 24 * 60 * 60_000;
const DIGEST_CHECK_MS = 60_000;
const MOST_DIGEST_LEADS = 200;

export type MailSettings = Pick<
  Config,
  | "SMTP_URL"
  | "SMTP_HOST"
  | "SMTP_PORT"
  | "SMTP_USER"
  | "SMTP_PASSWORD_FILE"
  | "SMTP_TLS"
  | "SMTP_TLS_CA_FILE"
  | "MAIL_FROM"
  | "MAIL_DIGEST_AFTER_HOURS"
  | "MAIL_DIGEST_HOUR"
  | "STAFF_SET_PASSWORD_LINK_HOURS"
  | "SITE_URL"
  | "HOST"
  | "PORT"
>;

/** What the rest of the site asks of mail: each call queues its messages in the outbox, and does nothing when no SMTP server is set. */
export interface Mail {
  /** Whether mail is sent at all: false when no SMTP server is set. */
  readonly sending: boolean;
  /** A lead was stored (or stored before, for a retried submission): the notice to the dealer and the buyer's confirmation. */
  leadArrived(lead: ArrivedLead): Promise<void>;
  /** A lead was given to a member of staff: a notice to them. */
  leadAssigned(lead: StoredLead): Promise<void>;
  /** A one-time link to set a staff password, to its owner; true when it was queued. */
  passwordLink(to: string, link: string): Promise<boolean>;
}

export interface MailServices extends Mail {
  start(): void;
  stop(): Promise<void>;
}

/**
 * Mail as the site wires it: notices queued in the outbox (when an SMTP server is set), the
 * sender working the outbox, and the daily digest of leads still waiting for a reply.
 */
export async function mailServices(
  settings: MailSettings,
  dealer: Dealer,
  outbox: MailOutbox,
  leads: LeadStore,
  staffEmail: (accountId: string) => Promise<string | undefined>,
  logger: Logger,
  timing: OutboxTiming,
  transport?: MailTransport,
): Promise<MailServices> {
  const smtp = transport ?? (await smtpTransport(settings, { name: dealer.name, address: dealer.email }, timing.requestTimeoutMs));
  const context: MailContext = { dealer, siteOrigin: publicOrigin(settings) };
  if (!smtp) {
    logger.warn("No SMTP server is set (SMTP_URL or SMTP_HOST): no notices or confirmations are e-mailed");
    return {
      sending: false,
      leadArrived: async () => {},
      leadAssigned: async () => {},
      passwordLink: async () => false,
      start() {},
      async stop() {},
    };
  }
  const sender = new MailSender(outbox, smtp, logger, timing);
  let started = false;
  const nudge = () => {
    if (started) sender.nudge();
  };
  const queue = async (mail: OutgoingMail) => {
    if (await outbox.enqueue(mail, new Date())) nudge();
  };
  const digest = new WaitingDigest(outbox, leads, context, settings, logger, nudge);
  return {
    sending: true,
    async leadArrived(lead) {
      if (!SALES_KINDS.includes(lead.kind)) return;
      await queue(dealerNotice(context, lead));
      const { email } = buyerOf(lead.data);
      if (email) await queue(buyerConfirmation(context, lead, email));
    },
    async leadAssigned(lead) {
      const assigneeId = lead.work.assigneeId;
      const to = assigneeId && (await staffEmail(assigneeId));
      if (to) await queue(assigneeNotice(context, lead, to, lead.work.history.length));
    },
    async passwordLink(to, link) {
      await queue(passwordLinkMail(context, `staff-link-${randomUUID()}`, to, link, settings.STAFF_SET_PASSWORD_LINK_HOURS));
      return true;
    },
    start() {
      started = true;
      sender.start();
      digest.start();
    },
    async stop() {
      digest.stop();
      await sender.stop();
    },
  };
}

/**
 * For `npm run staff`, which sends nothing itself: queues a password link for the site to
 * send, when an SMTP server is set; true when it did.
 */
export async function queuePasswordLink(
  settings: MailSettings,
  dealer: Dealer,
  outbox: MailOutbox,
  { to, link }: { to: string; link: string },
): Promise<boolean> {
  if (!smtpConfigured(settings)) return false;
  const context: MailContext = { dealer, siteOrigin: publicOrigin(settings) };
  const hours = settings.STAFF_SET_PASSWORD_LINK_HOURS;
  return outbox.enqueue(passwordLinkMail(context, `staff-link-${randomUUID()}`, to, link, hours), new Date());
}

/**
 * Once a day, at MAIL_DIGEST_HOUR on the showroom's clock, the leads still new
 * MAIL_DIGEST_AFTER_HOURS after they arrived, and the follow-ups due that day or already
 * past, go to the sales address in one message. Its id
 * is the day's date, so however many instances or restarts, one goes a day; none goes on a
 * day when nothing waits. Sent ids older than a month are forgotten at the same time.
 */
export class WaitingDigest {
  private timer: NodeJS.Timeout | undefined;
  private doneFor: string | undefined;

  constructor(
    private readonly outbox: MailOutbox,
    private readonly leads: LeadStore,
    private readonly context: MailContext,
    private readonly settings: Pick<MailSettings, "MAIL_DIGEST_AFTER_HOURS" | "MAIL_DIGEST_HOUR">,
    private readonly logger: Pick<Logger, "warn">,
    private readonly queued: () => void,
  ) {}

  start(): void {
    const check = () =>
      void this.check(new Date()).catch((error: unknown) => this.logger.warn({ err: error }, "Could not put the daily digest together"));
    this.timer = setInterval(check, DIGEST_CHECK_MS).unref();
    check();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Queues the day's digest when its hour has come and it has not gone yet; true when it queued one. */
  async check(now: Date): Promise<boolean> {
    const { date, minutes } = showroomMoment(now);
    if (this.doneFor === date || minutes < this.settings.MAIL_DIGEST_HOUR * 60) return false;
    const afterHours = this.settings.MAIL_DIGEST_AFTER_HOURS;
    const { leads: waiting } = await this.leads.list({
      kinds: SALES_KINDS,
      statuses: ["new"],
      to: new Date(now.getTime() - afterHours * 60 * 60_000),
      page: 1,
      pageSize: MOST_DIGEST_LEADS,
    });
    // As the inbox's "Due today" and "Overdue": a lead won or lost has nothing left to follow up.
    const { leads: due } = await this.leads.list({
      kinds: SALES_KINDS,
      statuses: ["new", "contacted"],
      followUpBefore: showroomInstant(addDays(date, 1), 0),
      page: 1,
      pageSize: MOST_DIGEST_LEADS,
    });
    await this.outbox.deleteSentBefore(new Date(now.getTime() - SENT_IDS_KEPT_MS));
    this.doneFor = date;
    const followUps = due
      .flatMap((lead) => (lead.work?.followUpAt ? [{ lead, followUpAt: lead.work.followUpAt }] : []))
      .sort((a, b) => a.followUpAt.getTime() - b.followUpAt.getTime());
    if (waiting.length === 0 && followUps.length === 0) return false;
    const queued = await this.outbox.enqueue(waitingDigest(this.context, date, [...waiting].reverse(), followUps, afterHours), now);
    if (queued) this.queued();
    return queued;
  }
}
