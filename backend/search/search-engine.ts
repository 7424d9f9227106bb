import type { FacetOption, FilterName, Filters } from "../../domain/filters";
import type { SortValue } from "../../domain/sort";
import type { VehicleRecord, VehicleType } from "../../domain/vehicle";
import type { StockView, VehicleRecordReader } from "../store/vehicle-store";

/**
 * What the catalogue asks of a search engine. The embedded columnar index and the
 * Meilisearch adapter both implement it and pass the same contract suite
 * (tests/contract). Engines answer with ids; records come from the store of record.
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
  sort: SortValue;
  page: number;
  pageSize: number;
  /**
   * Filters whose options to count. Counts are disjunctive: a filter's own value does not
   * narrow its own options, so a visitor sees what each alternative would give.
   */
  facets: readonly FilterName[];
}

export interface SearchResult {
  total: number;
  /** The requested page, in sort order. */
  ids: string[];
  /** One entry per requested facet: the options with at least one vehicle, in display order. */
  facets: Partial<Record<FilterName, FacetOption[]>>;
  /**
   * From an engine rebuilt in this process: the stock its index was built from, where the
   * page's records are to be read so that they agree with the ids and the total. Absent
   * for Meilisearch, which follows the store of record.
   */
  records?: VehicleRecordReader;
}

/** Reads the whole stock; it may be called more than once (Meilisearch's full sync). */
export type StockScan = () => AsyncIterable<VehicleRecord>;

export interface SearchEngine {
  search(query: SearchQuery): Promise<SearchResult>;
  /**
   * For an engine inside the site's process: replaces everything it holds with the stock.
   * Searches go on being answered from the previous contents, with their records read from
   * the previous stock, until the new ones are complete. Absent for Meilisearch, which the
   * indexer keeps current.
   */
  rebuild?(stock: StockView): Promise<void>;
  close(): Promise<void>;
}
