import { describe, expect, it } from "vitest";
import { foldRangeEnds, RANGE_PAIR_NAMES, rangeEndParam, rangeSteps } from "./range-ends";

describe("range pairs", () => {
  it("are price, monthly budget, year and mileage, in the filter table's order", () => {
    expect(RANGE_PAIR_NAMES).toEqual(["price", "monthlyPrice", "year", "mileage"]);
    expect(rangeEndParam("price", "min")).toBe("priceMin");
    expect(rangeEndParam("mileage", "max")).toBe("mileageMax");
  });
});

describe("foldRangeEnds, for a budget", () => {
  it("turns the no-script form's ceiling into the one parameter: monthlyPriceMax=250 reads monthlyPrice=-250", () => {
    expect(foldRangeEnds(new URLSearchParams("make=Ford&monthlyPriceMax=250"))?.toString()).toBe("make=Ford&monthlyPrice=-250");
    expect(foldRangeEnds(new URLSearchParams("monthlyPriceMax="))?.toString()).toBe("");
  });
});

describe("rangeSteps", () => {
  it("keeps the steps within the bands that hold vehicles", () => {
    const options = [
      { value: "2017-2017", count: 3 },
      { value: "2019-2019", count: 0 },
      { value: "2020-2020", count: 5 },
    ];
    expect(rangeSteps("year", options)).toEqual([2017, 2018, 2019, 2020]);
    expect(
      rangeSteps("price", [
        { value: "-5000", count: 2 },
        { value: "5000-10000", count: 1 },
      ]),
    ).toEqual([1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000]);
  });

  it("lists an end chosen off the steps, so a band link shows in the select", () => {
    expect(rangeSteps("price", [{ value: "5000-10000", count: 1 }], 7495)).toEqual([5000, 6000, 7000, 7495, 8000, 9000, 10000]);
  });

  it("lists every step when no band holds vehicles", () => {
    expect(rangeSteps("mileage", [])[0]).toBe(5000);
    expect(rangeSteps("mileage", []).at(-1)).toBe(1000000);
  });
});

describe("foldRangeEnds", () => {
  const fold = (query: string) => foldRangeEnds(new URLSearchParams(query))?.toString();

  it("folds a pair into its filter where it stands, as the public contract writes it", () => {
    expect(fold("make=Ford&priceMin=&priceMax=15000&yearMin=&yearMax=&mileageMin=&mileageMax=")).toBe("make=Ford&price=-15000");
    expect(fold("priceMin=10000&priceMax=15000&fuelType=Petrol")).toBe("price=10000-15000&fuelType=Petrol");
    expect(fold("priceMin=10000&priceMax=&yearMin=2018&yearMax=")).toBe("price=10000-&year=2018-");
  });

  it("swaps ends given the wrong way round, leaves out what is not a number, and replaces a value sent beside the pair", () => {
    expect(fold("priceMin=15000&priceMax=10000")).toBe("price=10000-15000");
    expect(fold("priceMin=cheap&priceMax=9000")).toBe("price=-9000");
    expect(fold("price=5000-10000&priceMin=&priceMax=20000")).toBe("price=-20000");
  });

  it("is undefined for an address without a pair, and leaves a filter without its pair as it was", () => {
    expect(fold("price=-15000&year=2018-")).toBeUndefined();
    expect(fold("price=-15000&mileageMin=&mileageMax=60000")).toBe("price=-15000&mileage=-60000");
  });
});
