import { rangeLabel } from "./filter-labels";
import { FILTER_NAMES, FILTERS, spelledAsStock, type FacetOption, type FilterName, type RangeFilterName } from "./filters";
import { isRangePair } from "./range-ends";
import type { SavedRequest } from "./saved-query";
import { outwardCodeOf } from "./uk-formats";
import { VEHICLE_NOUNS, type VehicleType } from "./vehicle-types";

/**
 * Saved searches with e-mail alerts: what a buyer chooses when saving one, the words they
 * agree to, and a search described in words ("Vans · Ford Transit Custom · up to £20,000 ·
 * diesel"). Free of zod, as the search and vehicle pages show the form; the form's schema is
 * search-alert-form.ts.
 */

export const ALERT_FREQUENCIES = {
  immediate: "As soon as one arrives",
  daily: "Once a day",
} as const;
export type AlertFrequency = keyof typeof ALERT_FREQUENCIES;
export const ALERT_FREQUENCY_NAMES = Object.keys(ALERT_FREQUENCIES) as [AlertFrequency, ...AlertFrequency[]];

/** The words beside the button, kept with each saved search as what the buyer agreed to. */
export const SEARCH_ALERT_CONSENT =
  "We'll e-mail you vehicles that match this search, and price drops on them, until you stop. " +
  "Nothing is sent until you confirm by the link we e-mail you, and every e-mail has a link to unsubscribe.";
export const PRICE_ALERT_CONSENT =
  "We'll e-mail you if this vehicle's price drops, or when it sells, with similar ones. " +
  "Nothing is sent until you confirm by the link we e-mail you, and every e-mail has a link to unsubscribe.";

/** Filters whose value says what it is by itself, in lower case: "diesel", "automatic", "red". */
const SELF_EXPLAINING: ReadonlySet<FilterName> = new Set(["fuelType", "gearbox", "colour", "bodyType", "condition", "driveType"]);
/** Filters whose value is a number of something: "5 doors". */
const COUNTED: Partial<Record<FilterName, string>> = { doors: "doors", seats: "seats" };
/** Make, model and derivative are said together, first. */
const NAMING: readonly FilterName[] = ["make", "model", "derivative"];

/**
 * A search in words, each part separated by " · ": the type, what it is (make, model,
 * derivative), the words typed, each other filter as a buyer reads it, then the area as a
 * saved search keeps it ("within 25 miles of CH2", or "nearest CH2 first" without a radius).
 * Text values are spelled as the stock spells them when its options are given.
 */
export function describeSearch(
  type: VehicleType,
  request: Pick<SavedRequest, "q" | "filters"> & Partial<SavedRequest>,
  options: Partial<Record<FilterName, readonly FacetOption[]>> = {},
): string {
  const { filters } = request;
  const spelled = (name: FilterName) => {
    const value = filters[name];
    return typeof value === "string" ? spelledAsStock(value, options[name]) : undefined;
  };
  const parts: string[] = [VEHICLE_NOUNS[type].title];
  const naming = NAMING.map(spelled).filter(Boolean).join(" ");
  if (naming) parts.push(naming);
  if (request.q) parts.push(`“${request.q}”`);
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value === undefined || NAMING.includes(name)) continue;
    const filter = FILTERS[name];
    if (value === true) parts.push(filter.label.toLowerCase());
    else if (typeof value !== "string") {
      const range = rangeLabel(name as RangeFilterName, value);
      parts.push(isRangePair(name) ? lowerFirst(range) : `${filter.label.toLowerCase()} ${lowerFirst(range)}`);
    } else if (SELF_EXPLAINING.has(name)) parts.push(spelled(name)!.toLowerCase());
    else if (COUNTED[name]) parts.push(`${spelled(name)} ${COUNTED[name]}`);
    else parts.push(`${filter.label.toLowerCase()} ${spelled(name)}`);
  }
  const outward = request.postcode ? outwardCodeOf(request.postcode) : undefined;
  if (outward && request.withinMiles !== undefined) parts.push(`within ${withinMilesWords(request.withinMiles)} of ${outward}`);
  else if (outward && request.sort === "distance") parts.push(`nearest ${outward} first`);
  return parts.join(" · ");
}

function withinMilesWords(miles: number): string {
  return miles === 1 ? "1 mile" : `${miles.toLocaleString("en-GB")} miles`;
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

export { savedQueryOf } from "./saved-query";

/** The search page a saved search shows: its type's page with its query. */
export function savedSearchPath({ type, query }: { type: VehicleType; query: string }): string {
  return `/${type}-search${query ? `?${query}` : ""}`;
}
