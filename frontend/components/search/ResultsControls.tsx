import { searchRequestToParams, type SearchRequest } from "../../../domain/search-request";
import { SORT_OPTIONS, type SortValue } from "../../../domain/sort";
import { useHydrated } from "../use-hydrated";
import { withSort } from "./search-changes";

export const PAGE_SIZES = [24, 48, 96] as const;

interface ResultsControlsProps {
  pathname: string;
  wanted: SearchRequest;
  onChange(next: SearchRequest): void;
}

/**
 * The order of the results and how many show on a page, above the results on a wide screen;
 * narrower screens choose them in Filter and sort (FilterPanel), leaving the results room.
 * Each choice applies at once; without JavaScript the form is sent with its Show button,
 * carrying the words and filters in use.
 */
export function ResultsControls({ pathname, wanted, onChange }: ResultsControlsProps) {
  const hydrated = useHydrated();
  const carried = [...searchRequestToParams({ ...wanted, sort: undefined, pageSize: undefined, page: 1 })];
  return (
    <form method="get" action={pathname} className="results-controls" aria-label="Order and page size">
      {carried.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="results-sort">Sort results</label>
      <SortSelect id="results-sort" wanted={wanted} onChange={onChange} />
      <label htmlFor="results-page-size">Per page</label>
      <PageSizeSelect id="results-page-size" wanted={wanted} onChange={onChange} />
      {!hydrated && (
        <button type="submit" className="button">
          Show
        </button>
      )}
    </form>
  );
}

/** The order of the results. */
export function SortSelect({ id, wanted, onChange }: { id: string; wanted: SearchRequest; onChange(next: SearchRequest): void }) {
  return (
    <select id={id} name="sort" value={wanted.sort} onChange={(event) => onChange(withSort(wanted, event.target.value as SortValue))}>
      {SORT_OPTIONS.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** How many results a page shows: the usual sizes, and an address's own size among them. */
export function PageSizeSelect({ id, wanted, onChange }: { id: string; wanted: SearchRequest; onChange(next: SearchRequest): void }) {
  const pageSizes: number[] = PAGE_SIZES.includes(wanted.pageSize as (typeof PAGE_SIZES)[number])
    ? [...PAGE_SIZES]
    : [...PAGE_SIZES, wanted.pageSize].sort((a, b) => a - b);
  return (
    <select
      id={id}
      name="pageSize"
      value={wanted.pageSize}
      onChange={(event) => onChange({ ...wanted, pageSize: Number(event.target.value), page: 1 })}
    >
      {pageSizes.map((size) => (
        <option key={size} value={size}>
          {size}
        </option>
      ))}
    </select>
  );
}
