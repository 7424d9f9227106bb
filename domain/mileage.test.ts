import { describe, expect, it } from "vitest";
import { mileageAgainstAverage } from "./mileage";

const today = new Date("2026-07-01T00:00:00Z");

describe("mileageAgainstAverage", () => {
  it("compares a car with 7,400 miles a year for its age", () => {
    // Five years old exactly: 37,000 miles is the average.
    expect(mileageAgainstAverage("car", 2021, 39847, today)).toEqual({ difference: 2847, averageForAge: 37000, averagePerYear: 7400 });
    expect(mileageAgainstAverage("car", 2021, 30000, today)?.difference).toBe(-7000);
  });

  it("uses 13,000 miles a year for vans and 35,000 for trucks", () => {
    expect(mileageAgainstAverage("van", 2021, 65000, today)).toMatchObject({ averageForAge: 65000, difference: 0 });
    expect(mileageAgainstAverage("truck", 2024, 0, today)?.averageForAge).toBe(70000);
  });

  it("says nothing when the age or the mileage is unknown", () => {
    expect(mileageAgainstAverage("car", undefined, 30000, today)).toBeUndefined();
    expect(mileageAgainstAverage("car", 2020, undefined, today)).toBeUndefined();
  });

  it("treats a vehicle from the future as new", () => {
    expect(mileageAgainstAverage("car", 2027, 10, today)?.averageForAge).toBe(0);
  });
});
