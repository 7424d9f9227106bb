import {
  countedWithout,
  FILTER_ON,
  FILTERS,
  formatRange,
  inRange,
  recentSince,
  textKey,
  type FilterName,
  type FilterValue,
  type FacetOption,
  type RecentFilterName,
} from "../../domain/filters";
import { compareOptionValues } from "../../backend/search/option-order";
import { compareIds, ranksByKeywords, SORT_STEPS, sortKeyValue } from "../../domain/sort";
import { queryTerms, typosToMatch } from "../../backend/search/query-terms";
import { queryWords, recordWords } from "../../backend/search/search-words";
import type { VehicleRecord } from "../../domain/vehicle";
import type { SearchQuery, SearchResult } from "../../backend/search/search-engine";
import type { BranchPlaces } from "../../backend/branches/branch-places";

/**
 * The search contract written the slowest, plainest way: filter an array, sort it, count.
 * Engines are checked against it on generated stock, where hand-written answers would not
 * scale.
 */
export function referenceSearch(records: readonly VehicleRecord[], query: SearchQuery, places?: BranchPlaces): SearchResult {
  const byId = [...records].map((record) => (places ? places.placed(record) : record)).sort((a, b) => compareIds(a._id, b._id));
  const words = queryWords(query.q);
  const typos = new Map(byId.map((record) => [record, words.length === 0 ? 0 : fewestTypos(words, recordWords(record))]));
  const near = places && query.near;
  const metres = new Map(byId.map((record) => [record, near ? places.metresTo(near.point, record.branch) : Number.NaN]));
  const inReach = (record: VehicleRecord) => near?.withinMetres === undefined || metres.get(record)! <= near.withinMetres;
  const ofType = byId.filter(
    (record) => (!query.type || record.vehicle.vehicleType === query.type) && typos.get(record) !== undefined && inReach(record),
  );
  const matching = (except: readonly FilterName[] = []) =>
    ofType.filter((record) =>
      Object.entries(query.filters).every(
        ([name, wanted]) => except.includes(name as FilterName) || matches(record, name as FilterName, wanted),
      ),
    );

  const sorted = matching().sort((a, b) => {
    // Distances within a metre are one, as Meilisearch's geo sort takes them.
    if (near && query.sort === "distance" && Math.abs(metres.get(a)! - metres.get(b)!) > 1) return metres.get(a)! - metres.get(b)!;
    if (ranksByKeywords(query.sort) && typos.get(a) !== typos.get(b)) return typos.get(a)! - typos.get(b)!;
    for (const { key, direction } of SORT_STEPS[query.sort]) {
      const x = sortKeyValue(a, key);
      const y = sortKeyValue(b, key);
      if (x === y) continue;
      if (x === undefined) return 1;
      if (y === undefined) return -1;
      return direction === "asc" ? x - y : y - x;
    }
    return compareIds(a._id, b._id);
  });
  const start = (query.page - 1) * query.pageSize;
  const facets: SearchResult["facets"] = {};
  for (const facet of query.facets) facets[facet] = options(matching(countedWithout(facet)), facet, byId);
  const page = sorted.slice(start, start + query.pageSize);
  return {
    total: sorted.length,
    ids: page.map((r) => r._id),
    facets,
    ...(near ? { distancesMetres: page.map((record) => metres.get(record)!) } : {}),
  };
}

/**
 * The fewest typos with which a vehicle's words hold every query word (alone, or written
 * together with its neighbours), trying every way of reading the query; undefined if none.
 */
function fewestTypos(words: readonly string[], vehicleWords: ReadonlySet<string>): number | undefined {
  const best: (number | undefined)[] = [0];
  const terms = queryTerms(words);
  for (let end = 1; end <= words.length; end++) {
    for (const term of terms.filter((candidate) => candidate.to === end)) {
      const before = best[term.from];
      if (before === undefined) continue;
      const typos = [...vehicleWords].map((word) => typosToMatch(term, word)).filter((found) => found !== undefined);
      if (typos.length === 0) continue;
      const total = before + Math.min(...typos);
      if (best[end] === undefined || total < best[end]!) best[end] = total;
    }
  }
  return best[words.length];
}

function matches(record: VehicleRecord, name: FilterName, wanted: FilterValue | undefined): boolean {
  if (wanted === undefined) return true;
  const value = FILTERS[name].read(record);
  if (value === undefined) return false;
  if (wanted === true) return Number(value) >= recentSince(name as RecentFilterName);
  return typeof wanted === "string" ? textKey(value) === textKey(wanted) : inRange(Number(value), wanted);
}

/** Text options are spelled as the first vehicle in id order spells them, across all stock. */
function options(records: readonly VehicleRecord[], facet: FilterName, allById: readonly VehicleRecord[]): FacetOption[] {
  const filter = FILTERS[facet];
  if (filter.kind === "recent") {
    const count = records.filter((record) => matches(record, facet, true)).length;
    return count > 0 ? [{ value: FILTER_ON, count }] : [];
  }
  if (filter.kind === "range") {
    return filter.bands
      .map((band) => ({
        value: formatRange(band),
        count: records.filter((record) => {
          const value = filter.read(record);
          return value !== undefined && inRange(value, band);
        }).length,
      }))
      .filter((option) => option.count > 0);
  }
  const spelling = new Map<string, string>();
  for (const record of allById) {
    const value = filter.read(record);
    if (value !== undefined && !spelling.has(textKey(value))) spelling.set(textKey(value), String(value).trim());
  }
  const counts = new Map<string, FacetOption>();
  for (const record of records) {
    const value = filter.read(record);
    if (value === undefined) continue;
    const key = textKey(value);
    const option = counts.get(key) ?? { value: spelling.get(key)!, count: 0 };
    option.count++;
    counts.set(key, option);
  }
  return [...counts.values()].sort((a, b) => compareOptionValues(a.value, b.value));
}
