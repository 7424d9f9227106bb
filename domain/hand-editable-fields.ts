/**
 * What the stock manager may correct by hand on a vehicle's console page: its description
 * and the spec values a feed most often gets wrong. A field changed by hand is marked so
 * (the record's `handEdited`), and a feed import keeps the hand's value until the manager
 * clears the mark (backend/store/stamp-record.ts, with domain/hand-edits.ts). Each is a field
 * of VehicleDetails (vehicle.ts), which imports this list for the record's marks.
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
] as const satisfies readonly { field: string; label: string; kind: "text" | "number" }[];

export type HandEditableSpec = (typeof HAND_EDITABLE_SPEC)[number]["field"];
export const HAND_EDITABLE_FIELDS = ["description", ...HAND_EDITABLE_SPEC.map(({ field }) => field)] as [
  "description",
  ...HandEditableSpec[],
];
export type HandEditableField = (typeof HAND_EDITABLE_FIELDS)[number];
