import { searchRequestToParams, type SearchRequest } from "./search-request";

/**
 * The query string a saved search keeps: its words, filters and sort, never a page. A module
 * of its own, as the search pages' "Save this search" needs this alone of saved searches.
 */
export function savedQueryOf(request: Pick<SearchRequest, "q" | "filters" | "sort">): string {
  return searchRequestToParams({ q: request.q, filters: request.filters, sort: request.sort }).toString();
}
