import { priceOf } from "./vehicle-price";
import type { PriceReduction, VehicleRecord } from "./vehicle";

/**
 * The price-reduction rule: every reduction, from the stock console or a feed, is
 * remembered with the vehicle as the price it came down from and when; a later rise forgets
 * it; an unchanged price keeps it. Buyers are told of it for 14 days.
 */

export const PRICE_REDUCTION_SHOWN_DAYS = 14;
export const PRICE_REDUCTION_SHOWN_MS = PRICE_REDUCTION_SHOWN_DAYS * 24 * 60 * 60_000;

/** The reduction to remember once a vehicle priced `before` (with `kept` remembered) is priced `after`. */
export function reductionAfter(
  before: { priceGBP: number; priceReduction?: PriceReduction },
  after: number,
  now: Date,
): PriceReduction | undefined {
  if (after < before.priceGBP) return { fromGBP: before.priceGBP, at: now.toISOString() };
  if (after > before.priceGBP) return undefined;
  return before.priceReduction;
}

/** When the vehicle's price last came down, in milliseconds since 1970; undefined if it has not since its last rise. */
export function reducedAtMs(record: Pick<VehicleRecord, "priceReduction">): number | undefined {
  return record.priceReduction && Date.parse(record.priceReduction.at);
}

/** How much a buyer is told the price came down by ("Price reduced by £N"), while the reduction is recent. */
export function shownReduction(record: Pick<VehicleRecord, "priceReduction" | "adverts">, now: Date): number | undefined {
  const reducedAt = reducedAtMs(record);
  if (reducedAt === undefined || now.getTime() - reducedAt >= PRICE_REDUCTION_SHOWN_MS) return undefined;
  // In pence, so £20,000 less £19,999.99 reads £0.01 and not 0.0100000000002.
  const pence = Math.round(record.priceReduction!.fromGBP * 100) - Math.round(priceOf(record) * 100);
  return pence > 0 ? pence / 100 : undefined;
}
