import type { VehicleType } from "../../domain/vehicle";
import type { BodyType } from "./bodywork";
import type { Derivative } from "./model-range";
import type { SeededRandom } from "./random";

/**
 * How old demo stock is and how far it has been driven: when each vehicle was first
 * registered, and an odometer reading that fits its age and the work it does.
 */

export const FIRST_STOCK_YEAR = 2012;

/** A calendar month, 1-12 for January-December. */
export interface YearMonth {
  year: number;
  month: number;
}

/** Share of stock by age in whole years (index 0 is this year): dealers hold most at 2-7 years old. */
const AGE_WEIGHTS = [4, 8, 11, 12, 12, 11, 10, 9, 8, 6, 5, 4, 3, 2.5, 2];
const OLDEST_AGE_WEIGHT = 1.5;
/** UK registrations peak in March and September, when the plate's age identifier changes. */
const MONTH_WEIGHTS = [6, 3, 17, 7, 7, 8, 5, 3, 15, 8, 7, 6];
/** Nearly-new stock was registered this month or in the two before it. */
const NEW_STOCK_MONTHS = 3;

export function monthOf(date: Date): YearMonth {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

/** The years between FIRST_STOCK_YEAR and the reference year in which a derivative was on sale, if any. */
export function yearsOnSale(derivative: Derivative, referenceYear: number): { first: number; last: number } | undefined {
  const first = Math.max(FIRST_STOCK_YEAR, derivative.firstYear);
  const last = Math.min(referenceYear, derivative.lastYear ?? referenceYear);
  return first <= last ? { first, last } : undefined;
}

export function chooseUsedRegistration(derivative: Derivative, reference: YearMonth, random: SeededRandom): YearMonth {
  const years = yearsOnSale(derivative, reference.year);
  if (!years) throw new RangeError(`${derivative.name} was not on sale by ${reference.year}`);
  const year = weightedPick(years.first, years.last, random, (candidate) => ageWeight(reference.year - candidate));
  // A registration this year cannot be later than this month.
  const lastMonth = year === reference.year ? reference.month : 12;
  const month = weightedPick(1, lastMonth, random, (candidate) => MONTH_WEIGHTS[candidate - 1]!);
  return { year, month };
}

export function chooseNewRegistration(reference: YearMonth, random: SeededRandom): YearMonth {
  const firstMonth = Math.max(1, reference.month - NEW_STOCK_MONTHS + 1);
  return { year: reference.year, month: random.between(firstMonth, reference.month) };
}

/** Years since registration, counting the registration month as half gone. */
export function ageInYears(registered: YearMonth, reference: YearMonth): number {
  const months = (reference.year - registered.year) * 12 + (reference.month - registered.month);
  return (months + 0.5) / 12;
}

/** Cars average 7,400 miles a year in the UK, vans 13,000; tractor units run day and night. */
export function annualMiles(vehicleType: VehicleType, bodyType: BodyType): number {
  if (bodyType === "Tractor Unit") return 70_000;
  return vehicleType === "car" ? 7_400 : 13_000;
}

const NEW_STOCK_MAX_MILES = 99;
const USED_STOCK_MIN_MILES = 250;
/** How far one vehicle's use strays from the average (log-normal spread). */
const USAGE_SPREAD = 0.45;
/** Divides out the log-normal's mean, exp(sigma^2 / 2), so average use stays the national average. */
const USAGE_MEAN = Math.exp((USAGE_SPREAD * USAGE_SPREAD) / 2);
/** The hardest-worked vehicles cover about this multiple of the average; the log-normal's tail would go on. */
const MAX_USAGE = 1.8;

export function odometerMiles(milesPerYear: number, ageYears: number, isNew: boolean, random: SeededRandom): number {
  if (isNew) return random.between(5, NEW_STOCK_MAX_MILES);
  const usage = Math.min(MAX_USAGE, random.spread(USAGE_SPREAD) / USAGE_MEAN);
  const miles = milesPerYear * ageYears * usage;
  return Math.max(USED_STOCK_MIN_MILES, Math.round(miles));
}

function ageWeight(age: number): number {
  return AGE_WEIGHTS[age] ?? OLDEST_AGE_WEIGHT;
}

/** A whole number from first to last, both included, drawn in proportion to weightOf. */
function weightedPick(first: number, last: number, random: SeededRandom, weightOf: (candidate: number) => number): number {
  let total = 0;
  for (let candidate = first; candidate <= last; candidate++) total += weightOf(candidate);
  let target = random.next() * total;
  for (let candidate = first; candidate < last; candidate++) {
    target -= weightOf(candidate);
    if (target < 0) return candidate;
  }
  return last;
}
