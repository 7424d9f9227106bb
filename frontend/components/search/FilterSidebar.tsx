import { useEffect, useRef } from "react";
import { FILTER_NAMES, type FilterName } from "../../../domain/filters";
import type { SearchRequest } from "../../../domain/search-request";
import { VEHICLE_NOUNS, type VehicleType } from "../../../domain/vehicle-types";
import { LinkButton } from "../LinkButton";
import { useHydrated } from "../use-hydrated";
import { CarriedAlong, FilterFields } from "./FilterFields";
import type { FilterOptions } from "./offered-filters";
import { searchHref, withoutFilters } from "./search-changes";

interface FilterSidebarProps {
  type: VehicleType;
  pathname: string;
  wanted: SearchRequest;
  shown: SearchRequest;
  options: FilterOptions;
  offered: readonly FilterName[];
  updating: boolean;
  onChange(next: SearchRequest): void;
}

/**
 * The filters beside the results on a wide screen, always in sight, as the big motoring sites
 * have them; CSS shows it from 64rem and the filter bar and its dialog below that, so the
 * server's page and the browser's agree at any width. The order sits above the results, so
 * only the filters are here. Each change applies at once; without JavaScript the form is sent
 * with its Apply button.
 */
export function FilterSidebar({ type, pathname, wanted, shown, options, offered, updating, onChange }: FilterSidebarProps) {
  const hydrated = useHydrated();
  const section = useRef<HTMLElement>(null);
  // Fewer results can shorten the page under a buyer scrolled far down, taking the control
  // they are using out of sight with it: it is brought back when the results arrive.
  useEffect(() => {
    const focused = document.activeElement;
    if (focused instanceof HTMLSelectElement && section.current?.contains(focused)) focused.scrollIntoView({ block: "nearest" });
  }, [options]);
  const inUse = FILTER_NAMES.some((name) => wanted.filters[name] !== undefined);
  return (
    <section ref={section} className="filter-sidebar" aria-labelledby="filter-sidebar-title">
      <div className="filter-sidebar__header">
        <h2 id="filter-sidebar-title">Filter {VEHICLE_NOUNS[type].many}</h2>
        {inUse && (
          <LinkButton to={searchHref(pathname, withoutFilters(wanted))} replace preventScrollReset className="filter-sidebar__clear">
            Clear all
          </LinkButton>
        )}
      </div>
      <form method="get" action={pathname} aria-busy={updating} onSubmit={(event) => event.preventDefault()}>
        <FilterFields idPrefix="sidebar-filter" wanted={wanted} shown={shown} options={options} offered={offered} onChange={onChange} />
        <CarriedAlong wanted={wanted} sort pageSize />
        {!hydrated && (
          <button type="submit" className="button filter-sidebar__apply">
            Apply filters
          </button>
        )}
      </form>
    </section>
  );
}
