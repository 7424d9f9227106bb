import { useEffect, useRef, type RefObject } from "react";
import { FILTER_NAMES, type FilterName } from "../../../domain/filters";
import { formatCount } from "../../../domain/format";
import type { SearchRequest } from "../../../domain/search-request";
import { VEHICLE_NOUNS, type VehicleType } from "../../../domain/vehicle-types";
import { FragmentButton, useDialogOpen } from "../FragmentButton";
import { LinkButton } from "../LinkButton";
import { useDialogOpenedByAddress } from "../use-dialog-opened-by-address";
import { useHydrated } from "../use-hydrated";
import { CarriedAlong, FilterFields } from "./FilterFields";
import type { FilterOptions } from "./offered-filters";
import { PageSizeSelect, SortSelect } from "./ResultsControls";
import { searchHref, withoutFilters } from "./search-changes";

/** Where the panel becomes a sidebar: the width in frontend/styles/app.css. */
export const WIDE_SCREEN = "(min-width: 64rem)";

interface FilterPanelProps {
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
 * The filters, drawn once and shown two ways by CSS, so the server's page and the browser's
 * agree at any width and each option list is in the page once.
 *
 * From 64rem it is a sidebar beside the results, always in sight, as the big motoring sites
 * have them: a region named "Filter cars", each change applied at once, and without JavaScript
 * sent with its Apply button; the order and page size sit above the results there.
 *
 * Below that it is "Filter and sort": a modal dialog opened from the filter bar, where each
 * change updates the results behind it and the count on its button, and the order and page
 * size are chosen too, so the first results are in sight. Without JavaScript it opens through
 * its address (#filters) and its button sends it as an ordinary GET form.
 */
export function FilterPanel({
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
}: FilterPanelProps) {
  const hydrated = useHydrated();
  const enhanced = useDialogOpenedByAddress(dialogRef, (target) => openAt(target.closest(".filter-field")?.id.slice("filter-".length)));
  const modal = useDialogOpen(dialogRef);
  useSidebarOnceWide(dialogRef);
  const form = useRef<HTMLFormElement>(null);
  // Fewer results can shorten the page under a buyer scrolled far down, taking the control
  // they are using out of sight with it: it is brought back when the results arrive.
  useEffect(() => {
    const focused = document.activeElement;
    if (focused instanceof HTMLSelectElement && form.current?.contains(focused)) focused.scrollIntoView({ block: "nearest" });
  }, [options]);
  const noun = total === 1 ? VEHICLE_NOUNS[type].one : VEHICLE_NOUNS[type].many;
  const inUse = FILTER_NAMES.some((name) => wanted.filters[name] !== undefined);
  const clearAll = searchHref(pathname, withoutFilters(wanted));
  const close = () => dialogRef.current?.close();
  return (
    <dialog
      ref={dialogRef}
      id="filters"
      className="filter-panel"
      // A dialog only while it is one; otherwise (the sidebar, or the panel its address opens without JavaScript) a region of the page.
      role={modal ? undefined : "region"}
      aria-labelledby={modal ? "filters-title" : "filter-sidebar-title"}
      data-enhanced={enhanced || undefined}
      // Chromium puts a dialog shown without being opened (the sidebar) in the tab order itself, before its fields.
      tabIndex={-1}
    >
      <form
        ref={form}
        method="get"
        action={pathname}
        aria-busy={updating}
        onSubmit={(event) => {
          // The results already follow each change; the dialog's button just shows them.
          event.preventDefault();
          close();
        }}
      >
        <div className="filter-panel__header">
          <h2 id="filters-title" className="filter-panel__narrow">
            Filter and sort
          </h2>
          <h2 id="filter-sidebar-title" className="filter-panel__wide">
            Filter {VEHICLE_NOUNS[type].many}
          </h2>
          {inUse && (
            <LinkButton to={clearAll} replace preventScrollReset className="filter-panel__clear filter-panel__wide">
              Clear all
            </LinkButton>
          )}
          <FragmentButton
            href="#results"
            className="filter-panel__close filter-panel__narrow"
            aria-label="Close filters"
            onActivate={close}
          >
            ×
          </FragmentButton>
        </div>
        <div className="filter-panel__body">
          {/* Hidden on a wide screen, where the order and page size are above the results, yet sent with the sidebar's Apply button. */}
          <div className="filter-field filter-panel__narrow" id="filter-sort">
            <label htmlFor="filter-sort-select">Sort by</label>
            <SortSelect id="filter-sort-select" wanted={wanted} onChange={onChange} />
          </div>
          <div className="filter-field filter-panel__narrow" id="filter-page-size">
            <label htmlFor="filter-page-size-select">Results per page</label>
            <PageSizeSelect id="filter-page-size-select" wanted={wanted} onChange={onChange} />
          </div>
          <FilterFields wanted={wanted} shown={shown} options={options} offered={offered} onChange={onChange} />
          <CarriedAlong wanted={wanted} />
          {!hydrated && (
            <button type="submit" className="button filter-panel__apply filter-panel__wide">
              Apply filters
            </button>
          )}
        </div>
        <div className="filter-panel__footer filter-panel__narrow">
          <LinkButton to={clearAll} replace preventScrollReset className="button button--quiet">
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

/**
 * A screen widened past 64rem (a tablet turned, a window enlarged) with the dialog open shows
 * the sidebar instead: the dialog is closed, and the field in use keeps the focus, now in the
 * sidebar, rather than it going back to the filter bar, which that width hides.
 */
function useSidebarOnceWide(dialogRef: RefObject<HTMLDialogElement | null>) {
  useEffect(() => {
    const wide = window.matchMedia(WIDE_SCREEN);
    const toSidebar = () => {
      const dialog = dialogRef.current;
      if (!wide.matches || !dialog?.open) return;
      const focused = document.activeElement;
      dialog.close();
      // The close button has no place in the sidebar: the sidebar itself takes the focus then.
      if (focused instanceof HTMLElement && dialog.contains(focused)) (focused.getClientRects().length > 0 ? focused : dialog).focus();
    };
    wide.addEventListener("change", toSidebar);
    return () => wide.removeEventListener("change", toSidebar);
  }, [dialogRef]);
}
