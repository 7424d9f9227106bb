import { HAND_EDITABLE_FIELDS, HAND_EDITABLE_SPEC, type HandEditableField } from "../../domain/hand-editable-fields";
import { handValueOf, type HandValues } from "../../domain/hand-edits";
import { retailAdvertSchema, vehicleDetailsSchema, type VehicleRecord } from "../../domain/vehicle";
import type { StaffMember } from "../../backend/staff/staff-access";
import type { StaffServices } from "../../backend/staff-services";
import { formText } from "./staff-guard.server";

/**
 * The vehicle console page's reservation and hand edits (description and spec): what its
 * loader adds, and the intents its action hands here. Kept apart from the page, which other
 * work (photos) also changes.
 */

export interface VehicleEditsView {
  reserved: boolean;
  /** Each editable field's current value as the form shows it, and whether it was changed by hand. */
  fields: { field: HandEditableField; value: string; byHand: boolean }[];
}

export function vehicleEditsOf(record: VehicleRecord): VehicleEditsView {
  const marked = new Set(record.handEdited ?? []);
  return {
    reserved: record.reserved === true,
    fields: HAND_EDITABLE_FIELDS.map((field) => {
      const value = handValueOf(record, field);
      return { field, value: value === undefined ? "" : String(value), byHand: marked.has(field) };
    }),
  };
}

export type VehicleEditResult =
  { done: string; field?: undefined; problem?: undefined } | { field: string; problem: string; done?: undefined };

const KIND_OF = new Map<HandEditableField, "text" | "number">([
  ["description", "text"],
  ...HAND_EDITABLE_SPEC.map(({ field, kind }) => [field, kind] as const),
]);

/** What each field's box takes: checked by the same schema a feed's value is. */
function readField(field: HandEditableField, typed: string): { value: unknown } | { problem: string } {
  const trimmed = typed.trim();
  if (trimmed === "") return { value: undefined };
  const raw = KIND_OF.get(field) === "number" ? Number(trimmed.replaceAll(",", "")) : trimmed;
  const schema = field === "description" ? retailAdvertSchema.shape.description : vehicleDetailsSchema.shape[field];
  const parsed = schema.safeParse(raw);
  return parsed.success ? { value: parsed.data } : { problem: parsed.error.issues[0]?.message ?? "is not a value this field takes" };
}

const LABELS = new Map<HandEditableField, string>([
  ["description", "Description"],
  ...HAND_EDITABLE_SPEC.map(({ field, label }) => [field, label] as const),
]);

/** Handles the intents "reserve", "release" and "details"; undefined for any other (the page's own), null when the vehicle has gone. */
export async function vehicleEdit(
  services: StaffServices,
  member: StaffMember,
  address: string,
  id: string,
  form: FormData,
): Promise<VehicleEditResult | null | undefined> {
  const intent = formText(form, "intent");
  if (intent === "reserve" || intent === "release") {
    const changed = await services.vehicles.setReserved(member, address, id, intent === "reserve");
    if (!changed) return null;
    return {
      done: changed.reserved
        ? "Reserved: buyers still find it, marked “Reserved”, after the vehicles they can have."
        : "Released: it is for sale again.",
    };
  }
  if (intent !== "details") return undefined;
  const values: HandValues = {};
  for (const field of HAND_EDITABLE_FIELDS) {
    if (!form.has(field)) continue;
    const read = readField(field, formText(form, field));
    if ("problem" in read) return { field, problem: `${LABELS.get(field)} ${read.problem}` };
    values[field] = read.value;
  }
  const unmark = form
    .getAll("unmark")
    .filter((field): field is HandEditableField => (HAND_EDITABLE_FIELDS as readonly unknown[]).includes(field));
  const edited = await services.vehicles.editDetails(member, address, id, values, unmark);
  if (!edited) return null;
  const names = edited.edited.map((field) => LABELS.get(field)!.toLowerCase());
  return {
    done:
      names.length > 0
        ? `Saved: ${names.join(", ")} changed by hand, kept through feed imports until you let the feed set them again.`
        : "Saved.",
  };
}
