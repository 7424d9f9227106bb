import { describe, expect, it } from "vitest";
import { radiusMetres } from "../../domain/distance";
import { parseSearchRequest } from "../../domain/parse-search-request";
import type { VehicleType } from "../../domain/vehicle-types";
import { referenceSearch } from "../../tests/support/reference-search";
import { BranchPlaces } from "../branches/branch-places";
import { loadDealerNow } from "../dealer-config";
import { generateDemoStock } from "../demo-stock/generate-demo-stock";
import { outcodeCentre } from "../geo/outcode-locations";
import { compileSearch, prepareVehicle } from "./search-matcher";

/** Now: the plain scan reads recent filters against the clock. */
const NOW = new Date();
const DAY = 24 * 60 * 60_000;
/** Demo stock, every seventh vehicle reduced a day more ago than the one before, some within the two weeks "recently reduced" keeps. */
const stock = [...generateDemoStock({ count: 600, seed: 11, referenceDate: NOW })].map((record, index) =>
  index % 7 === 0
    ? {
        ...record,
        priceReduction: {
          fromGBP: record.adverts.retailAdverts.totalPrice.amountGBP + 500,
          at: new Date(NOW.getTime() - (index / 7) * DAY).toISOString(),
        },
      }
    : record,
);
const prepared = stock.map(prepareVehicle);
const places = BranchPlaces.ofDealer(loadDealerNow("dealer.json"));
/** The word with its last two letters swapped: one typo. */
const typo = (word: string) => `${word.slice(0, -2)}${word.at(-1)}${word.at(-2)}`.toLowerCase();
const first = (type: VehicleType) => stock.find((record) => record.vehicle.vehicleType === type)!.vehicle;

/** Every vehicle of the stock the saved search matches, and every one the plain scan finds for the same search. */
function bothWays(type: VehicleType, query: string) {
  const parsed = parseSearchRequest(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(parsed.error.message);
  const { q, filters } = parsed.value;
  const matches = compileSearch(type, query, places);
  const matched = prepared.filter((vehicle) => matches(vehicle, NOW.getTime())).map(({ record }) => record._id);
  const scanned = referenceSearch(stock, { type, q, filters, sort: "relevance", page: 1, pageSize: stock.length, facets: [] }).ids;
  return { matched: matched.sort(), scanned: [...scanned].sort() };
}

describe("a saved search matches a vehicle exactly when a search for it finds the vehicle", () => {
  const van = first("van");
  const car = first("car");
  it.each<[string, VehicleType, string]>([
    ["a make and model, any spelling", "van", `make=${van.make.toUpperCase()}&model=${van.model.toLowerCase()}`],
    ["a price ceiling and a fuel", "van", "price=-20000&fuelType=diesel"],
    ["ranges from and between", "car", "year=2019-&mileage=10000-60000&engineSize=1.4-2"],
    ["a monthly budget", "car", "monthlyPrice=-250"],
    ["recently reduced", "car", "reduced=1"],
    ["keywords, with a typo and a prefix", "car", `q=${typo(car.make)} ${car.model.slice(0, 3).toLowerCase()}`],
    ["keywords and filters", "van", `q=${van.model}&price=-30000`],
    ["every vehicle of its type", "truck", ""],
  ])("%s", (_name, type, query) => {
    const { matched, scanned } = bothWays(type, query);
    expect(scanned.length).toBeGreaterThan(0);
    expect(matched).toEqual(scanned);
  });

  it("says the most a search will pay, so vehicles taken cheapest first can stop there", () => {
    expect(compileSearch("van", "make=Ford&price=5000-20000", places).priceMax).toBe(20000);
    expect(compileSearch("van", "make=Ford&price=5000-", places).priceMax).toBeUndefined();
  });

  it("matches nothing of another type, or for a query no longer readable", () => {
    expect(bothWays("truck", `make=${van.make}&model=${van.model}`).matched).toEqual([]);
    expect(prepared.some((vehicle) => compileSearch("van", "price=abc", places)(vehicle, NOW.getTime()))).toBe(false);
  });
});

describe("a saved search within N miles of an outward code, over a group's three branches", () => {
  const group = BranchPlaces.ofDealer(loadDealerNow("dealer-group.json"));
  const codes = group.branches.map((branch) => branch.code);
  const groupStock = [...generateDemoStock({ count: 300, seed: 11, referenceDate: NOW, branches: codes })];
  const groupPrepared = groupStock.map(prepareVehicle);
  const matchedIn = (query: string) =>
    groupPrepared.filter((vehicle) => compileSearch("car", query, group)(vehicle, NOW.getTime())).map(({ record }) => record._id);
  const cars = groupStock.filter((record) => record.vehicle.vehicleType === "car");

  // From Liverpool (L3), Wigan and Warrington are about 16 miles away, Bolton about 25.
  it.each([10, 20, 30])("matches the cars at branches within %i miles of L3, as a search for them finds", (miles) => {
    const scanned = referenceSearch(
      groupStock,
      {
        type: "car",
        filters: {},
        near: { point: outcodeCentre("L3")!, withinMetres: radiusMetres(miles) },
        sort: "relevance",
        page: 1,
        pageSize: groupStock.length,
        facets: [],
      },
      group,
    ).ids;
    expect(matchedIn(`postcode=L3&withinMiles=${miles}`).sort()).toEqual([...scanned].sort());
  });

  it("keeps the near branches' cars and leaves the far branch's out", () => {
    const atBranch = (code: string) => cars.filter((record) => record.branch === code).map(({ _id }) => _id);
    const matched = new Set(matchedIn("postcode=L3&withinMiles=20"));
    for (const near of ["wigan", "warrington"]) expect(atBranch(near).every((id) => matched.has(id))).toBe(true);
    expect(atBranch("bolton").length).toBeGreaterThan(0);
    expect(atBranch("bolton").some((id) => matched.has(id))).toBe(false);
  });

  it("matches nothing within a radius of an outward code it cannot place, and everywhere without a radius", () => {
    expect(matchedIn("postcode=BT1&withinMiles=200")).toEqual([]);
    expect(matchedIn("postcode=L3&sort=distance")).toHaveLength(cars.length);
  });
});
