import type { Settings } from "meilisearch";
import {
  FILTER_NAMES,
  FILTERS,
  formatRange,
  inRange,
  RANGE_FILTER_NAMES,
  RECENT_FILTER_NAMES,
  TEXT_FILTER_NAMES,
  textKey,
  type FilterName,
  type RangeFilterName,
  type TextFilterName,
} from "../../domain/filters";
import { compareIds, SORT_STEPS, sortKeyValue, type SortKey, type SortValue } from "../../domain/sort";
import type { VehicleRecord, VehicleType } from "../../domain/vehicle";
import type { BranchPlaces } from "../branches/branch-places";
import { MIN_LENGTH_ONE_TYPO, MIN_LENGTH_TWO_TYPOS } from "./query-terms";
import { SEARCHABLE_ATTRIBUTES, SEARCHABLE_TEXT } from "./search-words";

/**
 * How a vehicle record becomes a Meilisearch document, and the index settings that make
 * every filter, option count and sort of the embedded engine possible there too. Each
 * document also holds its whole record, so that a page of results is answered by
 * Meilisearch alone, without a read of the store per page.
 */

export interface MeiliVehicleDocument {
  id: string;
  type: VehicleType;
  /** Where the vehicle's branch is, for the distance each result shows. */
  _geo?: { lat: number; lng: number };
  [attribute: string]: string | number | string[] | { lat: number; lng: number } | undefined;
}

/**
 * The attribute holding the record as JSON text, exactly as the store gives it: sent on by
 * the API as it is, and neither searched nor filtered on.
 */
export const RECORD_ATTRIBUTE = "record";

/**
 * What a search may show of a document: all the site reads (`_geo`, its branch's place, for
 * the distance to it). An index built by a version
 * whose documents held no record shows everything, so its settings differ from these and
 * the indexer rebuilds it (settings-drift.ts) rather than add documents of another kind.
 */
export const DISPLAYED_ATTRIBUTES = ["id", RECORD_ATTRIBUTE, "_geo"];

/** The attribute holding a range filter's bands, so options can be counted per band. */
export const bandAttribute = (name: RangeFilterName) => `${name}Band`;

/** The attribute a filter's options are counted on. */
export function facetAttribute(name: FilterName): string {
  return FILTERS[name].kind === "range" ? bandAttribute(name as RangeFilterName) : name;
}

const SORT_ATTRIBUTES: Record<SortKey, string> = {
  price: "price",
  mileage: "mileage",
  year: "year",
  createdAt: "createdAtMs",
  hasImages: "hasImages",
  available: "available",
};

/** Meilisearch's sort for an order: the order's steps, then the id, as the embedded engine ties. */
export function meiliSort(sort: SortValue): string[] {
  return [...SORT_STEPS[sort].map(({ key, direction }) => `${SORT_ATTRIBUTES[key]}:${direction}`), "id:asc"];
}

/**
 * Above any stock a dealer could hold. Meilisearch returns no page past it (the total still
 * counts every match), so a lower value would empty the last pages of large searches and of
 * the sitemap's listing; measured at 100,000 vehicles, a lower value made the bench's
 * searches no faster (docs/benchmarks.md).
 */
export const MAX_TOTAL_HITS = 1_000_000;
/** Enough for every derivative of a large stock: counts must list every option. */
export const MAX_VALUES_PER_FACET = 20_000;

/**
 * A keyword search under the relevance order is sent without `sort`, so it ranks by how well
 * vehicles match, then as the relevance order does (photos, newest, id); every other search
 * is ordered by `sort` alone, which always ends with the id.
 */
const RELEVANCE_TIE_BREAKS = meiliSort("relevance");

export function meiliSettings(): Settings {
  return {
    // The id too, so that a vehicle's page can be drawn from its document while the store cannot answer.
    filterableAttributes: ["id", "type", ...FILTER_NAMES, ...RANGE_FILTER_NAMES.map(bandAttribute), "_geo"],
    sortableAttributes: ["id", ...Object.values(SORT_ATTRIBUTES), "_geo"],
    displayedAttributes: DISPLAYED_ATTRIBUTES,
    searchableAttributes: [...SEARCHABLE_ATTRIBUTES],
    rankingRules: ["sort", "words", "typo", "proximity", "attribute", "exactness", ...RELEVANCE_TIE_BREAKS],
    // Meilisearch's defaults, stated because the embedded engine copies them (query-terms.ts).
    typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: MIN_LENGTH_ONE_TYPO, twoTypos: MIN_LENGTH_TWO_TYPOS } },
    // English only: else a text taken for German would have its compound words cut apart.
    localizedAttributes: [{ attributePatterns: ["*"], locales: ["eng"] }],
    pagination: { maxTotalHits: MAX_TOTAL_HITS },
    faceting: { maxValuesPerFacet: MAX_VALUES_PER_FACET, sortFacetValuesBy: { "*": "alpha" } },
  };
}

/**
 * One spelling per text value across the stock: the spelling of the vehicle first in id
 * order, as the embedded engine shows it. Documents are written with it, so Meilisearch's
 * option lists show one spelling whichever vehicles a count covers.
 */
export class SpellingBook {
  private readonly chosen = new Map<string, { id: string; spelling: string }>();

  static async fromStock(records: AsyncIterable<VehicleRecord>): Promise<SpellingBook> {
    const book = new SpellingBook();
    for await (const record of records) book.observe(record);
    return book;
  }

  /** A book of spellings already in an index, from its option lists. */
  static fromOptions(options: Partial<Record<TextFilterName, Iterable<string>>>): SpellingBook {
    const book = new SpellingBook();
    for (const [name, spellings] of Object.entries(options) as [TextFilterName, Iterable<string>][]) {
      for (const spelling of spellings) book.chosen.set(`${name}\u0000${textKey(spelling)}`, { id: "", spelling });
    }
    return book;
  }

  observe(record: VehicleRecord): void {
    // Hidden vehicles are not in the index, nor in the embedded engine's choice of spelling.
    if (record.hidden) return;
    for (const name of TEXT_FILTER_NAMES) {
      const value = FILTERS[name].read(record);
      if (value === undefined) continue;
      const key = `${name}\u0000${textKey(value)}`;
      const current = this.chosen.get(key);
      if (!current || compareIds(record._id, current.id) < 0) this.chosen.set(key, { id: record._id, spelling: String(value).trim() });
    }
  }

  /** The spelling to store for a value: the chosen one, or the value itself if it is new. */
  spell(name: TextFilterName, value: string | number): string {
    return this.chosen.get(`${name}\u0000${textKey(value)}`)?.spelling ?? String(value).trim();
  }
}

/** With the dealer's branches, the document names the branch the vehicle stands at, and where that is (`_geo`). */
export function toMeiliDocument(recorded: VehicleRecord, spellings: SpellingBook, places?: BranchPlaces): MeiliVehicleDocument {
  const record = places ? places.placed(recorded) : recorded;
  const document: MeiliVehicleDocument = { id: record._id, type: record.vehicle.vehicleType };
  if (places) {
    const { lat, lon } = places.branch(record.branch).location;
    document._geo = { lat, lng: lon };
  }
  for (const name of TEXT_FILTER_NAMES) {
    const value = FILTERS[name].read(record);
    if (value !== undefined) document[name] = spellings.spell(name, value);
  }
  for (const name of RANGE_FILTER_NAMES) {
    const value = FILTERS[name].read(record);
    if (value === undefined) continue;
    document[name] = value;
    const bands = FILTERS[name].bands.filter((band) => inRange(value, band)).map(formatRange);
    if (bands.length > 0) document[bandAttribute(name)] = bands;
  }
  // When it happened, compared with the time of each search (meili-filter.ts).
  for (const name of RECENT_FILTER_NAMES) {
    const value = FILTERS[name].read(record);
    if (value !== undefined) document[name] = value;
  }
  // The rest of the text a keyword search looks through (the filters' text is already there).
  for (const attribute of ["makeAliases", "features", "description"] as const) {
    const value = SEARCHABLE_TEXT[attribute](record);
    if (value !== undefined && value.length > 0) document[attribute] = value;
  }
  for (const [key, attribute] of Object.entries(SORT_ATTRIBUTES) as [SortKey, string][]) {
    const value = sortKeyValue(record, key);
    if (value !== undefined) document[attribute] = value;
  }
  // The record as stored, so that a page of results is the same from either engine.
  document[RECORD_ATTRIBUTE] = JSON.stringify(recorded);
  return document;
}
