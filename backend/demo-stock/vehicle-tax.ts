import type { ModelLine } from "./model-range";
import type { YearMonth } from "./stock-age";

/**
 * Vehicle excise duty a year, roughly at 2025/26 rates: cars first registered before
 * April 2017 pay by CO2 band, later cars a flat rate plus a supplement in years two to six
 * when they listed above £40,000; vans a flat light-goods rate; lorries by gross weight
 * (VED plus HGV levy).
 */

/** Upper CO2 limit of each band (g/km) and its rate, for cars registered March 2001 - March 2017. */
const CO2_BANDS: readonly (readonly [maxGramsPerKm: number, pounds: number])[] = [
  [110, 20],
  [120, 35],
  [130, 165],
  [140, 195],
  [150, 215],
  [165, 265],
  [175, 315],
  [185, 345],
  [200, 395],
  [225, 430],
  [255, 735],
  [Infinity, 760],
];
const FLAT_RATE_FROM: YearMonth = { year: 2017, month: 4 };
const CAR_STANDARD_RATE = 195;
const EXPENSIVE_CAR_SUPPLEMENT = 425;
const EXPENSIVE_CAR_LIST_PRICE = 40_000;
/** The supplement runs out once the car is six years old (its sixth year of tax). */
const SUPPLEMENT_YEARS = 6;
const LIGHT_GOODS_RATE = 345;
/** Upper gross weight of each band (tonnes) and its rate with the HGV levy. */
const HGV_BANDS: readonly (readonly [maxTonnes: number, pounds: number])[] = [
  [3.5, LIGHT_GOODS_RATE],
  [11.99, 165],
  [18, 450],
  [26, 650],
  [32, 1_000],
  [Infinity, 1_200],
];

export interface TaxableVehicle {
  line: ModelLine;
  registered: YearMonth;
  ageYears: number;
  /** What it listed at when new, in pounds. */
  listPrice: number;
  co2Emissions?: number;
}

export function vehicleTaxPerYear({ line, registered, ageYears, listPrice, co2Emissions }: TaxableVehicle): number {
  switch (line.vehicleType) {
    case "van":
      return LIGHT_GOODS_RATE;
    case "truck":
      return rateFor(HGV_BANDS, line.grossTonnes);
    case "car":
      if (isBefore(registered, FLAT_RATE_FROM)) return rateFor(CO2_BANDS, co2Emissions ?? 0);
      return listPrice > EXPENSIVE_CAR_LIST_PRICE && ageYears < SUPPLEMENT_YEARS
        ? CAR_STANDARD_RATE + EXPENSIVE_CAR_SUPPLEMENT
        : CAR_STANDARD_RATE;
  }
}

function rateFor(bands: readonly (readonly [number, number])[], value: number): number {
  const band = bands.find(([limit]) => value <= limit);
  if (!band) throw new RangeError(`no tax band covers ${value}`);
  return band[1];
}

function isBefore(a: YearMonth, b: YearMonth): boolean {
  return a.year < b.year || (a.year === b.year && a.month < b.month);
}
