import { describe, expect, it } from "vitest";
import { searchTarget } from "./search-target";

const target = (query: string) => searchTarget(new URLSearchParams(query));

describe("searchTarget", () => {
  it("goes to the chosen type's search with the make and model", () => {
    expect(target("type=van&make=Ford&model=Transit+Custom")).toBe("/van-search?make=Ford&model=Transit+Custom");
    expect(target("type=truck&make=&model=")).toBe("/truck-search");
  });

  it("carries the condition a new or used page searches with", () => {
    expect(target("type=car&condition=New&make=Kia&model=")).toBe("/car-search?make=Kia&condition=New");
    expect(target("type=van&condition=Used&make=&model=&q=")).toBe("/van-search?condition=Used");
  });

  it("falls back to cars for a type it does not know", () => {
    expect(target("type=boat&make=Ford")).toBe("/car-search?make=Ford");
  });

  it("turns a monthly budget into the prices it buys, less VAT for a personal buyer", () => {
    expect(target("type=van&budget=-309.93&customer=business")).toBe("/van-search?price=-12000");
    expect(target("type=van&budget=-309.93&customer=personal")).toBe("/van-search?price=-10000");
    expect(target("type=van&budget=300-500&customer=business")).toMatch(/^\/van-search\?price=11615-19359$/);
  });

  it("carries a postcode along, tidied and nearest first; one it cannot read as typed, for the search to say so", () => {
    expect(target("type=car&postcode=l3+4bp")).toBe("/car-search?postcode=L3+4BP&sort=distance");
    expect(target("type=car&postcode=wn1")).toBe("/car-search?postcode=WN1&sort=distance");
    expect(target("type=car&postcode=nowhere")).toBe("/car-search?postcode=nowhere&sort=distance");
    expect(target("type=car&postcode=+")).toBe("/car-search");
  });
});
