import { describe, expect, it } from "vitest";
import { filterConditions, quoteFilterValue } from "./meili-filter";

describe("quoteFilterValue", () => {
  it.each([
    ["Ford", '"Ford"'],
    ["Mercedes-Benz", '"Mercedes-Benz"'],
    ["Land Rover", '"Land Rover"'],
    ["AND", '"AND"'],
    ['6" wheels', '"6\\" wheels"'],
    ["back\\slash", '"back\\\\slash"'],
    ['x" OR type = "van', '"x\\" OR type = \\"van"'],
    ['\\" OR 1 = 1', '"\\\\\\" OR 1 = 1"'],
    ["", '""'],
  ])("quotes %j as %s", (value, quoted) => {
    expect(quoteFilterValue(value)).toBe(quoted);
  });

  it("reads back as exactly the value, with the closing quote last", () => {
    for (const hostile of ['"', '\\"', '\\\\"', 'a"b', 'a\\"b', '"\\', '" OR make = "BMW', "\\n", "Citro\u00ebn"]) {
      expect(readQuotedLikeMeilisearch(quoteFilterValue(hostile))).toBe(hostile);
    }
  });
});

/**
 * Meilisearch's reading of a double-quoted value (crates/filter-parser/src/value.rs): the
 * value runs to the first quote not preceded by a backslash-escape; then `\"` becomes `"`
 * and `\\` becomes `\`. Throws if the value ends before the last character.
 */
function readQuotedLikeMeilisearch(quoted: string): string {
  expect(quoted.startsWith('"')).toBe(true);
  let i = 1;
  for (; i < quoted.length; i++) {
    if (quoted[i] === "\\") i++;
    else if (quoted[i] === '"') break;
  }
  if (i !== quoted.length - 1) throw new Error(`the value ended at ${i}, before the end of ${quoted}`);
  return quoted.slice(1, -1).replace(/\\(["\\])/g, "$1");
}

describe("filterConditions", () => {
  it("combines the type, text filters and ranges", () => {
    expect(
      filterConditions("van", { make: "Ford", price: { min: 5000, max: 10000 }, year: { min: 2018 }, engineSize: { max: 1.6 } }),
    ).toEqual(['type = "van"', 'make = "Ford"', "price >= 5000", "price <= 10000", "year >= 2018", "engineSize <= 1.6"]);
  });

  it("leaves out the filters an option count is made without", () => {
    expect(filterConditions("car", { make: "BMW", model: "X3", fuelType: "Diesel" }, ["make", "model"])).toEqual([
      'type = "car"',
      'fuelType = "Diesel"',
    ]);
  });

  it("compares when a recent event happened with the time of the search, to the minute", () => {
    const now = Date.parse("2026-11-25T12:00:30.000Z");
    const since = Date.parse("2026-11-11T12:00:00.000Z");
    expect(filterConditions("car", { reduced: true }, [], now)).toEqual(['type = "car"', `reduced >= ${since}`]);
    expect(filterConditions("car", { reduced: true }, ["reduced"], now)).toEqual(['type = "car"']);
  });

  it("filters all stock when no type is given", () => {
    expect(filterConditions(undefined, {})).toEqual([]);
  });

  it("keeps a hostile value inside its quotes", () => {
    expect(filterConditions("car", { make: 'x" OR type = "van' })).toEqual(['type = "car"', 'make = "x\\" OR type = \\"van"']);
  });

  it("refuses a bound that is not a finite number", () => {
    expect(() => filterConditions("car", { price: { min: Number.NaN } })).toThrow(RangeError);
  });
});
