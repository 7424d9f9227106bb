import { countedWithout, FILTERS, formatRange, inRange, textKey, type FilterName, type NumericRange, type FacetOption } from "../../domain/filters";
import { compareOptionValues } from "../../backend/search/option-order";
import { compareIds, SORT_STEPS, sortKeyValue } from "../../domain/sort";
import type { VehicleRecord } from "../../domain/vehicle";
import type { SearchQuery, SearchResult } from "../../backend/search/search-engine";

/**
 * The search contract written the slowest, plainest way: filter an array, sort it, count.
 * Engines are checked against it on generated stock, where hand-written answers would not
 * scale.
 */
export function referenceSearch(records: readonly VehicleRecord[], query: SearchQuery): SearchResult {
  const byId = [...records].sort((a, b) => compareIds(a._id, b._id));
  const ofType = byId.filter((record) => !query.type || record.vehicle.vehicleType === query.type);
  const matching = (except: readonly FilterName[] = []) =>
    ofType.filter((record) =>
      Object.entries(query.filters).every(
        ([name, wanted]) => except.includes(name as FilterName) || matches(record, name as FilterName, wanted),
      ),
    );

  const sorted = matching().sort((a, b) => {
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
  return { total: sorted.length, ids: sorted.slice(start, start + query.pageSize).map((r) => r._id), facets };
}

function matches(record: VehicleRecord, name: FilterName, wanted: string | NumericRange | undefined): boolean {
  if (wanted === undefined) return true;
  const value = FILTERS[name].read(record);
  if (value === undefined) return false;
  return typeof wanted === "string" ? textKey(value) === textKey(wanted) : inRange(Number(value), wanted);
}

/** Text options are spelled as the first vehicle in id order spells them, across all stock. */
function options(records: readonly VehicleRecord[], facet: FilterName, allById: readonly VehicleRecord[]): FacetOption[] {
  const filter = FILTERS[facet];
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
