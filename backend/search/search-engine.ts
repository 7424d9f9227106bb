import type { GeoPoint } from "../../domain/distance";
import type { FacetOption, FilterName, Filters } from "../../domain/filters";
import type { Config } from "../config";
import type { Logger } from "../logger";
import type { SortValue } from "../../domain/sort";
import type { VehicleRecord, VehicleType } from "../../domain/vehicle";
import type { StockView, VehicleRecordReader } from "../store/vehicle-store";

/**
 * What the catalogue asks of a search engine. The embedded columnar index and the
 * Meilisearch adapter both implement it and pass the same contract suite
 * (tests/contract). Engines answer with ids and, when asked, the page's records as they
 * hold them, so that a page of results needs no read of the store.
 */
export interface SearchQuery {
  /** Absent: every type (the plain /vehicles list). */
  type?: VehicleType;
  /**
   * Keywords, matched as Meilisearch matches them (typos, the last word as a prefix; see
   * query-terms.ts), every word required. Under the relevance order the fewest typos rank
   * first; every other order and every filter apply as without keywords.
   */
  q?: string;
  filters: Filters;
  /**
   * Where the buyer is (their postcode's outward-code centre): each vehicle's distance is
   * measured from here to its branch, `distance` orders nearest first (vehicles equally far
   * in the relevance order), and `withinMetres` keeps those at most that far. Absent:
   * `distance` orders as `relevance`.
   */
  near?: { point: GeoPoint; withinMetres?: number };
  sort: SortValue;
  page: number;
  pageSize: number;
  /**
   * Filters whose options to count. Counts are disjunctive: a filter's own value does not
   * narrow its own options, so a visitor sees what each alternative would give.
   */
  facets: readonly FilterName[];
  /** The page's records are wanted with its ids (a page of results), not its ids alone (a count, the sitemap). */
  records?: boolean;
}

export interface SearchResult {
  total: number;
  /** The requested page, in sort order. */
  ids: string[];
  /** One entry per requested facet: the options with at least one vehicle, in display order. */
  facets: Partial<Record<FilterName, FacetOption[]>>;
  /** With `near`: each vehicle's distance in metres, in the order of `ids`. */
  distancesMetres?: number[];
  /**
   * Where the page's records are read, so that they agree with the ids and the total: for an
   * engine rebuilt in this process, the stock its index was built from; for Meilisearch, the
   * documents it answered with, when the query asked for records. Absent when the engine
   * does not hold them (a Meilisearch index built by an earlier version, whose documents held
   * no record): the catalogue then reads the store.
   */
  records?: VehicleRecordReader;
}

/** Reads the whole stock; it may be called more than once (Meilisearch's full sync). */
export type StockScan = () => AsyncIterable<VehicleRecord>;

/** Vehicles to send (added or changed) and vehicles to remove (sold). */
export interface IndexChanges {
  upserts: Iterable<VehicleRecord> | AsyncIterable<VehicleRecord>;
  removedIds: readonly string[];
}

export interface SearchEngine {
  search(query: SearchQuery): Promise<SearchResult>;
  /**
   * A vehicle buyers can find, with its record as the engine holds it (as its pages of
   * results show it), or undefined when the engine holds none: a vehicle not in the index
   * (sold, hidden, never indexed), or an index made by an earlier version whose documents
   * hold no record or cannot be looked up by id. The site asks it for a vehicle's page only
   * while the store cannot answer in time.
   */
  get(id: string): Promise<VehicleRecord | undefined>;
  /**
   * For an engine inside the site's process: replaces everything it holds with the stock.
   * Searches go on being answered from the previous contents, with their records read from
   * the previous stock, until the new ones are complete. Absent for Meilisearch, which the
   * indexer keeps current.
   */
  rebuild?(stock: StockView): Promise<void>;
  /**
   * For an engine outside the site's process (Meilisearch): calls `onChange` within seconds of
   * its contents changing, whoever changed them (this instance, another, stock:sync), so that
   * what was made from its answers (a cached page) is made again. Answers the unsubscribe.
   */
  watch?(onChange: () => void): () => void;
  close(): Promise<void>;
}

/**
 * The live index cannot take changes one by one: sent to a missing index, documents would
 * create it without settings (no filters, no sorts), and an index with older settings
 * lacks what this version filters on. Only a full sync puts either right.
 */
export class SearchIndexNeedsFullSyncError extends Error {
  constructor(
    readonly indexUid: string,
    readonly reason: string,
  ) {
    super(
      `The search index "${indexUid}" ${reason}, so changes cannot be sent to it one by one. ` +
        "Rebuild it with npm run stock:reindex (stock:sync also does when it starts)",
    );
  }
}

/** A change the engine accepted and then failed to apply, as the stock console lists them. */
export interface FailedIndexTask {
  uid: number;
  type: string;
  error: string;
  finishedAt?: Date;
}

/** The index as the stock console shows it, read with the writer's key. */
export interface IndexState {
  /** Absent when there is no index yet. */
  documents?: number;
  builtAt?: Date;
  /** Why the live index cannot take changes one by one (liveIndexProblem), when it cannot. */
  problem?: string;
  /** The latest changes that failed, newest first, as many as were asked for. */
  failedTasks: FailedIndexTask[];
}

/**
 * The write side of a search engine kept outside the site's process, beside SearchEngine
 * (the read side). The imports, the stock console, the sync service (backend/stock/) and the
 * stock tools (indexer/cli.ts) keep the index in step with the store of record through this
 * alone; the Meilisearch adapter implements it (meili-indexer.ts), with a key allowed to
 * change indexes. The embedded engine needs no writer: it lives in the site's process, and
 * the catalogue rebuilds it from the store whenever the stock changes (SearchEngine.rebuild).
 *
 * A failure the engine itself reports (unreachable, refusing the key, a change it could not
 * apply) is one that isSearchEngineFailure (engine-failures.ts) knows, so that the stock
 * tools report its message rather than a stack.
 */
export interface SearchIndexWriter {
  /** Rebuilds the index from the whole stock and swaps it in whole; returns the documents indexed. */
  fullSync(scan: StockScan): Promise<number>;
  /**
   * Sends changed vehicles and removes sold ones (and hidden ones, which stay in stock but
   * not in search). Refuses (SearchIndexNeedsFullSyncError) a live index that is missing or
   * out of date.
   */
  apply(changes: IndexChanges): Promise<{ upserted: number; removed: number }>;
  /** Whether only a full sync can bring the live index up to date: missing, out of date, or empty. */
  needsFullSync(): Promise<boolean>;
  /** Why the live index cannot take changes one by one (missing, or set up by another version), or undefined when it can. */
  liveIndexProblem(): Promise<string | undefined>;
  /** What the stock console shows of the index, with at most `failedTasksShown` failed changes. */
  state(failedTasksShown: number): Promise<IndexState>;
  /**
   * What the site needs of this engine before it can search (Meilisearch: its search-only
   * key, written to MEILI_SEARCH_KEY_FILE), made by `npm run stock:setup`. Returns what was
   * done, to tell the person at the keyboard, or undefined when there was nothing to do.
   */
  prepareForSite(): Promise<string | undefined>;
}

/**
 * An engine as backend/engines.ts opens it, by the one line there that picks an engine from
 * the configuration: the embedded one (embedded-search.ts) or Meilisearch (meili-adapter.ts).
 */
export interface SearchEngineAdapter {
  /** The site's side, which only searches (and, in the site's process, is rebuilt by the catalogue). */
  openSearch(config: Config): Promise<SearchEngine>;
  /**
   * The write side, or undefined where there is none to use: an engine the site rebuilds
   * itself, or, for the site ("site"), one it holds no key to change. The stock tools
   * ("tools") are run by whoever runs the engine, and use it as configured.
   */
  openWriter(config: Config, logger: Logger, user: "site" | "tools"): SearchIndexWriter | undefined;
  /** The index's name when the engine runs outside the site's process, as the stock console names it; undefined for one inside it. */
  indexOutsideSite(config: Config): string | undefined;
}
