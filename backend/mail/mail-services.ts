import { randomUUID } from "node:crypto";
import type { Dealer } from "../../domain/dealer";
import { addDays, showroomInstant, showroomMoment } from "../../domain/opening-hours";
import type { VehicleRecord } from "../../domain/vehicle";
import { PHOTO_WIDTHS, photoUrl, shownImages, widthsOf } from "../../domain/vehicle-photos";
import { publicOrigin, type Config } from "../config";
import { LEAD_KIND_NAMES, LEAD_KINDS } from "../../domain/lead-kinds";
import type { ArrivedLead, LeadStore, LeadVehicle, StoredLead } from "../leads/lead-store";
import type { Logger } from "../logger";
import type { OutboxTiming } from "../outbox-worker";
import {
  assigneeNotice,
  buyerConfirmation,
  buyerOf,
  confirmationId,
  dealerNotice,
  foldedLeadsNotice,
  leadEntry,
  passwordLinkMail,
  receivedWhen,
  waitingDigest,
  type MailContext,
  type MailPhoto,
} from "./mail-notices";
import type { GatheredEntry, MailOutbox, OutgoingMail } from "./mail-outbox";
import { MailSender } from "./mail-sender";
import { smtpConfigured, smtpTransport, type MailTransport } from "./smtp-transport";

/** The leads a salesperson is told of: those forwarded to the lead-tracking service (finance, part-exchange, enquiries, test drives, call backs). */
const SALES_KINDS = LEAD_KIND_NAMES.filter((kind) => LEAD_KINDS[kind].forwarded);
/** How long a sent message's id is kept, so that the same notice queued again (a retried submission) is not sent twice. */
const SENT_IDS_KEPT_MS = 30 * 24 * 60 * 60_000;
const DIGEST_CHECK_MS = 60_000;
const MOST_DIGEST_LEADS = 200;
/** The widest photo size a confirmation asks for: the message's column is 600 px, which this size fills. */
const MOST_PHOTO_WIDTH = 640;

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
  | "MAIL_CONFIRMATIONS_PER_DAY"
  | "MAIL_FOLD_SECONDS"
  | "STAFF_SET_PASSWORD_LINK_HOURS"
  | "SITE_URL"
  | "HOST"
  | "PORT"
>;

/** What the rest of the site asks of mail: each call queues its messages in the outbox, and does nothing when no SMTP server is set. */
export interface Mail {
  /** Whether mail is sent at all: false when no SMTP server is set. */
  readonly sending: boolean;
  /**
   * A lead was stored (or stored before, for a retried submission): the notice to the dealer
   * and the buyer's confirmation; past the day's confirmations to the buyer's address, no
   * confirmation, and the notice gathered with the others from that address into one.
   */
  leadArrived(lead: ArrivedLead): Promise<void>;
  /** A lead was given to a member of staff: a notice to them. */
  leadAssigned(lead: StoredLead): Promise<void>;
  /** A one-time link to set a staff password, to its owner; true when it was queued. */
  passwordLink(to: string, link: string): Promise<boolean>;
  /** Sends what was just queued in the outbox now, rather than at the next poll. */
  sendSoon(): void;
}

export interface MailServices extends Mail {
  start(): void;
  stop(): Promise<void>;
}

/** Where a confirmation finds the vehicle's photo: the stock buyers see. */
export interface ListedVehicles {
  get(id: string): Promise<VehicleRecord | undefined>;
}

/**
 * Mail as the site wires it: notices queued in the outbox (when an SMTP server is set), the
 * sender working the outbox, and the daily digest of leads still waiting for a reply. Each
 * message is written with the dealer's details as `dealer` gives them then: as last
 * published from the staff area, so a new phone number or hours are in the next message.
 */
export async function mailServices(
  settings: MailSettings,
  dealer: () => Dealer,
  outbox: MailOutbox,
  leads: LeadStore,
  staffEmail: (accountId: string) => Promise<string | undefined>,
  stock: ListedVehicles,
  logger: Logger,
  timing: OutboxTiming,
  transport?: MailTransport,
): Promise<MailServices> {
  const sender = () => ({ name: dealer().name, address: dealer().email });
  const smtp = transport ?? (await smtpTransport(settings, sender, timing.requestTimeoutMs));
  const context: MailContext = {
    get dealer() {
      return dealer();
    },
    siteOrigin: publicOrigin(settings),
  };
  if (!smtp) {
    logger.warn("No SMTP server is set (SMTP_URL or SMTP_HOST): no notices or confirmations are e-mailed");
    return {
      sending: false,
      leadArrived: async () => {},
      leadAssigned: async () => {},
      passwordLink: async () => false,
      sendSoon() {},
      start() {},
      async stop() {},
    };
  }
  const mailSender = new MailSender(outbox, smtp, logger, timing);
  let started = false;
  const nudge = () => {
    if (started) mailSender.nudge();
  };
  const queue = async (mail: OutgoingMail) => {
    if (await outbox.enqueue(mail, new Date())) nudge();
  };
  const digest = new WaitingDigest(outbox, leads, context, settings, logger, nudge);
  const photoOf = async (vehicle: LeadVehicle | undefined): Promise<MailPhoto | undefined> => {
    if (!vehicle?.inStock) return undefined;
    try {
      const record = await stock.get(vehicle.id);
      return record && mainPhotoOf(record);
    } catch (error) {
      logger.warn({ err: error, vehicleId: vehicle.id }, "Could not look up the vehicle's photo; confirming without it");
      return undefined;
    }
  };
  const confirmationsPerDay = settings.MAIL_CONFIRMATIONS_PER_DAY;
  /** Into the notice that lists the leads past the day's confirmations to one address; should that fail, alone. */
  const fold = async (lead: ArrivedLead, address: string, series: string, now: Date) => {
    const gathering = {
      series,
      holdMs: settings.MAIL_FOLD_SECONDS * 1000,
      render: (entries: readonly GatheredEntry[], count: number) =>
        foldedLeadsNotice(context, address, confirmationsPerDay, entries, count),
    };
    try {
      await outbox.gather(gathering, leadEntry(context, lead, receivedWhen(lead)), now);
    } catch (error) {
      logger.warn({ err: error, leadId: lead.id }, "Could not add a lead to the notice of leads from one address; telling of it alone");
      await queue(dealerNotice(context, lead));
    }
  };
  return {
    sending: true,
    async leadArrived(lead) {
      if (!SALES_KINDS.includes(lead.kind)) return;
      const { email } = buyerOf(lead);
      if (email) {
        const now = new Date();
        const { date } = showroomMoment(now);
        const { admitted, recipient } = await outbox.admit(confirmationId(lead.id), email, { day: date, most: confirmationsPerDay }, now);
        if (!admitted) {
          logger.info(
            { leadId: lead.id, recipient },
            "No confirmation sent: its address has had the day's; the lead is gathered into one notice",
          );
          await fold(lead, email, `leads-from-${recipient}-${date}`, now);
          return;
        }
        await queue(buyerConfirmation(context, lead, email, await photoOf(lead.vehicle)));
      }
      await queue(dealerNotice(context, lead));
    },
    async leadAssigned(lead) {
      const assigneeId = lead.work.assigneeId;
      const to = assigneeId && (await staffEmail(assigneeId));
      if (to) await queue(assigneeNotice(context, lead, to, lead.work.history.length));
    },
    sendSoon: nudge,
    async passwordLink(to, link) {
      await queue(passwordLinkMail(context, `staff-link-${randomUUID()}`, to, link, settings.STAFF_SET_PASSWORD_LINK_HOURS));
      return true;
    },
    start() {
      started = true;
      mailSender.start();
      digest.start();
    },
    async stop() {
      digest.stop();
      await mailSender.stop();
    },
  };
}

/** The first photo buyers see of a vehicle, when the site serves it (a stored or demo photo), at the widest size a message shows. */
export function mainPhotoOf(record: VehicleRecord): MailPhoto | undefined {
  const photo = shownImages(record)[0]?.photo;
  if (!photo) return undefined;
  // The smallest width is always served, and is narrower than a message.
  const width =
    widthsOf(photo)
      .filter((served) => served <= MOST_PHOTO_WIDTH)
      .at(-1) ?? PHOTO_WIDTHS[0];
  return { path: photoUrl(photo.id, width, "jpg"), width };
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
