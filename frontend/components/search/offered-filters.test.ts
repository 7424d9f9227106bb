import { describe, expect, it } from "vitest";
import type { SearchRequest } from "../../../domain/search-request";
import { offeredFilters } from "./offered-filters";

const search = (filters: SearchRequest["filters"]): SearchRequest => ({ filters, sort: "relevance", page: 1, pageSize: 24 });
const some = [{ value: "x", count: 1 }];

describe("offeredFilters", () => {
  it("offers make and model always, and the rest when the results have options for them", () => {
    expect(offeredFilters("car", {}, search({}))).toEqual(["make", "model"]);
    expect(offeredFilters("car", { gearbox: some, price: some, colour: [] }, search({}))).toEqual(["make", "model", "price", "gearbox"]);
  });

  it("keeps offering a filter in use when no results are left to give it options", () => {
    expect(offeredFilters("van", {}, search({ make: "Maxus", price: { max: 1 } }))).toEqual(["make", "model", "price"]);
  });

  it("offers cab type and wheelbase for vans and trucks only", () => {
    const options = { cabType: some, wheelbase: some };
    expect(offeredFilters("car", options, search({ cabType: "Double Cab" }))).toEqual(["make", "model"]);
    expect(offeredFilters("truck", options, search({}))).toEqual(["make", "model", "cabType", "wheelbase"]);
  });
});
