import { z } from "zod";
import { leadEmailOf } from "../../domain/branches";
import type { Dealer } from "../../domain/dealer";
import { formatPounds } from "../../domain/format";
import { DEALER_TIME_ZONE, openingHoursText } from "../../domain/opening-hours";
import { normalPhone } from "../../domain/uk-formats";
import { LEAD_KINDS, type LeadKindName } from "../../domain/lead-kinds";
import { personOf } from "../../domain/lead-person";
import type { ArrivedLead, LeadVehicle } from "../leads/lead-store";
import { renderMail, type MailBlock, type MailFact } from "./mail-layout";
import type { GatheredEntry, OutgoingMail } from "./mail-outbox";

/**
 * The messages the site sends, written here and nowhere else. What a message says about a
 * buyer is held to the least that does the job: the dealer's notice gives the buyer's name
 * and the two ways to reach them (phone and e-mail; a reply goes to the buyer), and nothing
 * else they sent: no finance details, address or message, which are one click away behind
 * the staff sign-in; the buyer's confirmation and the digest name no one.
 */

export interface MailContext {
  dealer: Dealer;
  /** Where staff reach the site, for links to a lead: SITE_URL. */
  siteOrigin: string;
}

export interface Buyer {
  name?: string;
  email?: string;
  phone?: string;
}

/** Who sent a lead (domain/lead-person.ts), with their e-mail address only when it is one mail can go to. */
export function buyerOf(lead: Pick<ArrivedLead, "kind" | "data">): Buyer {
  const { name, email, phone } = personOf(lead.kind, lead.data);
  const mailable = email !== undefined && z.email().safeParse(email).success;
  return { ...(name ? { name } : {}), ...(mailable ? { email } : {}), ...(phone ? { phone } : {}) };
}

/**
 * "Ford Fiesta 1.0 EcoBoost Titanium, MA19 ABC", as the stock described it; the id alone when
 * it was never known. A part that begins with the words the one before ended on says them
 * once: model "CLA" and derivative "CLA 220d AMG Line" make "Mercedes-Benz CLA 220d AMG Line".
 */
export function vehicleText(vehicle: LeadVehicle): string {
  const title = withoutRepeatedWords([vehicle.make, vehicle.model, vehicle.derivative]);
  if (!title) return `vehicle ${vehicle.id}`;
  return vehicle.registration ? `${title}, ${vehicle.registration}` : title;
}

/** Made once: localeCompare with options makes a collator at every call, which an alert listing thousands of vehicles felt. */
const WORDS = new Intl.Collator("en-GB", { sensitivity: "accent" });

function withoutRepeatedWords(parts: readonly (string | undefined)[]): string {
  const words: string[] = [];
  const same = (a: string, b: string) => WORDS.compare(a, b) === 0;
  for (const part of parts) {
    const next = part?.trim().split(/\s+/).filter(Boolean) ?? [];
    let overlap = Math.min(words.length, next.length);
    while (overlap > 0 && !next.slice(0, overlap).every((word, index) => same(word, words[words.length - overlap + index]!))) overlap--;
    words.push(...next.slice(overlap));
  }
  return words.join(" ");
}

/** A phone number as a tel: link dials it from anywhere: a UK number after +44. */
export function telHref(phone: string): string {
  const normal = normalPhone(phone);
  return `tel:${normal.startsWith("0") ? `+44${normal.slice(1)}` : normal}`;
}

const leadLink = (context: MailContext, id: string) => `${context.siteOrigin}/staff/leads/${encodeURIComponent(id)}`;
const vehicleLink = (context: MailContext, id: string) => `${context.siteOrigin}/vehicles/${encodeURIComponent(id)}`;
const kindWords = (kind: LeadKindName) => LEAD_KINDS[kind].label.toLowerCase();

/** The facts a member of staff needs to pick a lead up: its kind, reference, vehicle, who sent it and how to reach them. */
function leadFacts(lead: ArrivedLead): MailBlock {
  const { name, phone, email } = buyerOf(lead);
  const facts: MailFact[] = [
    ["Kind", LEAD_KINDS[lead.kind].label],
    ["Reference", lead.reference],
  ];
  if (lead.vehicle) facts.push(["Vehicle", vehicleText(lead.vehicle)]);
  if (name) facts.push(["From", name]);
  if (phone) facts.push(["Phone", phone, telHref(phone)]);
  if (email) facts.push(["E-mail", email, `mailto:${email}`]);
  facts.push(["Received", timeText(lead.receivedAt)]);
  return { facts };
}

/**
 * To the sales address of the lead's branch (the dealer's own for a lead of none): a lead has
 * arrived. A reply goes to the buyer, when they gave an e-mail address.
 */
export function dealerNotice(context: MailContext, lead: ArrivedLead): OutgoingMail {
  const about = lead.vehicle ? `: ${vehicleText(lead.vehicle)}` : "";
  const { email } = buyerOf(lead);
  return {
    id: `lead-${lead.id}-dealer`,
    to: leadEmailOf(context.dealer, lead.vehicle?.branch),
    ...(email ? { replyTo: email } : {}),
    ...renderMail(context.dealer, {
      subject: `New ${kindWords(lead.kind)} ${lead.reference}${about}`,
      heading: `New ${kindWords(lead.kind)}`,
      blocks: [leadFacts(lead), { link: { text: "Open the lead", href: leadLink(context, lead.id) } }],
    }),
  };
}

/** A lead as a line in a list (the digest, the notice of leads folded from one address), linking to it. */
export function leadEntry(context: MailContext, lead: ArrivedLead, when: string): GatheredEntry {
  return {
    key: lead.id,
    text: [LEAD_KINDS[lead.kind].label, lead.reference, lead.vehicle && vehicleText(lead.vehicle), when].filter(Boolean).join(", "),
    href: leadLink(context, lead.id),
  };
}

export const receivedWhen = (lead: ArrivedLead) => `received ${timeText(lead.receivedAt)}`;

/**
 * To the dealer's sales address: the leads from one e-mail address past the day's
 * confirmations to it, in one notice rather than one each (mail-services.ts gathers them).
 * Each lead had no confirmation; the notice says why, and that the address may not be the
 * sender's own.
 */
export function foldedLeadsNotice(
  context: MailContext,
  address: string,
  confirmationsPerDay: number,
  entries: readonly GatheredEntry[],
  count: number,
): Omit<OutgoingMail, "id"> {
  const leads = count === 1 ? "1 more lead" : `${count} more leads`;
  const confirmations = confirmationsPerDay === 1 ? "its confirmation" : `its ${confirmationsPerDay} confirmations`;
  const unlisted = count - entries.length;
  return {
    to: context.dealer.email,
    ...renderMail(context.dealer, {
      subject: `${leads} from one e-mail address today`,
      heading: `${leads} from one e-mail address`,
      blocks: [
        {
          paragraph:
            `These leads gave an e-mail address that has had ${confirmations} for today, so no more were sent to it. ` +
            "They may be one keen buyer, or someone entering another person's address: check before you reply.",
        },
        { facts: [["E-mail", address, `mailto:${address}`]] },
        { entries },
        ...(unlisted > 0
          ? [
              { paragraph: `And ${unlisted} more, listed in the inbox.` },
              { link: { text: "Find them in the inbox", href: `${context.siteOrigin}/staff?q=${encodeURIComponent(address)}` } },
            ]
          : []),
      ],
    }),
  };
}

/** To the member of staff a lead was just given to. `change` numbers the assignment, so a lead given to them again is told again. */
export function assigneeNotice(context: MailContext, lead: ArrivedLead, to: string, change: number): OutgoingMail {
  const { email } = buyerOf(lead);
  return {
    id: `lead-${lead.id}-assigned-${change}`,
    to,
    ...(email ? { replyTo: email } : {}),
    ...renderMail(context.dealer, {
      subject: `Assigned to you: ${kindWords(lead.kind)} ${lead.reference}`,
      heading: `A ${kindWords(lead.kind)} is yours to answer`,
      blocks: [leadFacts(lead), { link: { text: "Open the lead", href: leadLink(context, lead.id) } }],
    }),
  };
}

/** The buyer's confirmation of a lead is named by the lead: a retried submission confirms once. */
export const confirmationId = (leadId: string) => `lead-${leadId}-buyer`;

/** The vehicle's main photo, as the site serves it: an address on the site and the width it is served at. */
export interface MailPhoto {
  path: string;
  width: number;
}

/**
 * To the buyer, when they gave an e-mail address: the reference to quote, the vehicle (its
 * photo, price and page, while it is for sale), what happens next, the dealer's phone and when
 * the showroom is open.
 */
export function buyerConfirmation(context: MailContext, lead: ArrivedLead, to: string, photo?: MailPhoto): OutgoingMail {
  const { dealer } = context;
  const { vehicle } = lead;
  const forSale = vehicle?.inStock ? vehicle : undefined;
  const page = forSale && vehicleLink(context, forSale.id);
  const facts: MailFact[] = [["Your reference", lead.reference]];
  if (vehicle) facts.push(["Vehicle", vehicleText(vehicle), page]);
  if (forSale?.priceGBP !== undefined) facts.push(["Price", formatPounds(forSale.priceGBP)]);
  return {
    id: confirmationId(lead.id),
    to,
    ...renderMail(dealer, {
      subject: `Your ${kindWords(lead.kind)} to ${dealer.name}: reference ${lead.reference}`,
      heading: `Thank you: we have your ${kindWords(lead.kind)}`,
      blocks: [
        ...(forSale && page && photo
          ? [{ image: { src: `${context.siteOrigin}${photo.path}`, alt: vehicleText(forSale), href: page, width: photo.width } }]
          : []),
        { facts },
        ...(page ? [{ link: { text: "See the vehicle", href: page } }] : []),
        ...(vehicle && !vehicle.inStock
          ? [{ paragraph: "This vehicle has been sold since you opened its page; we will tell you about others like it." }]
          : []),
        {
          paragraph:
            `What happens next: we will be in touch ${dealer.leadReplyTime ?? dealer.replyTime}. ` +
            "Please quote your reference if you call us.",
        },
        { facts: [["Phone", dealer.phone, telHref(dealer.phone)]] },
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
              { entries: waiting.map((lead) => leadEntry(context, lead, receivedWhen(lead))) },
            ]
          : []),
        ...(followUps.length > 0
          ? [
              { paragraph: "Follow-ups due today or already past, earliest first:" },
              { entries: followUps.map(({ lead, followUpAt }) => leadEntry(context, lead, `follow up ${timeText(followUpAt)}`)) },
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
