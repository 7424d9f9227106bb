import { describe, expect, it } from "vitest";
import { parseSearchRequest } from "./parse-search-request";
import { saveAlertSchema } from "./search-alert-form";
import { describeSearch, savedQueryOf } from "./search-alerts";

const request = (query: string) => {
  const parsed = parseSearchRequest(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

describe("a saved search in words", () => {
  it("says the type, the make and model, then each filter as a buyer reads it", () => {
    expect(describeSearch("van", request("make=Ford&model=Transit Custom&price=-20000&fuelType=Diesel"))).toBe(
      "Vans · Ford Transit Custom · up to £20,000 · diesel",
    );
    expect(describeSearch("car", request("q=heated seats&year=2018-&doors=5&engineSize=1.4-1.6&reduced=1"))).toBe(
      "Cars · “heated seats” · 2018 or newer · 5 doors · engine size 1.4L to 1.6L · recently reduced",
    );
    expect(describeSearch("truck", request(""))).toBe("Trucks");
  });

  it("spells makes and models as the stock does when its options are given", () => {
    const options = { make: [{ value: "Mercedes-Benz", count: 3 }], model: [{ value: "Sprinter", count: 2 }] };
    expect(describeSearch("van", request("make=mercedes-benz&model=sprinter"), options)).toBe("Vans · Mercedes-Benz Sprinter");
  });

  it("says the area by its outward code alone: within a radius, or nearest first", () => {
    expect(describeSearch("car", request("make=Ford&postcode=CH2 1AA&withinMiles=25&sort=distance"))).toBe(
      "Cars · Ford · within 25 miles of CH2",
    );
    expect(describeSearch("car", request("postcode=ch21aa&withinMiles=1"))).toBe("Cars · within 1 mile of CH2");
    expect(describeSearch("car", request("postcode=CH2 1AA&sort=distance"))).toBe("Cars · nearest CH2 first");
    expect(describeSearch("car", request("postcode=CH2 1AA"))).toBe("Cars");
  });
});

describe("what a saved search keeps", () => {
  it("keeps the words, filters and sort of a search, never its page", () => {
    expect(savedQueryOf(request("page=3&pageSize=48&sort=price_asc&make=Ford&q=transit"))).toBe("q=transit&make=Ford&sort=price_asc");
  });

  it("keeps the area asked for as the postcode's outward code alone, with its radius", () => {
    expect(savedQueryOf(request("postcode=CH2 1AA&sort=distance&withinMiles=25&make=Ford"))).toBe(
      "make=Ford&postcode=CH2&withinMiles=25&sort=distance",
    );
    expect(savedQueryOf(request("postcode=ch2 1aa"))).toBe("postcode=CH2");
    expect(savedQueryOf(request("postcode=WN1&withinMiles=10"))).toBe("postcode=WN1&withinMiles=10");
  });

  it("drops sort by distance and a radius without a postcode to measure from", () => {
    expect(savedQueryOf(request("sort=distance&withinMiles=25&make=Ford"))).toBe("make=Ford");
    expect(savedQueryOf({ filters: {}, sort: "distance", withinMiles: 25 })).toBe("");
  });

  it("reads back as the same search, with the outward code for the postcode", () => {
    const saved = request(savedQueryOf(request("postcode=CH2 1AA&withinMiles=25&sort=distance")));
    expect(saved).toMatchObject({ postcode: "CH2", withinMiles: 25, sort: "distance" });
  });

  it("names what is wrong with a save form", () => {
    const parsed = saveAlertSchema.safeParse({ email: "not an address", type: "boat" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map(({ path }) => path[0])).toEqual(["email", "type"]);
    expect(saveAlertSchema.parse({ email: " buyer@example.com ", type: "van" })).toEqual({
      email: "buyer@example.com",
      type: "van",
      frequency: "immediate",
      query: "",
    });
  });
});
