import type { VehicleDetails, VehicleFeedRecord } from "./vehicle";

/**
 * What the stock manager may correct by hand on a vehicle's console page: its description
 * and the spec values a feed most often gets wrong. A field changed by hand is marked so
 * (the record's `handEdited`), and a feed import keeps the hand's value until the manager
 * clears the mark (backend/store/stamp-record.ts).
 */
export const HAND_EDITABLE_SPEC = [
  { field: "derivative", label: "Derivative", kind: "text" },
  { field: "colour", label: "Colour", kind: "text" },
  { field: "bodyType", label: "Body type", kind: "text" },
  { field: "fuelType", label: "Fuel", kind: "text" },
  { field: "transmissionType", label: "Gearbox", kind: "text" },
  { field: "yearOfManufacture", label: "Year", kind: "number" },
  { field: "odometerReadingMiles", label: "Mileage (miles)", kind: "number" },
  { field: "doors", label: "Doors", kind: "number" },
  { field: "seats", label: "Seats", kind: "number" },
  { field: "owners", label: "Previous owners", kind: "number" },
  { field: "engineSize", label: "Engine size (litres)", kind: "number" },
  { field: "enginePower", label: "Engine power (bhp)", kind: "number" },
  { field: "serviceHistory", label: "Service history", kind: "text" },
] as const satisfies readonly { field: keyof VehicleDetails; label: string; kind: "text" | "number" }[];

export type HandEditableSpec = (typeof HAND_EDITABLE_SPEC)[number]["field"];
export const HAND_EDITABLE_FIELDS = ["description", ...HAND_EDITABLE_SPEC.map(({ field }) => field)] as [
  "description",
  ...HandEditableSpec[],
];
export type HandEditableField = (typeof HAND_EDITABLE_FIELDS)[number];

type Content = Pick<VehicleFeedRecord, "vehicle" | "media" | "adverts">;
/** The values of the marked fields, undefined where the hand left a field empty. */
export type HandValues = Partial<Record<HandEditableField, unknown>>;

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
