import { describe, expect, it } from "vitest";
import { parseRange } from "./filters";
import { parseSearchRequest, parseSearchRequestLeniently, tidySearchQuery } from "./parse-search-request";
import { readSearchRequest, searchRequestToParams } from "./search-request";

const parse = (query: string) => parseSearchRequest(new URLSearchParams(query));

describe("parseRange", () => {
  it.each([
    ["5000-10000", { min: 5000, max: 10000 }],
    ["-20000", { max: 20000 }],
    ["2018-", { min: 2018 }],
    ["1.4-2.0", { min: 1.4, max: 2 }],
    ["2019", { min: 2019, max: 2019 }],
    [" 5000-10000 ", { min: 5000, max: 10000 }],
    ["999999999-", { min: 999999999 }],
    ["0.1234-1.5", { min: 0.1234, max: 1.5 }],
  ])("reads %j", (text, range) => {
    expect(parseRange(text)).toEqual(range);
  });

  it.each([
    "abc",
    "-",
    "",
    "10-5",
    "5,000-10,000",
    "1e5-",
    "--5",
    "5-10-15",
    "£5000-",
    "1000000000-",
    "1000000000000000000000-",
    "-1000000000000000000000",
    "1.12345-2",
  ])("rejects %j with a reason", (text) => {
    const result = parseRange(text);
    expect(result).toHaveProperty("problem");
  });

  it("says which end is wrong when a range runs backwards", () => {
    expect(parseRange("10-5")).toEqual({ problem: "starts above where it ends (10 is more than 5)" });
  });
});

describe("parseSearchRequest", () => {
  it("reads filters, sort and paging, with defaults for what is missing", () => {
    expect(parse("make=Ford&price=5000-10000&sort=price_asc&page=2")).toEqual({
      ok: true,
      value: { filters: { make: "Ford", price: { min: 5000, max: 10000 } }, sort: "price_asc", page: 2, pageSize: 24 },
    });
    expect(parse("")).toEqual({ ok: true, value: { filters: {}, sort: "relevance", page: 1, pageSize: 24 } });
  });

  it("ignores unknown parameters and treats empty values as not given", () => {
    expect(parse("utm_source=news&fbclid=x&make=&model=&price=&sort=&page=")).toEqual({
      ok: true,
      value: { filters: {}, sort: "relevance", page: 1, pageSize: 24 },
    });
  });

  it.each([
    ["price=abc", "price", 'price must be a range like 5000-10000, -20000 or 2018- (got "abc")'],
    ["price=10-5", "price", "price starts above where it ends (10 is more than 5)"],
    // A bound Meilisearch would see as "1e+21" is refused for both engines alike.
    ["price=1000000000000000000000-", "price", 'price must be a range like 5000-10000, -20000 or 2018- (got "1000000000000000000000-")'],
    ["page=0", "page", "page must be a whole number from 1"],
    ["page=1.5", "page", "page must be a whole number from 1"],
    ["pageSize=1000", "pageSize", "pageSize must be a whole number from 1 to 100"],
    ["pageSize=0", "pageSize", "pageSize must be a whole number from 1 to 100"],
    ["sort=cheapest", "sort", "sort must be one of relevance, price_asc, price_desc, distance, mileage, year_desc, year_asc, most_recent"],
    ["make=Ford&make=BMW", "make", "make was given 2 times; give it once"],
    [`model=${"x".repeat(10_000)}`, "model", "model is too long (at most 100 characters)"],
    [`q=${"ford ".repeat(40)}`, "q", "q is too long (at most 100 characters)"],
    ["q=ford%00focus", "q", "q must not contain control characters (tabs, line breaks and the like)"],
    ["q=ford%09focus", "q", "q must not contain control characters (tabs, line breaks and the like)"],
    ["q=a&q=b", "q", "q was given 2 times; give it once"],
  ])("rejects %s naming the parameter", (query, field, message) => {
    expect(parse(query)).toEqual({ ok: false, error: { field, message } });
  });

  it("reads keywords as typed, trimmed, and leaves them out when blank", () => {
    expect(parse("q=+vauxhsll+corsa+&make=Vauxhall")).toEqual({
      ok: true,
      value: { q: "vauxhsll corsa", filters: { make: "Vauxhall" }, sort: "relevance", page: 1, pageSize: 24 },
    });
    expect(parse("q=+++")).toEqual({ ok: true, value: { filters: {}, sort: "relevance", page: 1, pageSize: 24 } });
  });

  it("writes keywords first in the canonical query string and reads them back", () => {
    const params = searchRequestToParams({ q: "320d m sport", filters: { make: "BMW" }, sort: "price_asc" });
    expect(params.toString()).toBe("q=320d+m+sport&make=BMW&sort=price_asc");
    expect(readSearchRequest(params).q).toBe("320d m sport");
  });

  it("reads an on/off filter as on only from 1, and says what else it takes", () => {
    expect(parse("reduced=1")).toMatchObject({ ok: true, value: { filters: { reduced: true } } });
    expect(parse("reduced=")).toMatchObject({ ok: true, value: { filters: {} } });
    expect(parse("reduced=yes")).toEqual({ ok: false, error: { field: "reduced", message: "reduced must be 1 (on) or left out (off)" } });
    const written = searchRequestToParams({ filters: { make: "Ford", reduced: true } });
    expect(written.toString()).toBe("make=Ford&reduced=1");
    expect(readSearchRequest(written).filters).toEqual({ make: "Ford", reduced: true });
    expect(readSearchRequest(new URLSearchParams("reduced=on")).filters).toEqual({});
  });

  it("lets unknown parameters repeat", () => {
    expect(parse("utm_source=a&utm_source=b").ok).toBe(true);
  });
});

describe("parseSearchRequestLeniently", () => {
  it("leaves out each malformed value, saying which, and reads the rest", () => {
    const { value, dropped } = parseSearchRequestLeniently(new URLSearchParams("make=Ford&price=abc&year=2018-&sort=cheapest&page=2"));
    expect(value).toEqual({ filters: { make: "Ford", year: { min: 2018 } }, sort: "relevance", page: 2, pageSize: 24 });
    expect(dropped.map(({ field }) => field).sort()).toEqual(["price", "sort"]);
  });

  it("drops nothing from a sound address", () => {
    expect(parseSearchRequestLeniently(new URLSearchParams("make=Ford")).dropped).toEqual([]);
  });
});

describe("tidySearchQuery", () => {
  const tidy = (query: string) => tidySearchQuery(new URLSearchParams(query))?.toString();

  it("leaves out the empty fields a form without JavaScript submits, and the default sort and page size", () => {
    expect(tidy("sort=relevance&pageSize=24&make=DAF")).toBe("make=DAF");
    expect(tidy("sort=relevance&make=Ford&model=&price=5000-10000&year=&mileage=&gearbox=")).toBe("make=Ford&price=5000-10000");
    expect(tidy("sort=relevance&make=&model=")).toBe("");
    expect(tidy("make=Ford&sort=+relevance+")).toBe("make=Ford");
  });

  it("keeps everything else as given: values, their order, the page, other parameters", () => {
    expect(tidy("sort=price_asc&make=ford&year=&page=3&utm_source=mail&postcode=L3+4BP")).toBe(
      "sort=price_asc&make=ford&page=3&utm_source=mail&postcode=L3+4BP",
    );
    expect(tidy("page=&pageSize=48&colour=")).toBe("pageSize=48");
  });

  it("folds the minimum and maximum selects a form without JavaScript sends into their filter", () => {
    expect(tidy("make=Ford&model=&priceMin=&priceMax=15000&yearMin=2018&yearMax=&mileageMin=&mileageMax=&sort=relevance")).toBe(
      "make=Ford&price=-15000&year=2018-",
    );
    expect(tidy("priceMin=&priceMax=")).toBe("");
  });

  it("is undefined for an address with nothing to leave out, so a tidy address is never redirected", () => {
    expect(tidy("")).toBeUndefined();
    expect(tidy("make=Ford&sort=price_asc&page=2")).toBeUndefined();
    expect(tidy("utm_source=&fbclid=")).toBeUndefined();
  });
});

describe("searchRequestToParams", () => {
  it("writes only what differs from the defaults, in the filter table's order", () => {
    const params = searchRequestToParams({
      filters: { price: { max: 20000 }, make: "Ford", year: { min: 2018 } },
      sort: "relevance",
      page: 1,
      pageSize: 24,
    });
    expect(params.toString()).toBe("make=Ford&price=-20000&year=2018-");
  });

  it("round-trips through the parser", () => {
    const query = "make=Land+Rover&model=Defender&mileage=10000-30000&sort=year_desc&page=3&pageSize=50";
    const parsed = parse(query);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(searchRequestToParams(parsed.value).toString()).toBe(query);
  });
});

describe("readSearchRequest", () => {
  const read = (query: string) => readSearchRequest(new URLSearchParams(query));

  it("reads what the strict parser reads, for URLs the site writes", () => {
    const query = "make=Ford&model=Focus&price=-20000&year=2018-&sort=price_asc&page=2";
    const strict = parse(query);
    if (!strict.ok) throw new Error(strict.error.message);
    expect(read(query)).toEqual(strict.value);
  });

  it("leaves out what the strict parser would refuse, instead of failing", () => {
    expect(read("make=Ford&price=abc&sort=cheapest&page=0&pageSize=1000")).toEqual({
      filters: { make: "Ford" },
      sort: "relevance",
      page: 1,
      pageSize: 24,
    });
  });
});
