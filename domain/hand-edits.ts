import type { HandEditableField } from "./hand-editable-fields";
import type { VehicleDetails, VehicleFeedRecord } from "./vehicle";

type Content = Pick<VehicleFeedRecord, "vehicle" | "media" | "adverts">;
/** The values of the marked fields, undefined where the hand left a field empty. */
export type HandValues = Partial<Record<HandEditableField, unknown>>;

/** A field's value; it does not compile should the list of fields name one a vehicle does not have. */
export function handValueOf(content: Content, field: HandEditableField): unknown {
  return field === "description" ? content.adverts.retailAdverts.description : content.vehicle[field];
}

export function handValuesOf(content: Content, fields: readonly HandEditableField[]): HandValues {
  return Object.fromEntries(fields.map((field) => [field, handValueOf(content, field)]));
}

/** A feed's content with the hand's values put back over it. */
export function withHandValues<T extends Content>(content: T, values: HandValues): T {
  const vehicle: Record<string, unknown> = { ...content.vehicle };
  const retailAdverts: Record<string, unknown> = { ...content.adverts.retailAdverts };
  for (const [field, value] of Object.entries(values) as [HandEditableField, unknown][]) {
    const target = field === "description" ? retailAdverts : vehicle;
    const key = field === "description" ? "description" : field;
    if (value === undefined) delete target[key];
    else target[key] = value;
  }
  return {
    ...content,
    vehicle: vehicle as VehicleDetails,
    adverts: { ...content.adverts, retailAdverts: retailAdverts as Content["adverts"]["retailAdverts"] },
  };
}
