import type { VehicleType } from "./vehicle-types";

/**
 * A vehicle's mileage against the average for its age, from the Department for Transport's
 * figures: about 7,400 miles a year for a car (National Travel Survey), 13,000 for a van (van
 * traffic over licensed vans, DfT van statistics 2019-20) and 35,000 for a heavy goods vehicle
 * (DfT road traffic estimates, some 17 billion HGV miles a year, over the half a million HGVs
 * licensed). Judging a lorry by a van's average called a tractor unit's ordinary mileage
 * hundreds of thousands of miles above average. Only the year of manufacture is known, so a
 * vehicle is taken to be as old as mid-year of that year.
 */
export const AVERAGE_MILES_A_YEAR: Record<VehicleType, number> = { car: 7400, van: 13000, truck: 35000 };

export interface MileageComparison {
  /** Positive: above the average; negative: below. */
  difference: number;
  averageForAge: number;
  averagePerYear: number;
}

export function mileageAgainstAverage(
  type: VehicleType,
  yearOfManufacture: number | undefined,
  mileage: number | undefined,
  today: Date = new Date(),
): MileageComparison | undefined {
  if (yearOfManufacture === undefined || mileage === undefined) return undefined;
  // Whole months since July of the year of manufacture.
  const ageMonths = (today.getUTCFullYear() - yearOfManufacture) * 12 + (today.getUTCMonth() - 6);
  const ageYears = Math.max(0, ageMonths / 12);
  const averagePerYear = AVERAGE_MILES_A_YEAR[type];
  const averageForAge = Math.round(averagePerYear * ageYears);
  return { difference: mileage - averageForAge, averageForAge, averagePerYear };
}
