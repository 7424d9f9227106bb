import { z } from "zod";
import type { Dealer } from "../../domain/dealer";
import { DEALER_TIME_ZONE, openingHoursText } from "../../domain/opening-hours";
import { LEAD_KINDS, type LeadKindName } from "../leads/lead-kinds";
import type { LeadVehicle } from "../leads/lead-store";
import { renderMail, type MailBlock } from "./mail-layout";
import type { OutgoingMail } from "./mail-outbox";

/**
 * The messages the site sends, written here and nowhere else. What a message says about a
 * buyer is held to the least that does the job: the dealer's notice names the buyer and
 * nothing more (the rest is one click away, behind the staff sign-in); the buyer's
 * confirmation and the digest name no one.
 */

/** A lead as it arrived: what the notices about it are written from. */
export interface ArrivedLead {
  id: string;
  kind: LeadKindName;
  reference: string;
  receivedAt: Date;
  vehicle?: LeadVehicle;
  data: unknown;
}

export interface MailContext {
  dealer: Dealer;
  /** Where staff reach the site, for links to a lead: SITE_URL. */
  siteOrigin: string;
}

/** The two fields every kind names the same way (lead-search.ts): the name (or first name and surname) and the e-mail address. */
const buyerSchema = z.object({
  name: z.string().optional(),
  firstName: z.string().optional(),
  surname: z.string().optional(),
  email: z.email().optional().catch(undefined),
});

export function buyerOf(data: unknown): { name?: string; email?: string } {
  const parsed = buyerSchema.safeParse(data);
  if (!parsed.success) return {};
  const { name, firstName, surname, email } = parsed.data;
  const fullName = (name ?? [firstName, surname].filter(Boolean).join(" ")).trim();
  return { ...(fullName ? { name: fullName } : {}), ...(email ? { email } : {}) };
}

/** "Ford Fiesta 1.0 EcoBoost Titanium, MA19 ABC", as the stock described it; the id alone when it was never known. */
export function vehicleText(vehicle: LeadVehicle): string {
  const title = [vehicle.make, vehicle.model, vehicle.derivative].filter(Boolean).join(" ");
  if (!title) return `vehicle ${vehicle.id}`;
  return vehicle.registration ? `${title}, ${vehicle.registration}` : title;
}

const leadLink = (context: MailContext, id: string) => `${context.siteOrigin}/staff/leads/${encodeURIComponent(id)}`;
const kindWords = (kind: LeadKindName) => LEAD_KINDS[kind].label.toLowerCase();

/** The facts a member of staff needs to pick a lead up: its kind, reference, vehicle and, in the notice to the team, who sent it. */
function leadFacts(lead: ArrivedLead, withName: boolean): MailBlock {
  const { name } = buyerOf(lead.data);
  return {
    facts: [
      ["Kind", LEAD_KINDS[lead.kind].label],
      ["Reference", lead.reference],
      ...(lead.vehicle ? [["Vehicle", vehicleText(lead.vehicle)] as const] : []),
      ...(withName && name ? [["From", name] as const] : []),
      ["Received", timeText(lead.receivedAt)],
    ],
  };
}

/** To the dealer's sales address: a lead has arrived. */
export function dealerNotice(context: MailContext, lead: ArrivedLead): OutgoingMail {
  const about = lead.vehicle ? `: ${vehicleText(lead.vehicle)}` : "";
  return {
    id: `lead-${lead.id}-dealer`,
    to: context.dealer.email,
    ...renderMail(context.dealer, {
      subject: `New ${kindWords(lead.kind)} ${lead.reference}${about}`,
      heading: `New ${kindWords(lead.kind)}`,
      blocks: [leadFacts(lead, true), { link: { text: "Open the lead", href: leadLink(context, lead.id) } }],
    }),
  };
}

/** To the member of staff a lead was just given to. `change` numbers the assignment, so a lead given to them again is told again. */
export function assigneeNotice(context: MailContext, lead: ArrivedLead, to: string, change: number): OutgoingMail {
  return {
    id: `lead-${lead.id}-assigned-${change}`,
    to,
    ...renderMail(context.dealer, {
      subject: `Assigned to you: ${kindWords(lead.kind)} ${lead.reference}`,
      heading: `A ${kindWords(lead.kind)} is yours to answer`,
      blocks: [leadFacts(lead, true), { link: { text: "Open the lead", href: leadLink(context, lead.id) } }],
    }),
  };
}

/** To the buyer, when they gave an e-mail address: the reference to quote, what happens next, and when the showroom is open. */
export function buyerConfirmation(context: MailContext, lead: ArrivedLead, to: string): OutgoingMail {
  const { dealer } = context;
  const sold = lead.vehicle && !lead.vehicle.inStock;
  return {
    id: `lead-${lead.id}-buyer`,
    to,
    ...renderMail(dealer, {
      subject: `Your ${kindWords(lead.kind)} to ${dealer.name}: reference ${lead.reference}`,
      heading: `Thank you: we have your ${kindWords(lead.kind)}`,
      blocks: [
        { facts: [["Your reference", lead.reference], ...(lead.vehicle ? [["Vehicle", vehicleText(lead.vehicle)] as const] : [])] },
        ...(sold ? [{ paragraph: "This vehicle has been sold since you opened its page; we will tell you about others like it." }] : []),
        {
          paragraph:
            `What happens next: we will be in touch ${dealer.leadReplyTime ?? dealer.replyTime}. ` +
            `Please quote your reference if you call us on ${dealer.phone}.`,
        },
        { paragraph: `We are open ${openingHoursText(dealer)}.` },
        { paragraph: "If you did not send this, you can ignore this e-mail." },
      ],
    }),
  };
}

/** To the dealer's sales address, once a day: the leads still new after `afterHours`, oldest first, without names. */
/** A lead with a follow-up set for today or already past, and when it was set for. */
export interface DueFollowUp {
  lead: ArrivedLead;
  followUpAt: Date;
}

/**
 * The day's digest to the sales address: the leads still waiting for a reply after
 * `afterHours`, and the follow-ups due today or already past; names nobody, like the notices.
 */
export function waitingDigest(
  context: MailContext,
  date: string,
  waiting: readonly ArrivedLead[],
  followUps: readonly DueFollowUp[],
  afterHours: number,
): OutgoingMail {
  const entryOf = (lead: ArrivedLead, when: string) => ({
    text: [LEAD_KINDS[lead.kind].label, lead.reference, lead.vehicle && vehicleText(lead.vehicle), when].filter(Boolean).join(", "),
    href: leadLink(context, lead.id),
  });
  const waitingCount = waiting.length === 1 ? "1 lead" : `${waiting.length} leads`;
  const followUpCount = followUps.length === 1 ? "1 follow-up" : `${followUps.length} follow-ups`;
  const headline = [waiting.length > 0 && `${waitingCount} waiting for a reply`, followUps.length > 0 && `${followUpCount} due`]
    .filter(Boolean)
    .join(", ");
  return {
    id: `digest-${date}`,
    to: context.dealer.email,
    ...renderMail(context.dealer, {
      subject: waiting.length > 0 ? `${waitingCount} waiting more than ${afterHours} hours for a reply` : `${followUpCount} due today`,
      heading: headline,
      blocks: [
        ...(waiting.length > 0
          ? [
              { paragraph: `Still new more than ${afterHours} hours after they arrived, oldest first:` },
              { entries: waiting.map((lead) => entryOf(lead, `received ${timeText(lead.receivedAt)}`)) },
            ]
          : []),
        ...(followUps.length > 0
          ? [
              { paragraph: "Follow-ups due today or already past, earliest first:" },
              { entries: followUps.map(({ lead, followUpAt }) => entryOf(lead, `follow up ${timeText(followUpAt)}`)) },
            ]
          : []),
      ],
    }),
  };
}

/** To a new member of staff, or one whose password was reset: their one-time link. */
export function passwordLinkMail(context: MailContext, id: string, to: string, link: string, hours: number): OutgoingMail {
  const { dealer } = context;
  return {
    id,
    to,
    ...renderMail(dealer, {
      subject: `Set your password for ${dealer.name}'s staff area`,
      heading: "Set your password",
      blocks: [
        { paragraph: `Choose a password for ${dealer.name}'s staff area with this link. It works once, for ${hours} hours.` },
        { link: { text: "Set your password", href: link } },
        { paragraph: "If you were not expecting this, ignore it and tell the person who looks after the site." },
      ],
    }),
  };
}

const TIME_FORMAT = new Intl.DateTimeFormat("en-GB", {
  timeZone: DEALER_TIME_ZONE,
  weekday: "long",
  day: "numeric",
  month: "long",
  hour: "2-digit",
  minute: "2-digit",
});

/** "Friday 27 November, 09:15", in the showroom's time. */
function timeText(at: Date): string {
  const parts = Object.fromEntries(TIME_FORMAT.formatToParts(at).map(({ type, value }) => [type, value]));
  return `${parts.weekday} ${parts.day} ${parts.month}, ${parts.hour}:${parts.minute}`;
}
