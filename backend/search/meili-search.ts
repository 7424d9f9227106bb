import type { CategoriesDistribution, Meilisearch, MultiSearchQuery, SearchResponse } from "meilisearch";
import { countedWithout, FILTERS, formatRange, type FacetOption, type FilterName } from "../../domain/filters";
import { compareOptionValues } from "./option-order";
import { isTransientFailure, withRetry } from "../retry";
import { facetAttribute, meiliSort } from "./meili-documents";
import { filterConditions } from "./meili-filter";
import { queryWords } from "./search-words";
import { ranksByKeywords } from "../../domain/sort";
import type { SearchEngine, SearchQuery, SearchResult } from "./search-engine";

const SEARCH_TIMEOUT_MS = 5000;

/**
 * Searching with Meilisearch, using a key that may only search. One multi-search answers a
 * whole search screen: the page and the options of every filter not in use, plus one query
 * per filter in use that leaves that filter (and those that depend on it) out, so each
 * counts its options disjunctively.
 */
export class MeiliSearchEngine implements SearchEngine {
  constructor(
    private readonly client: Meilisearch,
    private readonly indexUid: string,
  ) {}

  async search(query: SearchQuery): Promise<SearchResult> {
    const inUse = new Set(
      Object.entries(query.filters).flatMap(([name, value]) => (value === undefined ? [] : [name as FilterName])),
    );
    const leftOutBy = (facet: FilterName) => countedWithout(facet).filter((name) => inUse.has(name));
    const countedTogether = query.facets.filter((facet) => leftOutBy(facet).length === 0);
    const countedApart = query.facets.filter((facet) => leftOutBy(facet).length > 0);
    // The query's words as the embedded engine reads them (no quoted phrases, no "-word"
    // exclusions), every one required.
    const q = queryWords(query.q).join(" ");
    const text: Pick<MultiSearchQuery, "q" | "matchingStrategy" | "locales"> = { q, matchingStrategy: "all", locales: ["eng"] };
    const queries: MultiSearchQuery[] = [
      {
        indexUid: this.indexUid,
        ...text,
        filter: orNothing(filterConditions(query.type, query.filters)),
        sort: q !== "" && ranksByKeywords(query.sort) ? undefined : meiliSort(query.sort),
        page: query.page,
        hitsPerPage: query.pageSize,
        attributesToRetrieve: ["id"],
        facets: countedTogether.map(facetAttribute),
      },
      ...countedApart.map((facet) => ({
        indexUid: this.indexUid,
        ...text,
        filter: orNothing(filterConditions(query.type, query.filters, leftOutBy(facet))),
        limit: 0,
        facets: [facetAttribute(facet)],
      })),
    ];
    // One deadline for the whole answer, retry included, so a stalled Meilisearch fails a
    // page in seconds. (Given a signal, the client leaves its own 30-second timeout out.)
    const signal = AbortSignal.timeout(SEARCH_TIMEOUT_MS);
    const { results } = (await withRetry(() => this.client.multiSearch({ queries }, { signal }), {
      attempts: 2,
      baseDelayMs: 50,
      isRetryable: isTransientFailure,
    })) as { results: SearchResponse[] };

    const [page, ...apart] = results;
    const distribution = { ...page!.facetDistribution };
    apart.forEach((result) => Object.assign(distribution, result.facetDistribution));
    const facets: SearchResult["facets"] = {};
    for (const facet of query.facets) facets[facet] = optionsOf(facet, distribution[facetAttribute(facet)] ?? {});
    return { total: page!.totalHits ?? 0, ids: page!.hits.map((hit) => String(hit.id)), facets };
  }

  async close(): Promise<void> {}
}

/** No conditions means no filter parameter at all. */
const orNothing = (conditions: string[]) => (conditions.length > 0 ? conditions : undefined);

/** Options in the order the embedded engine gives them: text A–Z, bands as defined. */
function optionsOf(facet: FilterName, counts: CategoriesDistribution): FacetOption[] {
  const filter = FILTERS[facet];
  if (filter.kind === "range") {
    return filter.bands
      .map((band) => ({ value: formatRange(band), count: counts[formatRange(band)] ?? 0 }))
      .filter((option) => option.count > 0);
  }
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => compareOptionValues(a.value, b.value));
}
