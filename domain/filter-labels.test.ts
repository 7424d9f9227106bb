import { describe, expect, it } from "vitest";
import { rangeLabel } from "./filter-labels";

describe("rangeLabel", () => {
  it.each([
    ["price", { max: 5000 }, "Up to £5,000"],
    ["price", { min: 5000, max: 10000 }, "£5,000 – £10,000"],
    ["price", { min: 100000 }, "£100,000 and over"],
    ["price", { min: 12495, max: 12495 }, "£12,495"],
    ["mileage", { max: 10000 }, "Up to 10,000 miles"],
    ["engineSize", { min: 1.4, max: 1.6 }, "1.4L – 1.6L"],
    ["enginePower", { min: 500 }, "500 bhp and over"],
    ["insuranceGroup", { min: 11, max: 20 }, "11 – 20"],
    ["year", { min: 2019, max: 2019 }, "2019"],
    ["year", { max: 1999 }, "1999 or older"],
    ["year", { min: 2018 }, "2018 or newer"],
    ["year", { min: 2015, max: 2018 }, "2015 – 2018"],
  ] as const)("%s %j reads %j", (name, range, label) => {
    expect(rangeLabel(name, range)).toBe(label);
  });
});
