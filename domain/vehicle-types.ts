/** The three kinds of stock, and how the site names them. Kept free of the schema so pages can use it without shipping the validator. */
export const VEHICLE_TYPES = ["car", "van", "truck"] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

/** "1 car", "2,000 vans", "Trucks for sale". */
export const VEHICLE_NOUNS: Record<VehicleType, { one: string; many: string; title: string }> = {
  car: { one: "car", many: "cars", title: "Cars" },
  van: { one: "van", many: "vans", title: "Vans" },
  truck: { one: "truck", many: "trucks", title: "Trucks" },
};
