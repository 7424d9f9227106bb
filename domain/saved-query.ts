import { searchRequestToParams, type SearchRequest } from "./search-request";
import { DEFAULT_SORT } from "./sort";
import { outwardCodeOf } from "./uk-formats";

/** What of a search a saved search keeps. */
export type SavedRequest = Pick<SearchRequest, "q" | "filters" | "sort" | "postcode" | "withinMiles">;

/**
 * The query string a saved search keeps: its words, filters and sort, and the area asked
 * for, never a page. The area is the postcode's outward code alone ("CH2", never "CH2 1AA":
 * a saved search sits beside an e-mail address) with its radius; `sort=distance` only with
 * a postcode to measure from. A module of its own, as the search pages' "Save this search"
 * needs this alone of saved searches.
 */
export function savedQueryOf(request: SavedRequest): string {
  const postcode = request.postcode ? outwardCodeOf(request.postcode) : undefined;
  const sort = request.sort === "distance" && !postcode ? DEFAULT_SORT : request.sort;
  return searchRequestToParams({
    q: request.q,
    filters: request.filters,
    ...(postcode ? { postcode, withinMiles: request.withinMiles } : {}),
    sort,
  }).toString();
}
