import type { FacetOption } from "../domain/filters";
import { searchRequestToParams } from "../domain/search-request";
import type { VehicleType } from "../domain/vehicle";
import type { SearchEngine } from "./search/search-engine";

/**
 * What the search box suggests as a buyer types: the makes the words match, most vehicles
 * first, then the models of the likeliest make. Each leads to the search screen with that
 * make (and model) chosen, which is what a buyer typing "vauxhall co" is after.
 */
export interface Suggestion {
  label: string;
  count: number;
  href: string;
}

const MOST_MAKES = 3;
const MOST_MODELS = 5;

export async function suggestions(engine: Pick<SearchEngine, "search">, type: VehicleType, q: string): Promise<Suggestion[]> {
  const base = { type, q, sort: "relevance", page: 1, pageSize: 1 } as const;
  const { facets } = await engine.search({ ...base, filters: {}, facets: ["make"] });
  const makes = mostFirst(facets.make ?? []).slice(0, MOST_MAKES);
  if (makes.length === 0) return [];
  const top = makes[0]!.value;
  const { facets: ofTop } = await engine.search({ ...base, filters: { make: top }, facets: ["model"] });
  const models = mostFirst(ofTop.model ?? []).slice(0, MOST_MODELS);
  const href = (filters: { make: string; model?: string }) => `/${type}-search?${searchRequestToParams({ filters })}`;
  return [
    ...makes.map(({ value, count }) => ({ label: value, count, href: href({ make: value }) })),
    ...models.map(({ value, count }) => ({ label: `${top} ${value}`, count, href: href({ make: top, model: value }) })),
  ];
}

/** Most vehicles first; options the engine listed A–Z stay A–Z among equals. */
const mostFirst = (options: readonly FacetOption[]) => [...options].sort((a, b) => b.count - a.count);
