import { FILTER_NAMES, formatRange, type Filters } from "./filters";
import { DEFAULT_SORT, type SortValue } from "./sort";

/**
 * A search as a URL states it: the API's query string and the search pages' URLs alike.
 * This module holds the shape and writes it back to a query string; reading one, with
 * validation, is `parse-search-request.ts`, kept apart so pages that only write URLs do
 * not ship the validator to the browser.
 */

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;

export interface SearchRequest {
  filters: Filters;
  sort: SortValue;
  page: number;
  pageSize: number;
}

/** The canonical query string of a search: known values only, in the filter table's order. */
export function searchRequestToParams(request: Partial<SearchRequest>): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = request.filters?.[name];
    if (value === undefined) continue;
    params.set(name, typeof value === "string" ? value : formatRange(value));
  }
  if (request.sort && request.sort !== DEFAULT_SORT) params.set("sort", request.sort);
  if (request.page && request.page > 1) params.set("page", String(request.page));
  if (request.pageSize && request.pageSize !== DEFAULT_PAGE_SIZE) params.set("pageSize", String(request.pageSize));
  return params;
}
