import { LEAD_KINDS } from "../../domain/lead-kinds";
import { personOf } from "../../domain/lead-person";
import { showroomMoment } from "../../domain/opening-hours";
import type { StoredLead } from "../../backend/leads/lead-store";

/** Leads shaped for the staff pages on the server, so pages receive words, not records to decode. */

/** The dealer's clock: staff read times as the showroom does. */
const LONDON = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

export const londonTime = (date: Date) => LONDON.format(date);

const LONDON_DAY = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", weekday: "short", day: "numeric", month: "short" });
const LONDON_CLOCK = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** "Today, 14:00", "Tomorrow, 09:30", "Mon 30 Nov, 10:00": a follow-up as the showroom's clock reads it. */
export function followUpText(at: Date, now: Date): string {
  const day = showroomMoment(at).date;
  const today = showroomMoment(now).date;
  const tomorrow = showroomMoment(new Date(now.getTime() + 24 * 3_600_000)).date;
  const dayWords = day === today ? "Today" : day === tomorrow ? "Tomorrow" : LONDON_DAY.format(at);
  return `${dayWords}, ${LONDON_CLOCK.format(at)}`;
}

/** "12 min", "2 h", "3 d": how long a lead has waited, short enough for a column. */
export function ageText(milliseconds: number): string {
  const minutes = Math.max(0, Math.floor(milliseconds / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
}

/** What a list of leads is shown against: the time now, the dealer's reply target and the staff's names. */
export interface ListContext {
  now: Date;
  replyTargetHours: number;
  nameOf(id: string | undefined): string;
}

/** A staff account's name, as the pages name the people working a lead. */
export function staffNames(accounts: readonly { id: string; name: string }[]): (id: string | undefined) => string {
  const names = new Map(accounts.map(({ id, name }) => [id, name]));
  return (id) => (id === undefined ? "nobody" : (names.get(id) ?? "a former member of staff"));
}

export interface LeadListItem {
  id: string;
  reference: string;
  kindLabel: string;
  who: string;
  vehicle?: string;
  status: string;
  unread: boolean;
  receivedAt: string;
  receivedText: string;
  /** The reference of the earlier lead this one likely repeats. */
  likelyDuplicateOf?: string;
  /** Who looks after it, by name. */
  assignee?: string;
  /** How long since it arrived; late once still new after the dealer's reply target. */
  age: { text: string; late: boolean };
  followUp?: { at: string; text: string; overdue: boolean };
}

/** Who sent a lead, as the inbox names them: their name, else their e-mail address. */
export function whoSent(lead: StoredLead): string {
  const { name, email } = personOf(lead.kind, lead.data);
  return name ?? email ?? "Anonymous";
}

export function vehicleName(lead: StoredLead): string | undefined {
  if (!lead.vehicle) return undefined;
  const name = [lead.vehicle.make, lead.vehicle.model].filter(Boolean).join(" ") || lead.vehicle.id;
  return lead.vehicle.registration ? `${name} (${lead.vehicle.registration})` : name;
}

export function leadListItem(lead: StoredLead, { now, replyTargetHours, nameOf }: ListContext): LeadListItem {
  const waited = now.getTime() - lead.receivedAt.getTime();
  const { assigneeId, followUpAt } = lead.work;
  return {
    id: lead.id,
    reference: lead.reference,
    kindLabel: LEAD_KINDS[lead.kind]?.label ?? lead.kind,
    who: whoSent(lead),
    vehicle: vehicleName(lead),
    status: lead.work.status,
    unread: lead.work.readAt === undefined,
    receivedAt: lead.receivedAt.toISOString(),
    receivedText: londonTime(lead.receivedAt),
    ...(lead.likelyDuplicateOf ? { likelyDuplicateOf: lead.likelyDuplicateOf.reference } : {}),
    ...(assigneeId ? { assignee: nameOf(assigneeId) } : {}),
    age: { text: ageText(waited), late: lead.work.status === "new" && waited > replyTargetHours * 3_600_000 },
    ...(followUpAt
      ? { followUp: { at: followUpAt.toISOString(), text: followUpText(followUpAt, now), overdue: followUpAt.getTime() < now.getTime() } }
      : {}),
  };
}

/** "Likely a duplicate of K7F3-9QXA, sent 3 minutes earlier": how the lead's page names the one it likely repeats. */
export function duplicateText(lead: StoredLead): { id: string; reference: string; earlier: string } | undefined {
  const earlier = lead.likelyDuplicateOf;
  if (!earlier) return undefined;
  const minutes = Math.max(0, Math.round((lead.receivedAt.getTime() - earlier.receivedAt.getTime()) / 60_000));
  const hours = Math.round(minutes / 60);
  const span =
    minutes < 1
      ? "less than a minute"
      : minutes < 90
        ? `${minutes} minute${minutes === 1 ? "" : "s"}`
        : `${hours} hour${hours === 1 ? "" : "s"}`;
  return { id: earlier.id, reference: earlier.reference, earlier: `sent ${span} earlier` };
}
