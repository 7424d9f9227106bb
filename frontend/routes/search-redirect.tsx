import { redirect } from "react-router";
import { textKey } from "../../domain/filters";
import { VEHICLE_TYPES, type VehicleType } from "../../domain/vehicle-types";
import type { Catalogue } from "../../backend/catalogue";
import { searchTarget } from "../components/search/search-target";
import { catalogueContext } from "../request-context";
import type { Route } from "./+types/search-redirect";
import { answersOutages } from "../engine-outage.server";

/**
 * Where landing-page search forms post without JavaScript: on to the search screen they ask
 * for. Without a script the home page's make list cannot follow its type selector, so a
 * make the chosen type does not sell (Trucks and Audi) goes to the type that sells it
 * rather than to no results.
 */
export const loader = answersOutages(load);

async function load({ url, context }: Route.LoaderArgs) {
  const form = new URLSearchParams(url.searchParams);
  const make = form.get("make")?.trim();
  if (make) {
    const type = await typeSelling(context.get(catalogueContext), make, form.get("type"));
    if (type) form.set("type", type);
  }
  return redirect(searchTarget(form), 303);
}

/** The chosen type if it sells the make, else the first type that does; undefined if none does. */
async function typeSelling(catalogue: Catalogue, make: string, chosen: string | null): Promise<VehicleType | undefined> {
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
