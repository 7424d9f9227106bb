import { redirect } from "react-router";
import { textKey } from "../../domain/filters";
import { parseSearchRequest } from "../../domain/parse-search-request";
import { VEHICLE_TYPES, type VehicleType } from "../../domain/vehicle-types";
import type { PageCatalogue } from "../../backend/catalogue";
import { searchTarget } from "../components/search/search-target";
import { catalogueContext } from "../../backend/http/request-context";
import type { Route } from "./+types/search-redirect";
import { answersOutages } from "../engine-outage.server";

/**
 * Where landing-page search forms post without JavaScript: on to the search screen they ask
 * for. Without a script the home page's make list cannot follow its type selector, so a
 * make the chosen type does not sell (Trucks and Audi) goes to the type that sells it
 * rather than to no results. Keywords go to the type chosen if it has matches, else to the
 * type with the most (the header's search names no type).
 */
export const loader = answersOutages(load);

async function load({ url, context }: Route.LoaderArgs) {
  const form = new URLSearchParams(url.searchParams);
  const catalogue = context.get(catalogueContext);
  const make = form.get("make")?.trim();
  const q = form.get("q")?.trim();
  if (make) {
    const type = await typeSelling(catalogue, make, form.get("type"));
    if (type) form.set("type", type);
  } else if (q) {
    const type = await typeForKeywords(catalogue, q, form.get("type"));
    if (type) form.set("type", type);
  }
  return redirect(searchTarget(form), 303);
}

/**
 * The type to search for the words: the one chosen if any of its vehicles match ("transit
 * custom" asked of cars finds vans), else the type with the most matches; undefined when
 * none matches (or the words cannot be searched), leaving the choice as it was.
 */
async function typeForKeywords(catalogue: PageCatalogue, q: string, chosen: string | null): Promise<VehicleType | undefined> {
  const parsed = parseSearchRequest(new URLSearchParams({ q }));
  if (!parsed.ok) return undefined;
  const totals = await Promise.all(
    VEHICLE_TYPES.map(async (type) => ({ type, total: (await catalogue.search(type, { ...parsed.value, pageSize: 1 })).total })),
  );
  const mine = totals.find(({ type }) => type === chosen);
  if (mine && mine.total > 0) return mine.type;
  const best = totals.reduce((most, candidate) => (candidate.total > most.total ? candidate : most));
  return best.total > 0 ? best.type : undefined;
}

/** The chosen type if it sells the make, else the first type that does; undefined if none does. */
async function typeSelling(catalogue: PageCatalogue, make: string, chosen: string | null): Promise<VehicleType | undefined> {
  const candidates = [...VEHICLE_TYPES].sort((a, b) => Number(b === chosen) - Number(a === chosen));
  for (const type of candidates) {
    const { make: makes = [] } = await catalogue.distinct(type, {});
    if (makes.some((option) => textKey(option) === textKey(make))) return type;
  }
  return undefined;
}

export default function SearchRedirect() {
  return null;
}
