import { describe, expect, it } from "vitest";
import { parseSearchRequest } from "../../domain/parse-search-request";
import type { VehicleType } from "../../domain/vehicle-types";
import { referenceSearch } from "../../tests/support/reference-search";
import { generateDemoStock } from "../demo-stock/generate-demo-stock";
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
/** The word with its last two letters swapped: one typo. */
const typo = (word: string) => `${word.slice(0, -2)}${word.at(-1)}${word.at(-2)}`.toLowerCase();
const first = (type: VehicleType) => stock.find((record) => record.vehicle.vehicleType === type)!.vehicle;

/** Every vehicle of the stock the saved search matches, and every one the plain scan finds for the same search. */
function bothWays(type: VehicleType, query: string) {
  const parsed = parseSearchRequest(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(parsed.error.message);
  const { q, filters } = parsed.value;
  const matches = compileSearch(type, query);
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
    expect(compileSearch("van", "make=Ford&price=5000-20000").priceMax).toBe(20000);
    expect(compileSearch("van", "make=Ford&price=5000-").priceMax).toBeUndefined();
  });

  it("matches nothing of another type, or for a query no longer readable", () => {
    expect(bothWays("truck", `make=${van.make}&model=${van.model}`).matched).toEqual([]);
    expect(prepared.some((vehicle) => compileSearch("van", "price=abc")(vehicle, NOW.getTime()))).toBe(false);
  });
});
