import type { RefObject } from "react";
import type { FilterName } from "../../../domain/filters";
import { formatCount } from "../../../domain/format";
import type { SearchRequest } from "../../../domain/search-request";
import { SORT_OPTIONS, type SortValue } from "../../../domain/sort";
import { VEHICLE_NOUNS, type VehicleType } from "../../../domain/vehicle-types";
import { FragmentButton } from "../FragmentButton";
import { LinkButton } from "../LinkButton";
import { useDialogOpenedByAddress } from "../use-dialog-opened-by-address";
import { CarriedAlong, FilterFields } from "./FilterFields";
import type { FilterOptions } from "./offered-filters";
import { PageSizeSelect } from "./ResultsControls";
import { searchHref, withoutFilters, withSort } from "./search-changes";

interface FilterDialogProps {
  type: VehicleType;
  pathname: string;
  /** The search last asked for: controls show it at once, before its results arrive. */
  wanted: SearchRequest;
  /** The search whose results are on show, which the options and total were counted for. */
  shown: SearchRequest;
  /** Each filter's options with counts, from the last results. */
  options: FilterOptions;
  /** The filters to show, from offeredFilters. */
  offered: readonly FilterName[];
  total: number;
  updating: boolean;
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** Opens the panel at a field (sort, or a filter's name), as the filter bar does. */
  openAt(field?: string): void;
  onChange(next: SearchRequest): void;
}

/**
 * The filter and sort panel on phones and tablets: a modal dialog opened from the filter bar,
 * where each change updates the results behind it and the count on its button. The order and
 * page size are chosen here alone on these screens, so the first results are in sight. Without
 * JavaScript it opens through its address (#filters) and submits as an ordinary GET form.
 * Wider screens have the same filters in a sidebar instead (FilterSidebar).
 */
export function FilterDialog({
  type,
  pathname,
  wanted,
  shown,
  options,
  offered,
  total,
  updating,
  dialogRef,
  openAt,
  onChange,
}: FilterDialogProps) {
  const enhanced = useDialogOpenedByAddress(dialogRef, (target) => openAt(target.closest(".filter-field")?.id.slice("filter-".length)));
  const noun = total === 1 ? VEHICLE_NOUNS[type].one : VEHICLE_NOUNS[type].many;
  const close = () => dialogRef.current?.close();
  return (
    <dialog ref={dialogRef} id="filters" className="filter-dialog" aria-labelledby="filters-title" data-enhanced={enhanced || undefined}>
      <form
        method="get"
        action={pathname}
        aria-busy={updating}
        onSubmit={(event) => {
          // The results already follow each change; the button just shows them.
          event.preventDefault();
          close();
        }}
      >
        <div className="filter-dialog__header">
          <h2 id="filters-title">Filter and sort</h2>
          <FragmentButton href="#results" className="filter-dialog__close" aria-label="Close filters" onActivate={close}>
            ×
          </FragmentButton>
        </div>
        <div className="filter-dialog__body">
          <div className="filter-field" id="filter-sort">
            <label htmlFor="filter-sort-select">Sort by</label>
            <select
              id="filter-sort-select"
              name="sort"
              value={wanted.sort}
              onChange={(event) => onChange(withSort(wanted, event.target.value as SortValue))}
            >
              {SORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div className="filter-field" id="filter-page-size">
            <label htmlFor="filter-page-size-select">Results per page</label>
            <PageSizeSelect id="filter-page-size-select" wanted={wanted} onChange={onChange} />
          </div>
          <FilterFields idPrefix="filter" wanted={wanted} shown={shown} options={options} offered={offered} onChange={onChange} />
          <CarriedAlong wanted={wanted} sort={false} pageSize={false} />
        </div>
        <div className="filter-dialog__footer">
          <LinkButton to={searchHref(pathname, withoutFilters(wanted))} replace preventScrollReset className="button button--quiet">
            Clear all
          </LinkButton>
          {/* The count belongs to the results on show; until the newest arrive it would be stale. */}
          <button type="submit" className="button">
            {updating ? `Show ${VEHICLE_NOUNS[type].many}` : `Search ${formatCount(total)} ${noun}`}
          </button>
          <p role="status" className="visually-hidden">
            {updating ? "Updating results" : `${formatCount(total)} ${noun} match`}
          </p>
        </div>
      </form>
    </dialog>
  );
}
