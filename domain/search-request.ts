import { FILTER_NAMES, FILTER_ON, FILTERS, formatRange, parseRange, type Filters, type FilterValue } from "./filters";
import { DEFAULT_SORT, SORT_VALUES, type SortValue } from "./sort";
import { outwardCodeOf, tidyPostcode } from "./uk-formats";

/**
 * A search as a URL states it: the API's query string and the search pages' URLs alike.
 * This module holds the shape, writes it to a query string and reads it back leniently in
 * the browser; strict reading, with a message for every bad value, is
 * `parse-search-request.ts`, kept apart so the browser does not ship the validator.
 */

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
/** Longer than any search a buyer types; the search engines read its first 10 words. */
export const MAX_QUERY_LENGTH = 100;
/** The widest "within N miles": Land's End to John o' Groats is under 700 as the crow flies. */
export const MAX_WITHIN_MILES = 1000;
/** The radii the search pages offer; any whole number up to MAX_WITHIN_MILES reads from an address. */
export const WITHIN_MILES_OPTIONS = [5, 10, 25, 50, 100, 200] as const;

/** A postcode as a search keeps it: a whole one tidied ("WN1 1AA"), or an outward code alone ("WN1"); undefined when it is neither. */
export function buyerPostcode(text: string): string | undefined {
  const outward = outwardCodeOf(text);
  if (!outward) return undefined;
  return tidyPostcode(text) ?? outward;
}

export interface SearchRequest {
  /** Keywords typed by the buyer, matched against the vehicle's words (absent: no keyword search). */
  q?: string;
  filters: Filters;
  /**
   * The buyer's postcode ("WN1 1AA"), or its outward code alone ("WN1"), tidied: each
   * vehicle is then so many miles away, `distance` orders nearest first, and `withinMiles`
   * applies. Absent: no distances, and `distance` orders as `relevance` does.
   */
  postcode?: string;
  /** Only vehicles at most this many miles from the postcode (ignored without one). */
  withinMiles?: number;
  sort: SortValue;
  page: number;
  pageSize: number;
}

/** The canonical query string of a search: known values only, in the filter table's order. */
export function searchRequestToParams(request: Partial<SearchRequest>): URLSearchParams {
  const params = new URLSearchParams();
  if (request.q) params.set("q", request.q);
  for (const name of FILTER_NAMES) {
    const value = request.filters?.[name];
    if (value === undefined) continue;
    params.set(name, filterParam(value));
  }
  if (request.postcode) params.set("postcode", request.postcode);
  if (request.withinMiles !== undefined) params.set("withinMiles", String(request.withinMiles));
  if (request.sort && request.sort !== DEFAULT_SORT) params.set("sort", request.sort);
  if (request.page && request.page > 1) params.set("page", String(request.page));
  if (request.pageSize && request.pageSize !== DEFAULT_PAGE_SIZE) params.set("pageSize", String(request.pageSize));
  return params;
}

/** A filter's value as a query string writes it: text as it is, a range as `min-max`, an on/off filter as on. */
export function filterParam(value: FilterValue): string {
  if (value === true) return FILTER_ON;
  return typeof value === "string" ? value : formatRange(value);
}

/**
 * The search a query string asks for, read leniently: a value the server would refuse is
 * left out rather than reported. For the browser, which reads URLs the server has already
 * checked or the site wrote itself.
 */
export function readSearchRequest(params: URLSearchParams): SearchRequest {
  const filters: Record<string, unknown> = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name)?.trim();
    if (!value) continue;
    const kind = FILTERS[name].kind;
    if (kind === "text") filters[name] = value;
    else if (kind === "recent") {
      if (value === FILTER_ON) filters[name] = true;
    } else {
      const range = parseRange(value);
      if (!("problem" in range)) filters[name] = range;
    }
  }
  const sort = params.get("sort") ?? "";
  const q = params.get("q")?.trim();
  const postcode = buyerPostcode(params.get("postcode") ?? "");
  const withinMiles = wholeNumberIn(params.get("withinMiles"), 1, MAX_WITHIN_MILES);
  return {
    ...(q ? { q } : {}),
    filters: filters as Filters,
    ...(postcode ? { postcode } : {}),
    ...(withinMiles ? { withinMiles } : {}),
    sort: (SORT_VALUES as readonly string[]).includes(sort) ? (sort as SortValue) : DEFAULT_SORT,
    page: wholeNumberIn(params.get("page"), 1, Number.MAX_SAFE_INTEGER) ?? 1,
    pageSize: wholeNumberIn(params.get("pageSize"), 1, MAX_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE,
  };
}

function wholeNumberIn(text: string | null, min: number, max: number): number | undefined {
  if (!text || !/^\d{1,9}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}
