import { afterEach, describe, expect, it, vi } from "vitest";
import { FILTER_NAMES, type Filters } from "../../domain/filters";
import type { VehicleRecord } from "../../domain/vehicle";
import { generateDemoStock } from "../demo-stock/generate-demo-stock";
import { feedRecord } from "../../tests/support/known-vehicles";
import { referenceSearch } from "../../tests/support/reference-search";
import { ColumnarIndex } from "./columnar-index";
import type { SearchQuery } from "./search-engine";

/**
 * Facet building takes three routes: a whole scope's counts made at build time, a small
 * match set counted directly, and a large one counted as the scope less what it lacks.
 * Each route must give the reference's answer.
 */
const stock = [...generateDemoStock({ count: 1500, seed: 11, referenceDate: new Date("2026-11-01T00:00:00Z") })];

async function* records(): AsyncIterable<VehicleRecord> {
  yield* stock;
}

const index = await ColumnarIndex.build(records());
const query = (type: SearchQuery["type"], filters: Filters): SearchQuery => ({
  type,
  filters,
  sort: "price_asc",
  page: 1,
  pageSize: 24,
  facets: FILTER_NAMES,
});

const inScope = (type: SearchQuery["type"]) => stock.filter((r) => !type || r.vehicle.vehicleType === type).length;

describe("facet building", () => {
  it.each([
    ["a whole type, no filters", query("car", {}), "all"],
    ["all stock, no filters", query(undefined, {}), "all"],
    ["a broad filter, counted as the scope less what it lacks", query("car", { price: { min: 2000 } }), "most"],
    ["two broad filters", query("car", { price: { min: 2000 }, doors: "5" }), "most"],
    ["a narrow filter, counted directly", query("van", { make: "Ford", wheelbase: "LWB" }), "few"],
    ["a filter that matches nothing", query("truck", { make: "Lada" }), "few"],
  ] as const)("%s", (_label, q, breadth) => {
    const expected = referenceSearch(stock, q);
    const share = expected.total / inScope(q.type);
    expect(breadth === "all" ? share === 1 : breadth === "most" ? share > 0.5 && share < 1 : share < 0.5).toBe(true);
    const actual = index.search(q);
    expect(actual.total).toBe(expected.total);
    expect(actual.ids).toEqual(expected.ids);
    for (const name of FILTER_NAMES) expect(actual.facets[name], name).toEqual(expected.facets[name]);
  });
});

describe("keyword search", () => {
  it.each([
    ["a word in most of the stock, its options counted over the scope less what it lacks", query("car", {}), "manual"],
    ["a make with a typo, with a filter", query("van", { price: { max: 20000 } }), "vokswagen"],
    ["words found only in equipment, with the last a prefix", query(undefined, {}), "heated seats blue"],
  ] as const)("%s", (_label, base, q) => {
    const ranked = { ...base, q, sort: "relevance" as const, pageSize: 50 };
    const expected = referenceSearch(stock, ranked);
    expect(expected.total).toBeGreaterThan(0);
    const actual = index.search(ranked);
    expect(actual.total).toBe(expected.total);
    expect(actual.ids).toEqual(expected.ids);
    for (const name of FILTER_NAMES) expect(actual.facets[name], name).toEqual(expected.facets[name]);
  });

  it("ranks matches with fewer typos first under relevance, then as without keywords; other orders stay as they are", async () => {
    const car = (id: string, model: string, createdAt: string): VehicleRecord => ({
      ...feedRecord({ id, vehicle: { vehicleType: "car", make: "Vauxhall", model }, price: 5000, createdAt }),
      _id: id,
      createdAt,
      updatedAt: createdAt,
    });
    // "corsa" is exact for the Corsas and one typo from the Corso, the newest.
    const small = await ColumnarIndex.build(
      (async function* () {
        yield* [
          car("corsa-old", "Corsa", "2026-01-01T00:00:00Z"),
          car("corso-new", "Corso", "2026-03-01T00:00:00Z"),
          car("corsa-mid", "Corsa", "2026-02-01T00:00:00Z"),
        ];
      })(),
    );
    const search = (sort: SearchQuery["sort"]) => small.search({ q: "corsa", sort, filters: {}, page: 1, pageSize: 10, facets: [] }).ids;
    expect(search("relevance")).toEqual(["corsa-mid", "corsa-old", "corso-new"]);
    expect(search("most_recent")).toEqual(["corso-new", "corsa-mid", "corsa-old"]);
    expect(small.search({ q: "corsa", sort: "relevance", filters: {}, page: 2, pageSize: 2, facets: [] }).ids).toEqual(["corso-new"]);
  });
});

describe("Recently reduced", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is judged at the time of each search, not of the index's build, and leaves hidden vehicles out", async () => {
    const built = new Date("2026-11-25T12:00:00.000Z");
    vi.useFakeTimers({ now: built, toFake: ["Date"] });
    const [a, b, c] = stock.filter((record) => record.vehicle.vehicleType === "car").slice(0, 3) as [
      VehicleRecord,
      VehicleRecord,
      VehicleRecord,
    ];
    const reduced = (record: VehicleRecord, daysAgo: number) => ({
      ...record,
      priceReduction: {
        fromGBP: record.adverts.retailAdverts.totalPrice.amountGBP + 500,
        at: new Date(built.getTime() - daysAgo * 86_400_000).toISOString(),
      },
    });
    const small = await ColumnarIndex.build(
      (async function* () {
        yield* [reduced(a, 1), reduced(b, 13), { ...reduced(c, 2), hidden: true as const }];
      })(),
    );
    const recent = () =>
      small.search({ type: "car", filters: { reduced: true }, sort: "price_asc", page: 1, pageSize: 10, facets: ["reduced"] });
    expect(recent().ids.sort()).toEqual([a._id, b._id].sort());
    expect(recent().facets.reduced).toEqual([{ value: "1", count: 2 }]);

    // Two days on, with the same index: the older reduction is past its 14 days.
    vi.setSystemTime(new Date(built.getTime() + 2 * 86_400_000));
    expect(recent().ids).toEqual([a._id]);
    expect(recent().facets.reduced).toEqual([{ value: "1", count: 1 }]);
    expect(small.search({ type: "car", filters: {}, sort: "price_asc", page: 1, pageSize: 10, facets: [] }).total).toBe(2);
  });
});
