import type { VehicleType } from "./vehicle-types";

/**
 * A vehicle's mileage against the average for its age, from the Department for Transport's
 * figures: about 7,400 miles a year for a car, 13,000 for a van or truck. Only the year of
 * manufacture is known, so a vehicle is taken to be as old as mid-year of that year.
 */
export const AVERAGE_MILES_A_YEAR: Record<VehicleType, number> = { car: 7400, van: 13000, truck: 13000 };

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
