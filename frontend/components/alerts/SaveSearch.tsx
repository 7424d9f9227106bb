import { savedQueryOf } from "../../../domain/saved-query";
import type { SearchRequest } from "../../../domain/search-request";
import type { VehicleType } from "../../../domain/vehicle-types";
import type { FilterOptions } from "../search/offered-filters";
import { AlertOpener } from "./LazyAlertForm";

/**
 * "Save this search" on a search page, phone and desktop alike: the alert form in place, or
 * on a page of its own without JavaScript. Where nothing matches it asks "Tell me when one
 * arrives" instead.
 */
export function SaveSearch({
  type,
  shown,
  options,
  total,
}: {
  type: VehicleType;
  shown: SearchRequest;
  options: FilterOptions;
  total: number;
}) {
  const none = total === 0;
  const words = none ? "Tell me when one arrives" : "Save this search";
  return (
    <AlertOpener
      className={none ? "save-search save-search--none" : "save-search"}
      href={`/alerts?${new URLSearchParams({ type, query: savedQueryOf(shown) })}`}
      label={words}
      form={{ type, search: { shown, options }, submitLabel: words }}
    />
  );
}
