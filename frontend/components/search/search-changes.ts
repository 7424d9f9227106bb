import {
  FILTER_DEPENDENTS,
  FILTER_ON,
  FILTERS,
  parseRange,
  textKey,
  type FilterName,
  type NumericRange,
  type RangeFilterName,
} from "../../../domain/filters";
import type { RangeEnd } from "../../../domain/range-ends";
import { searchRequestToParams, type SearchRequest } from "../../../domain/search-request";
import type { SortValue } from "../../../domain/sort";

/**
 * How one control changes a search. Any change goes back to the first page; a new make
 * clears the model and derivative, and a new model the derivative, since they belonged to
 * the old choice.
 */

/** The search with one filter set from a control's value; "" (Any) clears it. */
export function withFilter(request: SearchRequest, name: FilterName, value: string): SearchRequest {
  const filters: Record<string, unknown> = { ...request.filters };
  const previous = filters[name];
  delete filters[name];
  if (value !== "") {
    const kind = FILTERS[name].kind;
    if (kind === "text") filters[name] = value;
    else if (kind === "recent") {
      if (value === FILTER_ON) filters[name] = true;
    } else {
      const range = parseRange(value);
      if (!("problem" in range)) filters[name] = range;
    }
  }
  const next = filters[name];
  const unchanged = typeof previous === "string" && typeof next === "string" && textKey(previous) === textKey(next);
  if (!unchanged) for (const dependent of FILTER_DEPENDENTS[name] ?? []) delete filters[dependent];
  return { ...request, filters: filters as SearchRequest["filters"], page: 1 };
}

/**
 * The search with one end of a range pair set from its select; "" (Any) opens that end. An
 * end taken past the other leaves the other open, so "From £15,000" chosen under "Up to
 * £10,000" reads as asked rather than as nothing at all.
 */
export function withRangeEnd(request: SearchRequest, name: RangeFilterName, end: RangeEnd, value: string): SearchRequest {
  const other: RangeEnd = end === "min" ? "max" : "min";
  const chosen = value === "" ? undefined : Number(value);
  const kept = request.filters[name]?.[other];
  const crossed = chosen !== undefined && kept !== undefined && (end === "min" ? chosen > kept : chosen < kept);
  const range: NumericRange = {};
  if (chosen !== undefined) range[end] = chosen;
  if (kept !== undefined && !crossed) range[other] = kept;
  const filters = { ...request.filters };
  delete filters[name];
  if (range.min !== undefined || range.max !== undefined) filters[name] = range;
  return { ...request, filters, page: 1 };
}

export function withSort(request: SearchRequest, sort: SortValue): SearchRequest {
  return { ...request, sort, page: 1 };
}

/** Every filter emptied; the order and page size stay. */
export function withoutFilters(request: SearchRequest): SearchRequest {
  return { ...request, filters: {}, page: 1 };
}

export function searchHref(pathname: string, request: Partial<SearchRequest>): string {
  const query = searchRequestToParams(request).toString();
  return query ? `${pathname}?${query}` : pathname;
}
