import { FILTER_NAMES, filterAppliesTo, type FacetOption, type FilterName } from "../../../domain/filters";
import type { SearchRequest } from "../../../domain/search-request";
import type { VehicleType } from "../../../domain/vehicle-types";

export type FilterOptions = Partial<Record<FilterName, FacetOption[]>>;

/**
 * The filters the panel offers, in the filter table's order: those the server gave options
 * for, and those in use (so they can be set back to Any). Make and model always are, model
 * waiting for a make; cab type and wheelbase only for vans and trucks. The filter bar's
 * shortcuts lead only to these, so none of them points at a filter that is not there.
 */
export function offeredFilters(type: VehicleType, options: FilterOptions, wanted: SearchRequest): FilterName[] {
  return FILTER_NAMES.filter((name) => {
    if (!filterAppliesTo(name, type)) return false;
    if (name === "make" || name === "model") return true;
    return (options[name]?.length ?? 0) > 0 || wanted.filters[name] !== undefined;
  });
}
