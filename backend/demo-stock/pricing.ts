import type { VehicleType } from "../../domain/vehicle";
import type { Derivative, FuelType } from "./model-range";
import type { SeededRandom } from "./random";

/**
 * What a demo vehicle is advertised at: its list price when new, depreciated by age and by
 * mileage above or below the norm, with a little noise for condition and spec, then rounded
 * the way dealers price (£12,495, £8,995).
 */

/** List prices have risen about 3% a year, so older stock listed for less when new. */
const LIST_PRICE_INFLATION = 0.03;
/** Value kept after the first year, then each further year. Electric vehicles have fallen faster. */
const DEPRECIATION: Record<VehicleType, { firstYear: number; laterYears: number }> = {
  car: { firstYear: 0.8, laterYears: 0.89 },
  van: { firstYear: 0.85, laterYears: 0.88 },
  truck: { firstYear: 0.85, laterYears: 0.86 },
};
const ELECTRIC_LATER_YEARS = 0.83;
/** Preparation and warranty cost a dealer much the same on any used vehicle, so cheap ones carry more of it. */
const USED_STOCK_MARGIN = 1_000;
/** Pre-registered stock is sold at this much off list, less a random extra of up to NEW_STOCK_EXTRA_DISCOUNT. */
const NEW_STOCK_DISCOUNT = 0.04;
const NEW_STOCK_EXTRA_DISCOUNT = 0.08;
/** Value lost (or gained) per year's worth of miles above (or below) the norm for the age. */
const MILEAGE_EFFECT = 0.035;
const MILEAGE_FACTOR_RANGE = { min: 0.55, max: 1.2 };
const PRICE_NOISE = 0.07;
const CHEAPEST_PRICE = 995;

export function listPriceWhenNew(derivative: Derivative, year: number, referenceYear: number): number {
  const priceYear = derivative.lastYear ?? referenceYear;
  return derivative.newPrice * Math.pow(1 - LIST_PRICE_INFLATION, Math.max(0, priceYear - year));
}

export interface PricedVehicle {
  vehicleType: VehicleType;
  fuel: FuelType;
  listPrice: number;
  isNew: boolean;
  ageYears: number;
  mileage: number;
  milesPerYear: number;
}

export function askingPrice(vehicle: PricedVehicle, random: SeededRandom): number {
  if (vehicle.isNew) {
    const discount = NEW_STOCK_DISCOUNT + random.next() * NEW_STOCK_EXTRA_DISCOUNT;
    return dealerRounded(vehicle.listPrice * (1 - discount));
  }
  const value = vehicle.listPrice * valueKept(vehicle) * mileageFactor(vehicle) * random.spread(PRICE_NOISE);
  return dealerRounded(value + USED_STOCK_MARGIN);
}

function valueKept({ vehicleType, fuel, ageYears }: PricedVehicle): number {
  const { firstYear, laterYears } = DEPRECIATION[vehicleType];
  // The first year's loss accrues over that year, from the moment it leaves the forecourt.
  if (ageYears < 1) return 1 - (1 - firstYear) * Math.max(0.5, ageYears);
  const yearly = fuel === "Electric" ? ELECTRIC_LATER_YEARS : laterYears;
  return firstYear * Math.pow(yearly, ageYears - 1);
}

function mileageFactor({ ageYears, mileage, milesPerYear }: PricedVehicle): number {
  const extraYearsOfMiles = (mileage - milesPerYear * ageYears) / milesPerYear;
  const factor = 1 - MILEAGE_EFFECT * extraYearsOfMiles;
  return Math.min(MILEAGE_FACTOR_RANGE.max, Math.max(MILEAGE_FACTOR_RANGE.min, factor));
}

/** To the nearest £500, less £5: the price ends in 495 or 995. */
function dealerRounded(value: number): number {
  return Math.max(CHEAPEST_PRICE, Math.round(value / 500) * 500 - 5);
}
