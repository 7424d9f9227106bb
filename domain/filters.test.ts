import { describe, expect, it } from "vitest";
import { FILTERS, filterAppliesTo, formatRange, inRange, spelledAsStock } from "./filters";
import { monthlyPriceFrom } from "./finance";
import { MODEL_YEARS } from "./model-years";

describe("spelledAsStock", () => {
  const makes = [
    { value: "Ford", count: 16 },
    { value: "Mercedes-Benz", count: 4 },
    { value: "Citroën", count: 2 },
  ];

  it("spells a value as the option it matches, whatever the address's case and spacing", () => {
    expect(spelledAsStock("ford", makes)).toBe("Ford");
    expect(spelledAsStock(" MERCEDES-BENZ ", makes)).toBe("Mercedes-Benz");
    expect(spelledAsStock("citroe\u0308n", makes)).toBe("Citroën");
  });

  it("keeps the value as given when no option matches, or there are none", () => {
    expect(spelledAsStock("NoSuchMake", makes)).toBe("NoSuchMake");
    expect(spelledAsStock("ford")).toBe("ford");
  });
});

describe("year bands", () => {
  const bands = FILTERS.year.bands;

  it("give every year from 2000 to the last the schema could ever accept a band of its own, in order", () => {
    for (let year = 2000; year <= MODEL_YEARS.latest; year++) {
      expect(bands.filter((band) => inRange(year, band)).map(formatRange), String(year)).toEqual([`${year}-${year}`]);
    }
    expect(bands.map((band) => band.min ?? -Infinity)).toEqual([...bands.map((band) => band.min ?? -Infinity)].sort((a, b) => a - b));
  });

  it("put every older year in one band", () => {
    expect(formatRange(bands[0]!)).toBe("-1999");
    expect(inRange(MODEL_YEARS.earliest, bands[0]!)).toBe(true);
  });
});

describe("van specification filters", () => {
  it("are offered on the van search only: roof height, payload and load length", () => {
    for (const name of ["roofHeight", "payload", "loadLength"] as const) {
      expect(filterAppliesTo(name, "van"), name).toBe(true);
      expect(filterAppliesTo(name, "car"), name).toBe(false);
      expect(filterAppliesTo(name, "truck"), name).toBe(false);
    }
  });

  it("read a van's payload in bands a small van and a 3.5-tonne van fall in apart", () => {
    const bandsOf = (kg: number) => FILTERS.payload.bands.filter((band) => inRange(kg, band)).map(formatRange);
    expect(bandsOf(650)).toEqual(["-750"]);
    expect(bandsOf(1000)).toEqual(["750-1000", "1000-1250"]);
    expect(bandsOf(1400)).toEqual(["1250-1500"]);
    expect(bandsOf(1600)).toEqual(["1500-"]);
  });
});

describe("the monthly budget filter", () => {
  const record = (amountGBP: number, vatStatus?: string) =>
    ({ adverts: { retailAdverts: { totalPrice: { amountGBP }, ...(vatStatus ? { vatStatus } : {}) } } }) as Parameters<
      typeof FILTERS.monthlyPrice.read
    >[0];

  it("reads the monthly price each card shows, so 'Up to £310 a month' takes the representative £12,000 (£309.93)", () => {
    expect(FILTERS.monthlyPrice.read(record(12000))).toBe(309.93);
    expect(FILTERS.monthlyPrice.read(record(12000))).toBe(monthlyPriceFrom(12000, undefined));
    expect(inRange(FILTERS.monthlyPrice.read(record(12000)), { max: 310 })).toBe(true);
    expect(inRange(FILTERS.monthlyPrice.read(record(12100)), { max: 310 })).toBe(false);
  });

  it("adds VAT first where the price excludes it, as the monthly price does: £10,000 + VAT is £12,000 financed", () => {
    expect(FILTERS.monthlyPrice.read(record(10000, "Ex VAT"))).toBe(309.93);
    expect(FILTERS.monthlyPrice.read(record(10000, "Inc VAT"))).toBe(monthlyPriceFrom(10000, "Inc VAT"));
  });

  it("is offered for every type, as a ceiling alone", () => {
    for (const type of ["car", "van", "truck"] as const) expect(filterAppliesTo("monthlyPrice", type)).toBe(true);
    expect(FILTERS.monthlyPrice.upToOnly).toBe(true);
    expect(FILTERS.monthlyPrice.steps[0]).toBe(100);
    expect(FILTERS.monthlyPrice.steps.at(-1)).toBe(600);
  });
});
