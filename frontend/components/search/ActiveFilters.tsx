import { Link } from "react-router";
import { rangeLabel } from "../../../domain/filter-labels";
import { FILTER_NAMES, FILTERS, spelledAsStock, type FilterName, type RangeFilterName } from "../../../domain/filters";
import { isRangePair } from "../../../domain/range-ends";
import type { SearchRequest } from "../../../domain/search-request";
import type { FilterOptions } from "./offered-filters";
import { searchHref, withFilter, withoutFilters } from "./search-changes";

/** The keywords and filters in use, each a link that removes it, so widening a search is one tap. */
export function ActiveFilters({ pathname, wanted, options }: { pathname: string; wanted: SearchRequest; options: FilterOptions }) {
  const inUse = FILTER_NAMES.filter((name) => wanted.filters[name] !== undefined);
  if (inUse.length === 0 && !wanted.q) return null;
  return (
    <ul className="active-filters" aria-label="Filters in use">
      {wanted.q && (
        <li>
          <Link
            to={searchHref(pathname, { ...wanted, q: undefined, page: 1 })}
            replace
            preventScrollReset
            className="chip chip--removable"
            aria-label={`Remove the words ${wanted.q}`}
          >
            “{wanted.q}”<span aria-hidden="true">×</span>
          </Link>
        </li>
      )}
      {inUse.map((name) => (
        <li key={name}>
          <Link
            to={searchHref(pathname, withFilter(wanted, name, ""))}
            replace
            preventScrollReset
            className="chip chip--removable"
            aria-label={
              FILTERS[name].kind === "recent"
                ? `Remove ${FILTERS[name].label}`
                : `Remove ${FILTERS[name].label}: ${filterValue(name, wanted, options)}`
            }
          >
            {chipLabel(name, wanted, options)}
            <span aria-hidden="true">×</span>
          </Link>
        </li>
      ))}
      {inUse.length > 1 && (
        <li>
          <Link to={searchHref(pathname, withoutFilters(wanted))} replace preventScrollReset className="chip">
            Clear all filters
          </Link>
        </li>
      )}
    </ul>
  );
}

/**
 * A chip's words: a range picked by its ends says what it is by itself ("Up to £15,000",
 * "Up to 60,000 miles", "2018 or newer"), as on the market sites; any other range keeps its
 * label ("Engine Size: 1.4L to 1.6L").
 */
function chipLabel(name: FilterName, wanted: SearchRequest, options: FilterOptions): string {
  return isRangePair(name) ? filterValue(name, wanted, options) : filterValueLabel(name, wanted, options);
}

/** A filter in use as a buyer reads it: "Ford", "Price: up to £10,000", "Recently reduced". */
export function filterValueLabel(name: FilterName, wanted: SearchRequest, options: FilterOptions): string {
  const value = filterValue(name, wanted, options);
  return FILTERS[name].kind === "range" ? `${FILTERS[name].label}: ${value}` : value;
}

/** A filter's value alone: "Ford", "Up to £10,000", "Recently reduced". */
function filterValue(name: FilterName, wanted: SearchRequest, options: FilterOptions): string {
  const value = wanted.filters[name]!;
  if (value === true) return FILTERS[name].label;
  if (typeof value !== "string") return rangeLabel(name as RangeFilterName, value);
  const spelled = spelledAsStock(value, options[name]);
  return options[name]?.find((option) => option.value === spelled)?.label ?? spelled;
}
