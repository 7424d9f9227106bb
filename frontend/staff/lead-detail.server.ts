import { LEAD_KINDS } from "../../domain/lead-kinds";
import { personOf } from "../../domain/lead-person";
import type { LeadHistoryEntry, StoredLead } from "../../backend/leads/lead-store";
import type { OpenedLead } from "../../backend/staff/lead-inbox";
import { formatMiles, formatPounds } from "../../domain/format";
import { spacedPhone } from "../../domain/uk-formats";
import { dayText, showroomMoment, timeOfDay } from "../../domain/opening-hours";
import { BEST_TIMES, CONTACT_METHODS } from "../../domain/vehicle-lead-wording";
import { statusLabel } from "./lead-labels";
import { duplicateText, londonTime, staffNames, vehicleName, whoSent } from "./lead-views.server";

/** One lead shaped for its staff page: every field in words, the vehicle then and now, forwarding, the work on it. */

/** Labels for the fields the forms use; any other is named from its key ("jobTitle" → "Job title"). */
const FIELD_LABELS: Record<string, string> = {
  licenseType: "Licence",
  licence: "Full UK licence",
  firstName: "First name",
  dob: "Date of birth",
  address1: "Address",
  address2: "Address, second line",
  city: "Town or city",
  residenceYears: "Years at the address",
  residenceMonths: "and months",
  workYears: "Years in the job",
  workMonths: "and months",
  netIncome: "Monthly income after tax",
  termMonths: "Term",
  email: "E-mail address",
  contactMethod: "Reply by",
  bestTime: "Best time to call",
  source: "Signed up on",
  page: "About the page",
};

/** Shown in the vehicle section, not as fields: the vehicle's id as the form sent it, and the vehicle as a lead about it keeps it. */
const VEHICLE_FIELDS = new Set(["vehicleId", "vehicleDetails", "interestedIn", "vehicle"]);

const POUNDS_FIELDS = new Set(["netIncome", "deposit"]);

const labelOf = (key: string) =>
  FIELD_LABELS[key] ??
  key
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/^./, (first) => first.toUpperCase())
    .replace(/ [A-Z]/g, (word) => word.toLowerCase());

const DATE_ONLY = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });

/** "Tuesday 30 November, 10:00": a moment as the showroom's clock reads it. */
export function showroomText(at: Date): string {
  const { date, minutes } = showroomMoment(at);
  return `${dayText(date)}, ${timeOfDay(minutes)}`;
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/** One value of a form, in words: never "true", "2026-11-30" or raw JSON. */
function valueText(key: string, value: unknown): string {
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") {
    if (POUNDS_FIELDS.has(key)) return formatPounds(value);
    if (key === "mileage") return formatMiles(value);
    if (/Years$/.test(key)) return plural(value, "year");
    if (/Months$/.test(key)) return plural(value, "month");
    return value.toLocaleString("en-GB");
  }
  if (typeof value === "string") {
    if (key === "contactMethod") return CONTACT_METHODS[value as keyof typeof CONTACT_METHODS] ?? value;
    if (key === "bestTime") return BEST_TIMES[value as keyof typeof BEST_TIMES] ?? value;
    if (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))) return DATE_ONLY.format(new Date(`${value}T00:00:00Z`));
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => valueText(key, item)).join(", ");
  if (typeof value === "object" && value !== null)
    return Object.entries(value)
      .map(([inner, innerValue]) => `${labelOf(inner)}: ${valueText(inner, innerValue)}`)
      .join("; ");
  return String(value);
}

export interface LeadField {
  label: string;
  value: string;
  /** A tel: or mailto: link for a phone number or e-mail address. */
  href?: string;
}

function fieldsOf(data: unknown): LeadField[] {
  const record = (data ?? {}) as Record<string, unknown>;
  const fields: LeadField[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (VEHICLE_FIELDS.has(key) || value === undefined || value === null || value === "") continue;
    if (key === "time" && typeof record.day === "string") continue;
    if (key === "consent" && typeof value === "object") {
      const { wording, givenAt } = value as { wording: string; givenAt: string };
      fields.push({ label: "Consent", value: `“${wording}”, ticked ${londonTime(new Date(givenAt))}` });
      continue;
    }
    if (key === "previousAddresses" && Array.isArray(value)) {
      value.forEach((address: Record<string, unknown>, index) =>
        fields.push({ label: index === 0 ? "Previous address" : "Address before that", value: previousAddressText(address) }),
      );
      continue;
    }
    if (key === "day" && typeof value === "string" && typeof record.time === "string") {
      fields.push({ label: "Day and time", value: `${dayText(value)}, ${record.time}` });
      continue;
    }
    const text = key === "phone" && typeof value === "string" ? spacedPhone(value) : valueText(key, value);
    const href =
      key === "email" && typeof value === "string"
        ? mailtoOf(value)
        : key === "phone" && typeof value === "string"
          ? `tel:${value.replace(/[^\d+]/g, "")}`
          : undefined;
    fields.push({ label: labelOf(key), value: text, ...(href ? { href } : {}) });
  }
  return fields;
}

/** "2 Dock Road, Leeds, LS1 1AA, for 2 years and 3 months": a finance applicant's previous address as kept. */
function previousAddressText({ address1, address2, city, postcode, residenceYears, residenceMonths }: Record<string, unknown>): string {
  const place = [address1, address2, city, postcode].filter((part) => typeof part === "string" && part).join(", ");
  const time = [
    typeof residenceYears === "number" && plural(residenceYears, "year"),
    typeof residenceMonths === "number" && plural(residenceMonths, "month"),
  ].filter(Boolean);
  return time.length > 0 ? `${place}, for ${time.join(" and ")}` : place;
}

/** A mailto: address with a subject and body filled in; the address keeps its @, as mail programs expect. */
function mailtoOf(address: string, subject?: string, body?: string): string {
  const query = new URLSearchParams();
  if (subject) query.set("subject", subject);
  if (body) query.set("body", body);
  // URLSearchParams writes a space as "+", which mail programs show as a plus sign.
  const params = query.toString().replaceAll("+", "%20");
  return `mailto:${encodeURIComponent(address).replace("%40", "@")}${params ? `?${params}` : ""}`;
}

function historyText(entry: LeadHistoryEntry, nameOf: (id: string | undefined) => string): string {
  const by = nameOf(entry.byId);
  switch (entry.change) {
    case "read":
      return `opened by ${by}`;
    case "status":
      return `${by} changed the status from ${statusLabel(entry.from ?? "new").toLowerCase()} to ${statusLabel(entry.to ?? "").toLowerCase()}`;
    case "assignee":
      return entry.to ? `${by} gave it to ${nameOf(entry.to)}` : `${by} took it off ${nameOf(entry.from)}`;
    case "note":
      return `${by} added a note`;
    case "forwarding-retried":
      return `${by} asked for it to be sent on again`;
    case "follow-up":
      return entry.to ? `${by} set a follow-up for ${showroomText(new Date(entry.to))}` : `${by} cleared the follow-up`;
  }
}

function forwardingOf(lead: StoredLead, forwarding: boolean): { text: string; waiting: boolean } {
  if (!LEAD_KINDS[lead.kind]?.forwarded) return { text: "This kind of lead is kept here for staff, not sent on.", waiting: false };
  if (lead.forwardedAt)
    return {
      text: `Sent ${londonTime(lead.forwardedAt)}, after ${plural(lead.forwardAttempts, "attempt")}.`,
      waiting: false,
    };
  if (!forwarding) return { text: "Not forwarded: no lead address is set, so it is kept here for staff.", waiting: false };
  const failure = lead.lastForwardFailure;
  const next = lead.nextAttemptAt ? londonTime(lead.nextAttemptAt) : "soon";
  return {
    text: failure
      ? `Not sent yet: the last try (${lead.forwardAttempts} so far) ${failure.status ? `was refused with status ${failure.status}` : `could not reach the service (${failure.reason ?? "no answer"})`}; the next is due ${next}.`
      : `Waiting to be sent: due ${next}.`,
    waiting: lead.nextAttemptAt !== undefined,
  };
}

/** The vehicle as a card: what it was, its photo and price now when it is still for sale, or that it sold or went. */
function vehicleCardOf({ lead, vehicleNow }: OpenedLead) {
  const vehicle = lead.vehicle;
  if (!vehicle) return undefined;
  const forSale = vehicleNow?.status === "for sale" ? vehicleNow.record : undefined;
  const sold = vehicleNow?.status === "sold" || vehicle.soldAt !== undefined;
  return {
    id: vehicle.id,
    name: vehicleName(lead) ?? vehicle.id,
    derivative: vehicle.derivative,
    mileage: vehicle.mileage === undefined ? undefined : formatMiles(vehicle.mileage),
    photo: forSale?.media.images[0]?.href,
    priceThen: vehicle.priceGBP === undefined ? undefined : formatPounds(vehicle.priceGBP),
    now: forSale ? formatPounds(forSale.adverts.retailAdverts.totalPrice.amountGBP) : sold ? "Sold" : "No longer in stock",
    // A sold vehicle's page still says what it was, for 30 days.
    href: forSale || vehicleNow?.status === "sold" ? `/vehicles/${vehicle.id}` : undefined,
  };
}

/** What the member of staff writes most often, opened in their own mail program with the buyer's address and the words filled in. */
function replyTemplatesOf(lead: StoredLead, { dealerName, staffName }: PageContext) {
  const data = lead.data as Record<string, unknown>;
  const { email, firstName = "there" } = personOf(lead.kind, lead.data);
  if (!email) return [];
  const about = lead.vehicle ? `the ${[lead.vehicle.make, lead.vehicle.model].filter(Boolean).join(" ") || "vehicle"}` : "your request";
  const signOff = `\n\nKind regards,\n${staffName}\n${dealerName}`;
  const reference = `(reference ${lead.reference})`;
  const templates = [
    {
      label: "Thanks for your enquiry",
      subject: `Your enquiry ${reference}`,
      body: `Dear ${firstName},\n\nThank you for getting in touch about ${about}.`,
    },
    {
      label: "When can we call you?",
      subject: `Can we call you? ${reference}`,
      body: `Dear ${firstName},\n\nWe would like to talk to you about ${about}. When is a good time to call you, and on which number?`,
    },
  ];
  if (typeof data.day === "string" && typeof data.time === "string")
    templates.push({
      label: "Test drive confirmed",
      subject: `Your test drive is confirmed ${reference}`,
      body: `Dear ${firstName},\n\nYour test drive of ${about} is confirmed for ${dayText(data.day)} at ${data.time}. Please bring your driving licence.`,
    });
  return templates.map(({ label, subject, body }) => ({ label, href: mailtoOf(email, subject, `${body}${signOff}`) }));
}

/** Who is reading the page and for which dealer, for the reply templates' sign-off. */
export interface PageContext {
  dealerName: string;
  staffName: string;
}

export function leadDetail(opened: OpenedLead, accounts: { id: string; name: string }[], context: PageContext) {
  const { lead, sameContact, forwarding } = opened;
  const nameOf = staffNames(accounts);
  const who = whoSent(lead);
  const followUpAt = lead.work.followUpAt;
  return {
    id: lead.id,
    reference: lead.reference,
    kindLabel: LEAD_KINDS[lead.kind]?.label ?? lead.kind,
    who,
    receivedText: londonTime(lead.receivedAt),
    likelyDuplicateOf: duplicateText(lead),
    fields: fieldsOf(lead.data),
    vehicle: vehicleCardOf(opened),
    forwarding: forwardingOf(lead, forwarding),
    replies: replyTemplatesOf(lead, context),
    followUp: followUpAt && {
      text: showroomText(followUpAt),
      date: showroomMoment(followUpAt).date,
      time: timeOfDay(showroomMoment(followUpAt).minutes),
    },
    sameContact: sameContact.map((other) => ({
      id: other.id,
      reference: other.reference,
      kindLabel: LEAD_KINDS[other.kind]?.label ?? other.kind,
      receivedText: londonTime(other.receivedAt),
      vehicle: vehicleName(other),
      status: other.work.status,
    })),
    status: lead.work.status,
    lostReason: lead.work.lostReason,
    assigneeId: lead.work.assigneeId,
    notes: lead.work.notes.map((note) => ({ text: note.text, by: nameOf(note.byId), when: londonTime(note.at) })),
    history: lead.work.history.map((entry) => ({ when: londonTime(entry.at), text: historyText(entry, nameOf) })),
  };
}
