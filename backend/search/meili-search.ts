import {
  MeilisearchApiError,
  MeilisearchRequestError,
  type CategoriesDistribution,
  type Meilisearch,
  type MultiSearchQuery,
  type SearchResponse,
} from "meilisearch";
import {
  countedWithout,
  FILTER_ON,
  FILTERS,
  formatRange,
  RECENT_FILTER_NAMES,
  recentSince,
  textKey,
  type FacetOption,
  type FilterName,
} from "../../domain/filters";
import { metresBetween, nearestFirstGroups, withinRadius, type GeoPoint } from "../../domain/distance";
import type { BranchPlaces } from "../branches/branch-places";
import { compareOptionValues } from "./option-order";
import { ENGINE_DEADLINES_MS, EngineNeedsSetUpError, EngineUnavailableError } from "../engine-health";
import { withRetry } from "../retry";
import { AnswerCache } from "./answer-cache";
import { isMeiliOutage, isMeiliTransient } from "./meili-errors";
import { HitRecords } from "./hit-records";
import { DISPLAYED_ATTRIBUTES, facetAttribute, meiliSort, RECORD_ATTRIBUTE } from "./meili-documents";
import { branchCondition, filterCondition, filterConditions, quoteFilterValue } from "./meili-filter";
import { versionIndexUid, type IndexVersionDocument } from "./meili-index-version";
import { queryWords } from "./search-words";
import { ranksByKeywords } from "../../domain/sort";
import type { VehicleRecord } from "../../domain/vehicle";
import type { SearchEngine, SearchQuery, SearchResult } from "./search-engine";

/**
 * Room for kept answers, in characters of their records' text: a page of 24 results holds
 * about 35,000, an answer without records counts as ANSWER_WITHOUT_RECORDS (its option
 * counts). So about 500 pages of results, or 4,000 counts alone.
 */
const ANSWERS_KEPT_CHARACTERS = 16_000_000;
const ANSWER_WITHOUT_RECORDS = 4000;
/**
 * How often the site reads the index's version, one small document, so that a page cached
 * from older answers goes within this of the index changing. The index changes after the
 * stock (the change is pushed to it once written), and the site promises a change on every
 * instance within 5 s, so this is a second, as the store's watch is (mongo-vehicle-store.ts):
 * a search of one document a second per instance, which Meilisearch does not notice.
 */
const VERSION_WATCH_INTERVAL_MS = 1000;
/** How long to search without keeping answers after finding no version index to key them by. */
const UNVERSIONED_RETRY_MS = 60_000;
/** How long an index that refused this code's queries is refused without asking, when it has no version to watch. */
const OLD_INDEX_RETRY_MS = 10_000;
const OLD_INDEX_REMEDY = "run npm run stock:sync (or stock:setup), which rebuilds the search index with this version's settings";

/**
 * Searching with Meilisearch, using a key that may only search. One multi-search answers a
 * whole search screen: the page and the options of every filter not in use, plus one query
 * per filter in use that leaves that filter (and those that depend on it) out, so each
 * counts its options disjunctively.
 *
 * Nearest first is not Meilisearch's `_geoPoint` sort, which walks a tree of every
 * document's place on each search (docs/benchmarks.md), however few branches the vehicles
 * stand at: the first multi-search counts the matches at each branch (the `branch` option
 * counts), and a second fetches the page from the branches it spans, nearest first, each in
 * the relevance order. A radius is a filter on the branches within it, for the same reason.
 *
 * Answers are kept with the index's version (meili-index-version.ts), read in the same
 * multi-search, and a query asked again costs only a read of the version while the index is
 * unchanged. Where the version index is missing or the key may not read it (a key made before
 * it existed), answers are not kept and every search goes to Meilisearch.
 */
export class MeiliSearchEngine implements SearchEngine {
  private readonly answers = new AnswerCache<SearchResult>(
    ANSWERS_KEPT_CHARACTERS,
    ({ records }) => ANSWER_WITHOUT_RECORDS + (records instanceof HitRecords ? records.textLength : 0),
  );
  private unversionedUntil = 0;
  /** One read of the version at a time, shared by the searches that arrive meanwhile. */
  private versionRead: Promise<string | undefined> | undefined;
  /**
   * Set once Meilisearch refuses what this code asks of the index (made by an earlier version,
   * or not made yet), with the index's version then. Only a full sync sets an index up anew,
   * and it changes the version: until then searches are refused here, rather than some failing
   * and others not, which would have the site report search down and back over and over.
   */
  private oldIndex: { version: string | undefined; askAgainAt: number; error: EngineNeedsSetUpError } | undefined;

  /** Without `places` (the dealer's branches), a search's `near` is not measured, as in the embedded engine. */
  constructor(
    private readonly client: Meilisearch,
    private readonly indexUid: string,
    private readonly places?: BranchPlaces,
  ) {}

  /**
   * Meilisearch unreachable, stalled or overloaded is an EngineUnavailableError, with the
   * client's failure as its cause, so that the site answers 503 without knowing this client.
   */
  async search(query: SearchQuery): Promise<SearchResult> {
    try {
      await this.refuseWhileIndexIsOld();
      try {
        return await this.searchIndex(query);
      } catch (error) {
        throw await this.noticeOldIndex(error);
      }
    } catch (error) {
      throw isMeiliOutage(error) ? new EngineUnavailableError("search", { cause: error }) : error;
    }
  }

  /**
   * The record the vehicle's document holds, by a search filtered on its id: the site's key
   * may only search. An index set up by an earlier version (no id filter, or documents
   * without records) holds nothing this can give, which is not an outage of search.
   */
  async get(id: string): Promise<VehicleRecord | undefined> {
    try {
      const [found] = await this.multiSearch([
        { indexUid: this.indexUid, q: "", filter: [`id = ${quoteFilterValue(id)}`], limit: 1, attributesToRetrieve: [RECORD_ATTRIBUTE] },
      ]);
      const text: unknown = found?.hits[0]?.[RECORD_ATTRIBUTE];
      return typeof text === "string" ? (JSON.parse(text) as VehicleRecord) : undefined;
    } catch (error) {
      if (isRefusalOfAnOldIndex(error)) return undefined;
      throw isMeiliOutage(error) ? new EngineUnavailableError("search", { cause: error }) : error;
    }
  }

  /** Follows the index's version (meili-index-version.ts), which every change to the index raises. */
  watch(onChange: () => void): () => void {
    let seen: { version: string | undefined } | undefined;
    const poller = setInterval(() => {
      this.currentVersion().then(
        (version) => {
          if (seen?.version === version) return;
          const first = seen === undefined;
          seen = { version };
          if (!first) onChange();
        },
        // An outage is the searches' to report; the next poll tries again.
        () => undefined,
      );
    }, VERSION_WATCH_INTERVAL_MS).unref();
    return () => clearInterval(poller);
  }

  async close(): Promise<void> {}

  private async searchIndex(query: SearchQuery): Promise<SearchResult> {
    const now = Date.now();
    // An on/off filter asks about a window ending now, so its answer holds for the minute recentSince is taken to.
    const asksRecent = RECENT_FILTER_NAMES.some((name) => query.filters[name] !== undefined || query.facets.includes(name));
    const key = JSON.stringify([
      query.type,
      query.q,
      query.filters,
      query.near,
      // Nearest first, the radius and the miles are measured to the branches as published when asked.
      query.near && this.places?.revision,
      query.sort,
      query.page,
      query.pageSize,
      query.facets,
      query.records === true,
      asksRecent && RECENT_FILTER_NAMES.map((name) => recentSince(name, now)),
    ]);
    const kept = this.versioned() ? this.answers.peek(key) : undefined;
    if (kept && (await this.currentVersion()) === kept.version) return kept.answer;

    const nearest = this.nearestFirst(query);
    const start = (query.page - 1) * query.pageSize;
    // The nearest branches' part of the page is asked with the counts: most often it is the whole page.
    const queries = [
      ...this.queriesFor(query, now),
      ...(nearest ? [this.atBranchesQuery(query, now, branchCondition(nearest[0]!), start, query.pageSize)] : []),
    ];
    const versioned = this.versioned();
    const results = await this.multiSearch(versioned ? [this.versionQuery(), ...queries] : queries).catch((error: unknown) => {
      if (!versioned || !isVersionIndexRefused(error)) throw error;
      this.unversionedUntil = Date.now() + UNVERSIONED_RETRY_MS;
      return this.multiSearch(queries).then((answered) => [undefined, ...answered]);
    });
    const version = versioned ? versionOf(results[0]) : undefined;
    const answered = versioned ? results.slice(1) : [...results];
    const atNearest = nearest ? answered.pop()!.hits : undefined;
    const page = answered[0]!;
    const hits = nearest ? await this.nearestPage(query, now, nearest, page, atNearest!) : page.hits;
    const answer = this.answerFrom(query, answered, hits);
    if (version !== undefined) this.answers.set(key, version, answer);
    return answer;
  }

  private async refuseWhileIndexIsOld(): Promise<void> {
    const old = this.oldIndex;
    if (!old) return;
    const version = await this.currentVersion();
    if (version === old.version && (version !== undefined || Date.now() < old.askAgainAt)) throw old.error;
    this.oldIndex = undefined;
  }

  private async noticeOldIndex(error: unknown): Promise<unknown> {
    if (!isRefusalOfAnOldIndex(error)) return error;
    const refused = new EngineNeedsSetUpError("search", OLD_INDEX_REMEDY, { cause: error });
    const version = await this.currentVersion().catch(() => undefined);
    this.oldIndex = { version, askAgainAt: Date.now() + OLD_INDEX_RETRY_MS, error: refused };
    return refused;
  }

  private versioned(): boolean {
    return Date.now() >= this.unversionedUntil;
  }

  /**
   * The page with the options counted together, then a query per filter counted apart, then
   * one per on/off filter, whose one count is the total of a query with it on.
   */
  private queriesFor(query: SearchQuery, now: number): MultiSearchQuery[] {
    const inUse = new Set(Object.entries(query.filters).flatMap(([name, value]) => (value === undefined ? [] : [name as FilterName])));
    const leftOutBy = (facet: FilterName) => countedWithout(facet).filter((name) => inUse.has(name));
    const { counted, onOff } = splitFacets(query.facets);
    const countedTogether = counted.filter((facet) => leftOutBy(facet).length === 0);
    const countedApart = counted.filter((facet) => leftOutBy(facet).length > 0);
    const text = textOf(query);
    const conditions = (except: readonly FilterName[]) => this.conditions(query, now, except);
    const together = countedTogether.map(facetAttribute);
    return [
      this.nearestFirst(query)
        ? // Only the counts, at each branch too: nearestPage fetches the page.
          { ...this.pageQuery(query, now), page: 1, hitsPerPage: 0, facets: [...new Set([...together, "branch"])] }
        : {
            ...this.pageQuery(query, now),
            sort: this.sortFor(query.sort, text.q !== ""),
            page: query.page,
            hitsPerPage: query.pageSize,
            facets: together,
          },
      ...countedApart.map((facet) => ({
        indexUid: this.indexUid,
        ...text,
        filter: orNothing(conditions(leftOutBy(facet))),
        limit: 0,
        facets: [facetAttribute(facet)],
      })),
      ...onOff.map((facet) => ({
        indexUid: this.indexUid,
        ...text,
        filter: [...conditions(countedWithout(facet)), ...filterCondition(facet, true, now)],
        // Paged, so the total is counted exactly rather than estimated.
        page: 1,
        hitsPerPage: 0,
      })),
    ];
  }

  /** The query's words, filters and radius, and what to retrieve of each hit: a page's query less its order, paging and counts. */
  private pageQuery(query: SearchQuery, now: number): MultiSearchQuery {
    const near = this.measured(query);
    return {
      indexUid: this.indexUid,
      ...textOf(query),
      filter: orNothing(this.conditions(query, now, [])),
      attributesToRetrieve: query.records ? DISPLAYED_ATTRIBUTES : near ? ["id", "_geo"] : ["id"],
    };
  }

  /** The filters' conditions, less `except`, and the radius, which (as keywords do) narrows every count. */
  private conditions(query: SearchQuery, now: number, except: readonly FilterName[]): string[] {
    const near = this.measured(query);
    const places = this.places;
    const radius =
      places && near?.withinMetres !== undefined
        ? [
            branchCondition(
              places.branches.map(({ code }) => code).filter((code) => withinRadius(places.metresTo(near.point, code), near.withinMetres!)),
            ),
          ]
        : [];
    return [...filterConditions(query.type, query.filters, except, now), ...radius];
  }

  /** Where the buyer is, when this engine knows the branches to measure to. */
  private measured(query: SearchQuery): SearchQuery["near"] {
    return this.places && query.near;
  }

  /**
   * The dealer's branches nearest first from the buyer (those equally near together), when
   * the search is nearest first; undefined for any other order.
   */
  private nearestFirst(query: SearchQuery): string[][] | undefined {
    const near = this.measured(query);
    const places = this.places;
    if (!near || !places || query.sort !== "distance") return undefined;
    return nearestFirstGroups(
      places.branches.map(({ code }) => code),
      (code) => places.metresTo(near.point, code),
    );
  }

  /**
   * The page of a nearest-first search: the matches at the nearest branches first, then at
   * the next, each branch's in the relevance order, then those at no branch the dealer has
   * (an index built without the branches). `atNearest` is the nearest branches' part, asked
   * with the counts; from the counts at each branch, only the further branches the page
   * spans are asked, in one more multi-search.
   */
  private async nearestPage(
    query: SearchQuery,
    now: number,
    groups: string[][],
    counted: SearchResponse,
    atNearest: SearchResponse["hits"],
  ): Promise<SearchResponse["hits"]> {
    const atBranch = new Map(Object.entries(counted.facetDistribution?.branch ?? {}).map(([value, count]) => [textKey(value), count]));
    const countAt = (codes: readonly string[]) => codes.reduce((sum, code) => sum + (atBranch.get(textKey(code)) ?? 0), 0);
    const everyBranch = groups.flat();
    const further = [
      ...groups.slice(1).map((codes) => ({ filter: branchCondition(codes), count: countAt(codes) })),
      { filter: branchCondition(everyBranch, { not: true }), count: (counted.totalHits ?? 0) - countAt(everyBranch) },
    ];
    const start = (query.page - 1) * query.pageSize;
    const end = start + query.pageSize;
    const queries: MultiSearchQuery[] = [];
    let first = countAt(groups[0]!);
    for (const { filter, count } of further) {
      const from = Math.max(start, first);
      const to = Math.min(end, first + count);
      if (to > from) queries.push(this.atBranchesQuery(query, now, filter, from - first, to - from));
      first += count;
    }
    if (queries.length === 0) return atNearest;
    return [...atNearest, ...(await this.multiSearch(queries)).flatMap((result) => result.hits)];
  }

  /** Hits of the page's query at some branches only (`branches`, a branch condition), in the relevance order. */
  private atBranchesQuery(query: SearchQuery, now: number, branches: string, offset: number, limit: number): MultiSearchQuery {
    const base = this.pageQuery(query, now);
    return {
      ...base,
      filter: [...this.conditions(query, now, []), branches],
      sort: this.sortFor("relevance", base.q !== ""),
      offset,
      limit,
    };
  }

  /** A keyword search under the relevance order is sent without `sort`, so it ranks by how well vehicles match. */
  private sortFor(sort: SearchQuery["sort"], keywords: boolean): string[] | undefined {
    return keywords && ranksByKeywords(sort) ? undefined : meiliSort(sort);
  }

  private answerFrom(query: SearchQuery, [page, ...rest]: (SearchResponse | undefined)[], hits: SearchResponse["hits"]): SearchResult {
    const { onOff } = splitFacets(query.facets);
    const apart = rest.slice(0, rest.length - onOff.length);
    const distribution = { ...page!.facetDistribution };
    apart.forEach((result) => Object.assign(distribution, result!.facetDistribution));
    const facets: SearchResult["facets"] = {};
    for (const facet of query.facets) {
      if (!onOff.includes(facet)) facets[facet] = optionsOf(facet, distribution[facetAttribute(facet)] ?? {});
    }
    onOff.forEach((facet, i) => {
      const count = rest[apart.length + i]!.totalHits ?? 0;
      facets[facet] = count > 0 ? [{ value: FILTER_ON, count }] : [];
    });
    const ids = hits.map((hit) => String(hit.id));
    const records = query.records ? recordsOf(hits) : undefined;
    const near = this.measured(query);
    return {
      total: page!.totalHits ?? 0,
      ids,
      facets,
      ...(records && { records }),
      ...(near && this.places ? { distancesMetres: hits.map((hit) => distanceToHit(near.point, hit, this.places!)) } : {}),
    };
  }

  private versionQuery(): MultiSearchQuery {
    return { indexUid: versionIndexUid(this.indexUid), q: "", limit: 1, attributesToRetrieve: ["version"] };
  }

  /** The index's version now, or undefined when there is none to read (answers are then not reused). */
  private currentVersion(): Promise<string | undefined> {
    this.versionRead ??= this.multiSearch([this.versionQuery()])
      .then(
        ([result]) => versionOf(result),
        (error: unknown) => {
          if (!isVersionIndexRefused(error)) throw error;
          this.unversionedUntil = Date.now() + UNVERSIONED_RETRY_MS;
          return undefined;
        },
      )
      .finally(() => {
        this.versionRead = undefined;
      });
    return this.versionRead;
  }

  private async multiSearch(queries: MultiSearchQuery[]): Promise<SearchResponse[]> {
    // One deadline for the whole answer, retry included, so a stalled Meilisearch fails a
    // page in seconds (a refused connection is retried once at once, well within it).
    const signal = AbortSignal.timeout(ENGINE_DEADLINES_MS.search);
    const { results } = (await withRetry(() => this.client.multiSearch({ queries }, { signal }).catch(answerAsAnswered), {
      attempts: 2,
      baseDelayMs: 50,
      isRetryable: isMeiliTransient,
    })) as { results: SearchResponse[] };
    return results;
  }
}

/**
 * The client wraps whatever its httpClient throws (meili-http.ts) in MeilisearchRequestError;
 * an error Meilisearch answered with is passed on as such, as it is through fetch.
 */
function answerAsAnswered(error: unknown): never {
  throw error instanceof MeilisearchRequestError && error.cause instanceof MeilisearchApiError ? error.cause : error;
}

/** Facets counted from Meilisearch's distribution, and on/off ones counted as a total. */
function splitFacets(facets: readonly FilterName[]) {
  return {
    counted: facets.filter((facet) => FILTERS[facet].kind !== "recent"),
    onOff: facets.filter((facet) => FILTERS[facet].kind === "recent"),
  };
}

/**
 * The records the hits hold, or undefined when any hit holds none: a document indexed by a
 * version before documents held their records, which only a full sync replaces.
 */
function recordsOf(hits: SearchResponse["hits"]): HitRecords | undefined {
  const json = new Map<string, string>();
  for (const hit of hits) {
    const text: unknown = hit[RECORD_ATTRIBUTE];
    if (typeof text !== "string") return undefined;
    json.set(String(hit.id), text);
  }
  return new HitRecords(json);
}

/**
 * Metres to a vehicle's branch as the branches are published now, found by the code its
 * record names (a branch whose postcode changed since the document was indexed is measured
 * where it is now); by the document's `_geo` when the hit brings no record; NaN for a
 * document indexed without the dealer's branches.
 */
type GeoHit = { lat: number; lng: number };
function distanceToHit(point: GeoPoint, hit: SearchResponse["hits"][number], places: BranchPlaces): number {
  const geo = hit._geo as GeoHit | undefined;
  if (!geo) return Number.NaN;
  const text: unknown = hit[RECORD_ATTRIBUTE];
  if (typeof text === "string") return places.metresTo(point, (JSON.parse(text) as Pick<VehicleRecord, "branch">).branch);
  return metresBetween(point, { lat: geo.lat, lon: geo.lng });
}

/**
 * The query's words as the embedded engine reads them (no quoted phrases, no "-word"
 * exclusions), every one required.
 */
function textOf(query: SearchQuery): Required<Pick<MultiSearchQuery, "q" | "matchingStrategy" | "locales">> {
  return { q: queryWords(query.q).join(" "), matchingStrategy: "all", locales: ["eng"] };
}

/** No conditions means no filter parameter at all. */
const orNothing = (conditions: string[]) => (conditions.length > 0 ? conditions : undefined);

const versionOf = (result: SearchResponse | undefined) => (result?.hits[0] as Partial<IndexVersionDocument> | undefined)?.version;

/** No version index (an index built before it existed), or a key that may not read it. */
function isVersionIndexRefused(error: unknown): boolean {
  return error instanceof MeilisearchApiError && ["index_not_found", "invalid_api_key"].includes(error.cause?.code ?? "");
}

/**
 * Meilisearch refusing a query because the index lacks what this code asks of it: no such
 * index, or a filter, count or order on an attribute it was not set up to filter or sort by.
 * (A filter it cannot read at all is this code's mistake, and stays a 500.)
 */
export function isRefusalOfAnOldIndex(error: unknown): boolean {
  if (!(error instanceof MeilisearchApiError)) return false;
  const code = error.cause?.code ?? "";
  if (code === "index_not_found") return true;
  return (
    ["invalid_search_filter", "invalid_search_facets", "invalid_search_sort"].includes(code) &&
    /is not (filterable|sortable)/.test(error.message)
  );
}

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
