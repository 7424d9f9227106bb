import { LEAD_KINDS } from "../../domain/lead-kinds";
import type { LeadHistoryEntry } from "../../backend/leads/lead-store";
import type { OpenedLead } from "../../backend/staff/lead-inbox";
import { formatPounds } from "../../domain/format";
import { statusLabel } from "./lead-labels";
import { duplicateText, londonTime, vehicleName, whoSent } from "./lead-views.server";

/** One lead shaped for its staff page: every field in words, the vehicle then and now, forwarding, the work on it. */

/** Labels for the fields the forms use; any other is named from its key ("jobTitle" → "Job title"). */
const FIELD_LABELS: Record<string, string> = {
  licenseType: "Licence",
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
  email: "E-mail address",
  source: "Signed up on",
  page: "About the page",
};

/** Shown in the vehicle section, not as fields: the vehicle's id as the form sent it, and the vehicle as a lead about it keeps it. */
const VEHICLE_FIELDS = new Set(["vehicleId", "vehicleDetails", "interestedIn", "vehicle"]);

const labelOf = (key: string) =>
  FIELD_LABELS[key] ??
  key
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/^./, (first) => first.toUpperCase())
    .replace(/ [A-Z]/g, (word) => word.toLowerCase());

function fieldsOf(data: unknown): { label: string; value: string }[] {
  const fields: { label: string; value: string }[] = [];
  for (const [key, value] of Object.entries((data ?? {}) as Record<string, unknown>)) {
    if (VEHICLE_FIELDS.has(key) || value === undefined || value === null || value === "") continue;
    if (key === "consent" && typeof value === "object") {
      const { wording, givenAt } = value as { wording: string; givenAt: string };
      fields.push({ label: "Consent", value: `“${wording}”, ticked ${londonTime(new Date(givenAt))}` });
      continue;
    }
    fields.push({
      label: labelOf(key),
      value:
        key === "netIncome" && typeof value === "number"
          ? formatPounds(value)
          : typeof value === "object"
            ? JSON.stringify(value)
            : String(value),
    });
  }
  return fields;
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
  }
}

export function leadDetail({ lead, vehicleNow }: OpenedLead, accounts: { id: string; name: string }[]) {
  const names = new Map(accounts.map(({ id, name }) => [id, name]));
  const nameOf = (id: string | undefined) => (id === undefined ? "nobody" : (names.get(id) ?? "a former member of staff"));
  const forwardingText = !LEAD_KINDS[lead.kind]?.forwarded
    ? "This kind of lead is kept here for staff, not sent on."
    : lead.forwardedAt
      ? `Sent ${londonTime(lead.forwardedAt)}, after ${lead.forwardAttempts} attempt${lead.forwardAttempts === 1 ? "" : "s"}.`
      : lead.lastForwardFailure
        ? `Not sent yet: the last try (${lead.forwardAttempts} so far) ${lead.lastForwardFailure.status ? `was refused with status ${lead.lastForwardFailure.status}` : `could not reach the service (${lead.lastForwardFailure.reason ?? "no answer"})`}; the next is due ${lead.nextAttemptAt ? londonTime(lead.nextAttemptAt) : "soon"}.`
        : "Waiting to be sent.";
  return {
    id: lead.id,
    reference: lead.reference,
    kindLabel: LEAD_KINDS[lead.kind]?.label ?? lead.kind,
    who: whoSent(lead),
    receivedText: londonTime(lead.receivedAt),
    likelyDuplicateOf: duplicateText(lead),
    fields: fieldsOf(lead.data),
    vehicle: lead.vehicle && {
      id: lead.vehicle.id,
      name: vehicleName(lead) ?? lead.vehicle.id,
      inStockNow: vehicleNow !== undefined,
      priceThen: lead.vehicle.priceGBP,
      priceNow: vehicleNow?.adverts.retailAdverts.totalPrice.amountGBP,
    },
    forwarding: { text: forwardingText, waiting: lead.nextAttemptAt !== undefined && !lead.forwardedAt },
    status: lead.work.status,
    lostReason: lead.work.lostReason,
    assigneeId: lead.work.assigneeId,
    notes: lead.work.notes.map((note) => ({ text: note.text, by: nameOf(note.byId), when: londonTime(note.at) })),
    history: lead.work.history.map((entry) => ({ when: londonTime(entry.at), text: historyText(entry, nameOf) })),
  };
}
