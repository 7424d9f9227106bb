import { describe, expect, it } from "vitest";
import type { SearchRequest } from "../../../domain/search-request";
import { searchHref, withFilter, withoutFilters, withRangeEnd, withSort } from "./search-changes";

const search: SearchRequest = {
  filters: { make: "Ford", model: "Focus", derivative: "1.0 EcoBoost", price: { max: 20000 } },
  sort: "price_asc",
  page: 3,
  pageSize: 24,
};

describe("search changes", () => {
  it("sets one end of a range pair, keeping the other, and opens it again with Any", () => {
    expect(withRangeEnd(search, "price", "min", "10000")).toMatchObject({ filters: { price: { min: 10000, max: 20000 } }, page: 1 });
    expect(withRangeEnd(search, "price", "max", "")).toMatchObject({ filters: { make: "Ford", model: "Focus" } });
    expect(withRangeEnd(search, "price", "max", "").filters.price).toBeUndefined();
    expect(withRangeEnd(search, "mileage", "max", "60000").filters.mileage).toEqual({ max: 60000 });
    expect(searchHref("/car-search", withRangeEnd({ ...search, filters: {} }, "year", "min", "2018"))).toBe(
      "/car-search?year=2018-&sort=price_asc",
    );
  });

  it("leaves the other end open when an end is taken past it", () => {
    expect(withRangeEnd(search, "price", "min", "25000").filters.price).toEqual({ min: 25000 });
    const between = withRangeEnd(search, "price", "min", "10000");
    expect(withRangeEnd(between, "price", "max", "5000").filters.price).toEqual({ max: 5000 });
  });

  it("sets a text filter and goes back to the first page", () => {
    expect(withFilter(search, "colour", "Blue")).toMatchObject({ filters: { ...search.filters, colour: "Blue" }, page: 1 });
  });

  it("clears the model and derivative when the make changes, and only then", () => {
    expect(withFilter(search, "make", "Vauxhall").filters).toEqual({ make: "Vauxhall", price: { max: 20000 } });
    expect(withFilter(search, "make", "").filters).toEqual({ price: { max: 20000 } });
    expect(withFilter(search, "make", "FORD").filters).toMatchObject({ model: "Focus", derivative: "1.0 EcoBoost" });
    expect(withFilter(search, "model", "Fiesta").filters).toEqual({ make: "Ford", model: "Fiesta", price: { max: 20000 } });
  });

  it("reads a band into a range, and Any as no filter", () => {
    expect(withFilter(search, "price", "5000-10000").filters.price).toEqual({ min: 5000, max: 10000 });
    expect(withFilter(search, "year", "2018-").filters.year).toEqual({ min: 2018 });
    expect(withFilter(search, "price", "").filters).not.toHaveProperty("price");
  });

  it("changes the order, back on the first page", () => {
    expect(withSort(search, "mileage")).toMatchObject({ sort: "mileage", page: 1, filters: search.filters });
  });

  it("clears every filter but keeps the order", () => {
    expect(withoutFilters(search)).toEqual({ filters: {}, sort: "price_asc", page: 1, pageSize: 24 });
  });

  it("writes the address with only the values given", () => {
    expect(searchHref("/car-search", { filters: { make: "Land Rover", price: { max: 20000 } }, sort: "relevance", page: 1 })).toBe(
      "/car-search?make=Land+Rover&price=-20000",
    );
    expect(searchHref("/van-search", withoutFilters({ ...search, sort: "relevance" }))).toBe("/van-search");
  });
});
