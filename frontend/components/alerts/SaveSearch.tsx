import { describeSearch, savedQueryOf } from "../../../domain/search-alerts";
import type { SearchRequest } from "../../../domain/search-request";
import type { VehicleType } from "../../../domain/vehicle-types";
import type { FilterOptions } from "../search/offered-filters";
import { AlertForm } from "./AlertForm";

/**
 * "Save this search" on a search page, phone and desktop alike, folded away until opened (a
 * details element, so it opens without JavaScript too): the search in words and the alert
 * form. Where nothing matches it is open and asks "Tell me when one arrives".
 */
export function SaveSearch({
  type,
  shown,
  options,
  total,
  heading,
}: {
  type: VehicleType;
  shown: SearchRequest;
  options: FilterOptions;
  total: number;
  /** Words of its own ("Tell me when a similar one arrives"), in place of those chosen by the number of matches. */
  heading?: string;
}) {
  const none = total === 0;
  return (
    <details className="save-search" open={none || undefined}>
      <summary className="save-search__summary">{heading ?? (none ? "Tell me when one arrives" : "Save this search")}</summary>
      <div className="save-search__body">
        <p className="save-search__what">
          <span className="visually-hidden">Your search: </span>
          {describeSearch(type, shown, options)}
        </p>
        <AlertForm type={type} query={savedQueryOf(shown)} submitLabel={none ? "Tell me when one arrives" : "Save this search"} />
      </div>
    </details>
  );
}
