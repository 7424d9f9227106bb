import {
  FILTER_NAMES,
  FILTERS,
  inRange,
  recentSince,
  textKey,
  type FilterName,
  type NumericRange,
  type RecentFilterName,
} from "../../domain/filters";
import { radiusMetres, withinRadius } from "../../domain/distance";
import { parseSearchRequest } from "../../domain/parse-search-request";
import type { VehicleRecord } from "../../domain/vehicle";
import type { VehicleType } from "../../domain/vehicle-types";
import type { BranchPlaces } from "../branches/branch-places";
import { placeOfPostcode } from "../geo/buyer-location";
import { queryTerms, typosToMatch, type QueryTerm } from "../search/query-terms";
import { queryWords, recordWords } from "../search/search-words";

/**
 * Whether a vehicle matches a saved search, decided as the search engines decide it (text
 * filters by textKey, ranges inclusive, recent filters against the time of the check,
 * keywords by the engines' word and typo rules, "within N miles" from the outward code's
 * centre to the vehicle's branch as BranchPlaces measures it), but for one vehicle against many searches:
 * each vehicle's filter values are read once (`prepareVehicle`), and each search compiled
 * once into the few checks it makes (`compileSearch`), so checking one against the other is
 * a handful of comparisons.
 */

/** A vehicle's filter values, read once: text as its textKey, numbers as they are, in FILTER_NAMES order. */
export interface PreparedVehicle {
  record: VehicleRecord;
  type: VehicleType;
  makeKey: string;
  values: readonly (string | number | undefined)[];
  /** Its words, read when a search with keywords first asks. */
  words?: ReadonlySet<string>;
}

export function prepareVehicle(record: VehicleRecord): PreparedVehicle {
  const values = FILTER_NAMES.map((name) => {
    const value = FILTERS[name].read(record);
    if (value === undefined) return undefined;
    return FILTERS[name].kind === "text" ? textKey(value) : Number(value);
  });
  return { record, type: record.vehicle.vehicleType, makeKey: textKey(record.vehicle.make ?? ""), values };
}

type Check =
  | { index: number; kind: "text"; key: string }
  | { index: number; kind: "range"; range: NumericRange }
  | { index: number; kind: "recent"; name: RecentFilterName };

/**
 * Whether the vehicle matches, at `nowMs` (a recent filter's window ends then); and the most
 * the search will pay, so vehicles taken cheapest first can stop there.
 */
export type SearchMatcher = ((vehicle: PreparedVehicle, nowMs: number) => boolean) & { priceMax?: number };

const NEVER: SearchMatcher = () => false;

/**
 * A saved search compiled once, its radius measured to the branches' `places`. A query that
 * no longer reads (saved by an older version) matches nothing, nor does a radius around an
 * outward code the site cannot place.
 */
export function compileSearch(type: VehicleType, query: string, places: BranchPlaces): SearchMatcher {
  const parsed = parseSearchRequest(new URLSearchParams(query));
  if (!parsed.ok) return NEVER;
  const { filters, q, postcode, withinMiles } = parsed.value;
  const centre = postcode && withinMiles !== undefined ? placeOfPostcode(postcode) : undefined;
  if (postcode && withinMiles !== undefined && !centre) return NEVER;
  const radius = withinMiles === undefined ? 0 : radiusMetres(withinMiles);
  const checks: Check[] = [];
  for (const [index, name] of FILTER_NAMES.entries()) {
    const wanted = filters[name as FilterName];
    if (wanted === undefined) continue;
    if (wanted === true) checks.push({ index, kind: "recent", name: name as RecentFilterName });
    else if (typeof wanted === "string") checks.push({ index, kind: "text", key: textKey(wanted) });
    else checks.push({ index, kind: "range", range: wanted });
  }
  const words = queryWords(q);
  const terms = words.length > 0 ? queryTerms(words) : undefined;
  const matcher: SearchMatcher = (vehicle, nowMs) => {
    if (vehicle.type !== type) return false;
    for (const check of checks) {
      const value = vehicle.values[check.index];
      if (value === undefined) return false;
      if (
        check.kind === "text"
          ? value !== check.key
          : check.kind === "range"
            ? !inRange(value as number, check.range)
            : (value as number) < recentSince(check.name, nowMs)
      ) {
        return false;
      }
    }
    if (centre && !withinRadius(places.metresTo(centre, vehicle.record.branch), radius)) return false;
    if (!terms) return true;
    vehicle.words ??= recordWords(vehicle.record);
    return wordsMatch(words.length, terms, vehicle.words);
  };
  if (filters.price?.max !== undefined) matcher.priceMax = filters.price.max;
  return matcher;
}

/** Whether every query word is found among the vehicle's, alone or joined with its neighbours, as the engines read a query. */
function wordsMatch(wordCount: number, terms: readonly QueryTerm[], vehicleWords: ReadonlySet<string>): boolean {
  const reached = new Array<boolean>(wordCount + 1).fill(false);
  reached[0] = true;
  for (let end = 1; end <= wordCount; end++) {
    for (const term of terms) {
      if (term.to !== end || !reached[term.from] || reached[end]) continue;
      for (const word of vehicleWords) {
        if (typosToMatch(term, word) !== undefined) {
          reached[end] = true;
          break;
        }
      }
    }
  }
  return reached[wordCount]!;
}
