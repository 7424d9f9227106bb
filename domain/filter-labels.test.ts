import { describe, expect, it } from "vitest";
import { rangeLabel, stepLabel } from "./filter-labels";

describe("rangeLabel", () => {
  it.each([
    ["price", { max: 5000 }, "Up to £5,000"],
    ["price", { max: 15000 }, "Up to £15,000"],
    ["price", { min: 10000, max: 15000 }, "£10,000 to £15,000"],
    ["price", { min: 10000 }, "From £10,000"],
    ["price", { min: 100000 }, "From £100,000"],
    ["price", { min: 12495, max: 12495 }, "£12,495"],
    ["mileage", { max: 60000 }, "Up to 60,000 miles"],
    ["monthlyPrice", { max: 250 }, "Up to £250 a month"],
    ["mileage", { min: 20000, max: 40000 }, "20,000 miles to 40,000 miles"],
    ["engineSize", { min: 1.4, max: 1.6 }, "1.4L to 1.6L"],
    ["enginePower", { min: 500 }, "From 500 bhp"],
    ["insuranceGroup", { min: 11, max: 20 }, "11 to 20"],
    ["year", { min: 2019, max: 2019 }, "2019"],
    ["year", { max: 1999 }, "1999 or older"],
    ["year", { min: 2018 }, "2018 or newer"],
    ["year", { min: 2015, max: 2018 }, "2015 to 2018"],
  ] as const)("%s %j reads %j", (name, range, label) => {
    expect(rangeLabel(name, range)).toBe(label);
  });
});

describe("stepLabel", () => {
  it("reads one end as its select lists it", () => {
    expect(stepLabel("price", 15000)).toBe("£15,000");
    expect(stepLabel("mileage", 60000)).toBe("60,000 miles");
    expect(stepLabel("year", 2018)).toBe("2018");
  });
});
