import type { VehicleRecord } from "./vehicle";

/** The sort orders, with the labels visitors see; their values are part of the public API. */
export const SORT_OPTIONS = [
  { value: "relevance", label: "Relevance" },
  { value: "price_asc", label: "Price low to high" },
  { value: "price_desc", label: "Price high to low" },
  { value: "distance", label: "Distance" },
  { value: "mileage", label: "Mileage low to high" },
  { value: "year_desc", label: "Age newest" },
  { value: "year_asc", label: "Age oldest" },
  { value: "most_recent", label: "Most recently added" },
] as const;

export type SortValue = (typeof SORT_OPTIONS)[number]["value"];
export const SORT_VALUES = SORT_OPTIONS.map((option) => option.value) as [SortValue, ...SortValue[]];
export const DEFAULT_SORT: SortValue = "relevance";

export type SortKey = "price" | "mileage" | "year" | "createdAt" | "hasImages" | "available";
export interface SortStep {
  key: SortKey;
  direction: "asc" | "desc";
}

/**
 * How each order ranks vehicles. Vehicles without the value go last in either direction,
 * and ties fall back to the id (see compareIds) so that pages never overlap or skip a
 * vehicle. "distance" measures from the buyer's postcode when it is given (the search
 * engines order by it first, decision 21); vehicles equally near keep the relevance order.
 */
const RELEVANCE: readonly SortStep[] = [
  // A reserved vehicle (a deposit taken) stays findable, after those a buyer can still have.
  { key: "available", direction: "desc" },
  { key: "hasImages", direction: "desc" },
  { key: "createdAt", direction: "desc" },
];
export const SORT_STEPS: Record<SortValue, readonly SortStep[]> = {
  relevance: RELEVANCE,
  distance: RELEVANCE,
  price_asc: [{ key: "price", direction: "asc" }],
  price_desc: [{ key: "price", direction: "desc" }],
  mileage: [{ key: "mileage", direction: "asc" }],
  year_desc: [{ key: "year", direction: "desc" }],
  year_asc: [{ key: "year", direction: "asc" }],
  most_recent: [{ key: "createdAt", direction: "desc" }],
};

/** The orders in which a keyword search ranks its matches by how well they match, before the steps above. */
export function ranksByKeywords(sort: SortValue): boolean {
  return SORT_STEPS[sort] === RELEVANCE;
}

export function sortKeyValue(record: VehicleRecord, key: SortKey): number | undefined {
  switch (key) {
    case "price":
      return record.adverts.retailAdverts.totalPrice.amountGBP;
    case "mileage":
      return record.vehicle.odometerReadingMiles;
    case "year":
      return record.vehicle.yearOfManufacture;
    case "createdAt":
      return Date.parse(record.createdAt);
    case "hasImages":
      return record.media.images.length > 0 || (record.photos?.uploaded?.length ?? 0) > 0 ? 1 : 0;
    case "available":
      return record.reserved ? 0 : 1;
  }
}

/**
 * The last tie-break of every order: ids compared without regard to case, as Meilisearch
 * compares sortable strings, then exactly, so the order is total.
 */
export function compareIds(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
