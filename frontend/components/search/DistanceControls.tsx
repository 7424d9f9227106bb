import type { FormEvent } from "react";
import { buyerPostcode, searchRequestToParams, WITHIN_MILES_OPTIONS, type SearchRequest } from "../../../domain/search-request";

interface DistanceControlsProps {
  pathname: string;
  wanted: SearchRequest;
  /** Why the postcode in the address was not used, naming it. */
  problem?: string;
  onChange(next: SearchRequest): void;
}

/**
 * The buyer's postcode and how far they would travel: a GET form, so a search with distance
 * is an address to share and works without JavaScript. Giving a postcode to a search in the
 * default order orders it nearest first, as buyers expect of a dealer group.
 */
export function DistanceControls({ pathname, wanted, problem, onChange }: DistanceControlsProps) {
  const sort = wanted.sort === "relevance" ? "distance" : wanted.sort;
  const carried = [...searchRequestToParams({ ...wanted, postcode: undefined, withinMiles: undefined, sort, page: 1 })];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typed = String(form.get("postcode") ?? "").trim();
    const within = Number(form.get("withinMiles")) || undefined;
    const postcode = typed ? (buyerPostcode(typed) ?? typed) : undefined;
    onChange({ ...wanted, postcode, withinMiles: postcode ? within : undefined, sort: postcode ? sort : wanted.sort, page: 1 });
  };
  return (
    <form
      method="get"
      action={pathname}
      className={`distance-controls${wanted.postcode ? "" : " distance-controls--unmeasured"}`}
      aria-label="Distance from you"
      onSubmit={submit}
    >
      {carried.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="distance-controls__field">
        <label htmlFor="distance-postcode">Postcode</label>
        <input
          id="distance-postcode"
          name="postcode"
          autoComplete="postal-code"
          defaultValue={wanted.postcode ?? ""}
          key={wanted.postcode ?? ""}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? "distance-postcode-problem" : undefined}
          size={9}
        />
      </div>
      <div className="distance-controls__field distance-controls__within">
        <label htmlFor="distance-within">Distance</label>
        <select id="distance-within" name="withinMiles" defaultValue={wanted.withinMiles ?? ""} key={wanted.withinMiles ?? ""}>
          <option value="">Any distance</option>
          {[...new Set([...WITHIN_MILES_OPTIONS, ...(wanted.withinMiles ? [wanted.withinMiles] : [])])]
            .sort((a, b) => a - b)
            .map((miles) => (
              <option key={miles} value={miles}>
                Within {miles} miles
              </option>
            ))}
        </select>
      </div>
      <button type="submit" className="button">
        {wanted.postcode ? "Update" : "Find the nearest"}
      </button>
      {problem && (
        <p id="distance-postcode-problem" className="field-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
