import { LEAD_KINDS } from "../../domain/lead-kinds";
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
}

/** Who sent a lead, as the inbox names them: their name, else their e-mail address. */
export function whoSent(lead: StoredLead): string {
  const data = lead.data as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return text(data.name) || [text(data.firstName), text(data.surname)].filter(Boolean).join(" ") || text(data.email) || "Anonymous";
}

export function vehicleName(lead: StoredLead): string | undefined {
  if (!lead.vehicle) return undefined;
  const name = [lead.vehicle.make, lead.vehicle.model].filter(Boolean).join(" ") || lead.vehicle.id;
  return lead.vehicle.registration ? `${name} (${lead.vehicle.registration})` : name;
}

export function leadListItem(lead: StoredLead): LeadListItem {
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
