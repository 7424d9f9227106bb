import type { RefObject } from "react";
import { rangeLabel } from "../../../domain/filter-labels";
import {
  FILTER_ON,
  FILTERS,
  formatRange,
  parseRange,
  spelledAsStock,
  textKey,
  type FilterName,
  type RangeFilterName, type FacetOption } from "../../../domain/filters";
import { formatCount } from "../../../domain/format";
import { DEFAULT_PAGE_SIZE, type SearchRequest } from "../../../domain/search-request";
import { SORT_OPTIONS, type SortValue } from "../../../domain/sort";
import { VEHICLE_NOUNS, type VehicleType } from "../../../domain/vehicle-types";
import { FragmentButton } from "../FragmentButton";
import { LinkButton } from "../LinkButton";
import { useDialogOpenedByAddress } from "../use-dialog-opened-by-address";
import type { FilterOptions } from "./offered-filters";
import { searchHref, withFilter, withoutFilters, withSort } from "./search-changes";

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
 * The filter and sort panel: a modal dialog opened from the filter bar, where each change
 * updates the results behind it and the count on its button. Without JavaScript it opens
 * through its address (#filters) and submits as an ordinary GET form.
 */
export function FilterDialog({ type, pathname, wanted, shown, options, offered, total, updating, dialogRef, openAt, onChange }: FilterDialogProps) {
  const enhanced = useDialogOpenedByAddress(dialogRef, (target) => openAt(target.closest(".filter-field")?.id.slice("filter-".length)));
  const noun = total === 1 ? VEHICLE_NOUNS[type].one : VEHICLE_NOUNS[type].many;
  // Models on hand belong to the make on show; another make's arrive with its results.
  const modelsFit = sameText(wanted.filters.make, shown.filters.make);
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
          {offered.map((name) =>
            FILTERS[name].kind === "recent" ? (
              <OnOffField key={name} name={name} wanted={wanted} options={options[name] ?? []} onChange={onChange} />
            ) : (
            <FilterField
              key={name}
              name={name}
              wanted={wanted}
              options={name === "model" && !modelsFit ? [] : (options[name] ?? [])}
              disabled={name === "model" && (wanted.filters.make === undefined || !modelsFit)}
              onChange={onChange}
            />
            ),
          )}
          {wanted.pageSize !== DEFAULT_PAGE_SIZE && <input type="hidden" name="pageSize" value={wanted.pageSize} />}
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

function sameText(a: string | undefined, b: string | undefined): boolean {
  return a === undefined || b === undefined ? a === b : textKey(a) === textKey(b);
}

function FilterField({
  name,
  wanted,
  options,
  disabled,
  onChange,
}: {
  name: FilterName;
  wanted: SearchRequest;
  options: FacetOption[];
  disabled: boolean;
  onChange(next: SearchRequest): void;
}) {
  const id = `filter-${name}`;
  const chosen = wanted.filters[name];
  let value = "";
  if (typeof chosen === "string") value = spelledAsStock(chosen, options);
  else if (chosen && chosen !== true) value = formatRange(chosen);
  // A value the stock no longer has (an old link) stays listed, so the select can show it.
  const listed = value && !options.some((option) => option.value === value) ? [{ value, count: 0 }, ...options] : options;
  return (
    <div className="filter-field" id={id}>
      <label htmlFor={`${id}-select`}>{FILTERS[name].label}</label>
      <select
        id={`${id}-select`}
        name={name}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(withFilter(wanted, name, event.target.value))}
      >
        <option value="">Any</option>
        {listed.map((option) => (
          <option key={option.value} value={option.value}>
            {optionLabel(name, option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** An on/off filter ("Recently reduced") as a checkbox, with how many vehicles it would leave. */
function OnOffField({ name, wanted, options, onChange }: { name: FilterName; wanted: SearchRequest; options: FacetOption[]; onChange(next: SearchRequest): void }) {
  const id = `filter-${name}`;
  const count = options.find((option) => option.value === FILTER_ON)?.count ?? 0;
  return (
    <div className="filter-field filter-field--on-off" id={id}>
      <input
        type="checkbox"
        id={`${id}-check`}
        name={name}
        value={FILTER_ON}
        checked={wanted.filters[name] === true}
        onChange={(event) => onChange(withFilter(wanted, name, event.target.checked ? FILTER_ON : ""))}
      />
      <label htmlFor={`${id}-check`}>{count > 0 ? `${FILTERS[name].label} (${formatCount(count)})` : FILTERS[name].label}</label>
    </div>
  );
}

function optionLabel(name: FilterName, { value, count }: FacetOption): string {
  const range = FILTERS[name].kind === "range" ? parseRange(value) : undefined;
  const text = range && !("problem" in range) ? rangeLabel(name as RangeFilterName, range) : value;
  return count > 0 ? `${text} (${formatCount(count)})` : text;
}
