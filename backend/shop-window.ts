import { monthlyPriceFrom } from "../domain/finance";
import type { Filters } from "../domain/filters";
import type { SearchRequest } from "../domain/search-request";
import type { VehicleRecord, VehicleType } from "../domain/vehicle";
import { VEHICLE_TYPES } from "../domain/vehicle-types";

/** What the shop window asks of the catalogue (Catalogue.search): a page of one type's vehicles. */
interface VehicleSearch {
  search(type: VehicleType, request: SearchRequest): Promise<{ vehicles: VehicleRecord[] }>;
}

/**
 * The home page's shop window: one vehicle of each type that a buyer would want to see first.
 *
 * The rule: of each type, the vehicle with the lowest monthly price among those at most 6
 * years old (made this year or in the 6 before) with at most 60,000 miles. A type with none
 * such widens to at most 10 years and 100,000 miles, and then to any vehicle of the type,
 * so the window shows every type in stock. The cheapest
 * 24 by price stand for the whole tier when choosing the lowest monthly price, which adds
 * VAT to prices that exclude it: only 24 cheaper ex-VAT vehicles could hide it.
 */
export const SHOP_WINDOW_TIERS: readonly { maxAgeYears?: number; maxMiles?: number }[] = [
  { maxAgeYears: 6, maxMiles: 60_000 },
  { maxAgeYears: 10, maxMiles: 100_000 },
  {},
];

const CANDIDATES = 24;

export async function shopWindow(catalogue: VehicleSearch, now = new Date()): Promise<VehicleRecord[]> {
  const chosen = await Promise.all(VEHICLE_TYPES.map((type) => shopWindowPick(catalogue, type, now)));
  return chosen.filter((record) => record !== undefined);
}

async function shopWindowPick(catalogue: VehicleSearch, type: VehicleType, now: Date): Promise<VehicleRecord | undefined> {
  for (const { maxAgeYears, maxMiles } of SHOP_WINDOW_TIERS) {
    const filters: Filters = {};
    if (maxAgeYears !== undefined) filters.year = { min: now.getUTCFullYear() - maxAgeYears };
    if (maxMiles !== undefined) filters.mileage = { max: maxMiles };
    const { vehicles } = await catalogue.search(type, { filters, sort: "price_asc", page: 1, pageSize: CANDIDATES });
    const lowest = lowestMonthly(vehicles);
    if (lowest) return lowest;
  }
  return undefined;
}

function lowestMonthly(records: readonly VehicleRecord[]): VehicleRecord | undefined {
  let best: { record: VehicleRecord; monthly: number } | undefined;
  for (const record of records) {
    const { totalPrice, vatStatus } = record.adverts.retailAdverts;
    const monthly = monthlyPriceFrom(totalPrice.amountGBP, vatStatus);
    if (!best || monthly < best.monthly) best = { record, monthly };
  }
  return best?.record;
}
