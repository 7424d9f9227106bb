import {
  countedWithout,
  FILTER_ON,
  FILTERS,
  formatRange,
  RANGE_FILTER_NAMES,
  RECENT_FILTER_NAMES,
  recentSince,
  TEXT_FILTER_NAMES,
  textKey,
  type FilterName,
  type FilterValue,
  type NumericRange,
  type RangeFilterName,
  type RecentFilterName,
  type TextFilterName,
  type FacetOption,
} from "../../domain/filters";
import { compareOptionValues } from "./option-order";
import { compareIds, ranksByKeywords, SORT_STEPS, SORT_VALUES, sortKeyValue, type SortKey, type SortValue } from "../../domain/sort";
import { VEHICLE_TYPES, type VehicleRecord, type VehicleType } from "../../domain/vehicle";
import { eventLoopTurns, sortTakingTurns } from "../event-loop-turns";
import { nearestFirstGroups, withinRadius, type GeoPoint } from "../../domain/distance";
import type { BranchPlaces } from "../branches/branch-places";
import { Bitset } from "./bitset";
import type { SearchQuery, SearchResult } from "./search-engine";
import { queryWords, recordWords } from "./search-words";
import { TextIndexBuilder, type TextIndex } from "./text-index";

/**
 * The embedded search engine's data: one column per filter, documents numbered in id order
 * (compareIds).
 * A filter becomes a bitset, filters combine by AND, options are counted by walking a
 * column over the matching documents, and each sort order is a precomputed permutation.
 * Immutable once built: a rebuild makes a new one and the engine swaps it in whole.
 */

interface TextColumn {
  /** Display value per code; code 0 means "no value". */
  values: string[];
  codeOfKey: Map<string, number>;
  codes: Uint32Array;
  /** Documents holding code c are postingDocs[postingStart[c] .. postingStart[c + 1]). */
  postingStart: Uint32Array;
  postingDocs: Uint32Array;
}

interface RangeColumn {
  /** NaN where the vehicle has no value. */
  values: Float64Array;
  bands: readonly NumericRange[];
  /** 1 + the first band holding the value; 0 for none. */
  band: Uint8Array;
  /** 1 + a second band, for a value on an edge two inclusive bands share; 0 for none. */
  edgeBand: Uint8Array;
}

/** Filters whose options are counted per code or band; an on/off filter's one count depends on the time of the search. */
type CountedFilterName = TextFilterName | RangeFilterName;
const COUNTED_FILTER_NAMES: readonly CountedFilterName[] = [...TEXT_FILTER_NAMES, ...RANGE_FILTER_NAMES];

const SORT_KEYS: readonly SortKey[] = ["price", "mileage", "year", "createdAt", "hasImages", "available"];

/** A vehicle type, or all stock. */
type Scope = VehicleType | "all";

/** Documents walked between looks at the clock (eventLoopTurns), so searches keep being answered during a build. */
const DOCS_BETWEEN_CLOCK_CHECKS = 4096;

export class ColumnarIndex {
  /** Option counts over each whole scope, counted once, since unfiltered searches are the commonest. */
  private readonly scopeCounts = {} as Record<Scope, Record<CountedFilterName, Uint32Array>>;

  private constructor(
    readonly size: number,
    private readonly ids: string[],
    private readonly scopes: Record<Scope, Bitset>,
    private readonly text: Record<TextFilterName, TextColumn>,
    private readonly range: Record<RangeFilterName, RangeColumn>,
    /** When each vehicle's event happened (ms), NaN where it has not. */
    private readonly recent: Record<RecentFilterName, Float64Array>,
    private readonly orders: Record<SortValue, Uint32Array>,
    private readonly words: TextIndex,
    private readonly places: BranchPlaces | undefined,
  ) {
    for (const scope of Object.keys(scopes) as Scope[]) {
      const docs = scopes[scope].toArray();
      const counts = {} as Record<CountedFilterName, Uint32Array>;
      for (const facet of COUNTED_FILTER_NAMES) {
        counts[facet] = new Uint32Array(this.slots(facet));
        this.tally(facet, docs, counts[facet], 1);
      }
      this.scopeCounts[scope] = counts;
    }
  }

  /** With the dealer's branches, each vehicle is indexed at the branch it stands at, and distances can be measured to it. */
  static async build(records: AsyncIterable<VehicleRecord>, places?: BranchPlaces): Promise<ColumnarIndex> {
    // Every step takes turns with other work: at 100,000 vehicles each holds the event loop for a tenth of a second or more.
    const takeTurn = eventLoopTurns();
    const raw = await collect(records, takeTurn, places);
    const size = raw.ids.length;
    const docOrder = Array.from(
      await sortTakingTurns(
        Uint32Array.from({ length: size }, (_, i) => i),
        (a, b) => compareIds(raw.ids[a]!, raw.ids[b]!),
      ),
    );
    const ids = docOrder.map((i) => raw.ids[i]!);

    const typeDocs: Record<VehicleType, number[]> = { car: [], van: [], truck: [] };
    docOrder.forEach((source, doc) => typeDocs[raw.types[source]!].push(doc));
    const byType = Object.fromEntries(VEHICLE_TYPES.map((type) => [type, Bitset.of(size, typeDocs[type])])) as Record<VehicleType, Bitset>;

    const text = {} as Record<TextFilterName, TextColumn>;
    for (const name of TEXT_FILTER_NAMES) {
      text[name] = await buildTextColumn(
        docOrder.map((i) => raw.text[name][i]),
        takeTurn,
      );
    }

    const range = {} as Record<RangeFilterName, RangeColumn>;
    for (const name of RANGE_FILTER_NAMES) {
      range[name] = await buildRangeColumn(
        docOrder.map((i) => raw.range[name][i]!),
        FILTERS[name].bands,
        takeTurn,
      );
    }

    const recent = {} as Record<RecentFilterName, Float64Array>;
    for (const name of RECENT_FILTER_NAMES) recent[name] = await inDocOrder(raw.recent[name], docOrder, takeTurn);

    const sortColumns = {} as Record<SortKey, Float64Array>;
    for (const key of SORT_KEYS) sortColumns[key] = await inDocOrder(raw.sort[key], docOrder, takeTurn);
    const orders = {} as Record<SortValue, Uint32Array>;
    for (const sort of SORT_VALUES) {
      orders[sort] = await sortOrder(sortColumns, sort, size);
    }

    const words = await raw.words.build(docOrder, takeTurn);
    return new ColumnarIndex(size, ids, { ...byType, all: Bitset.full(size) }, text, range, recent, orders, words, places);
  }

  /** Whether a vehicle is in the index: one hidden, or not in the stock it was built from, is not. */
  has(id: string): boolean {
    // The ids are held in id order (compareIds), so a halving search finds one.
    let low = 0;
    let high = this.ids.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const order = compareIds(this.ids[middle]!, id);
      if (order === 0) return true;
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }

  search(query: SearchQuery): SearchResult {
    const scope = query.type ?? "all";
    const keywords = queryWords(query.q);
    // Keywords narrow the scope itself: a filter's options are counted among the vehicles they match.
    const textMatch = keywords.length > 0 ? this.words.match(keywords, ranksByKeywords(query.sort)) : undefined;
    const distances = query.near && this.branchDistances(query.near.point);
    // As keywords do, a radius narrows the scope: every option is counted within it.
    const nearby =
      distances && query.near?.withinMetres !== undefined ? this.branchesWithin(distances, query.near.withinMetres) : undefined;
    const narrowing = [textMatch?.byTypos.at(-1), nearby].filter((set) => set !== undefined);
    const base = narrowing.length > 0 ? this.scopes[scope].and(...narrowing) : this.scopes[scope];
    const filterSets = new Map<FilterName, Bitset>();
    for (const [name, value] of Object.entries(query.filters) as [FilterName, FilterValue | undefined][]) {
      if (value !== undefined) filterSets.set(name, this.matching(name, value));
    }
    const matches = filterSets.size === 0 ? base : base.and(...filterSets.values());

    const facets: SearchResult["facets"] = {};
    if (query.facets.length > 0) {
      const counter = new FacetCounter(this, base, { set: this.scopes[scope], counts: this.scopeCounts[scope] });
      // The documents each facet is counted over: the matches, less the filters it leaves out.
      const setsLeavingOut = new Map<string, Bitset>();
      const setLeavingOut = (leftOut: readonly FilterName[]) => {
        const key = leftOut.join();
        let set = setsLeavingOut.get(key);
        if (!set) {
          const others = [...filterSets].filter(([name]) => !leftOut.includes(name)).map(([, other]) => other);
          set = others.length === 0 ? base : base.and(...others);
          setsLeavingOut.set(key, set);
        }
        return set;
      };
      for (const facet of query.facets) {
        const leftOut = countedWithout(facet).filter((name) => filterSets.has(name));
        const set = leftOut.length === 0 ? matches : setLeavingOut(leftOut);
        facets[facet] =
          FILTERS[facet].kind === "recent"
            ? onOption(set.and(filterSets.get(facet) ?? this.matching(facet, true)).count())
            : this.options(facet as CountedFilterName, counter.count(facet as CountedFilterName, set));
      }
    }

    // Fewest typos first: each tier holds the matches with one more typo than the last.
    const typoTiers =
      textMatch && textMatch.byTypos.length > 1
        ? textMatch.byTypos.map((set, typos) => (typos === 0 ? set : set.andNot(textMatch.byTypos[typos - 1]!)).and(matches))
        : [matches];
    // Nearest first: the vehicles of each distance, then of the next, each as a search would rank them.
    const tiers =
      distances && query.sort === "distance"
        ? this.distanceGroups(distances).flatMap((group) => typoTiers.map((tier) => tier.and(group)))
        : typoTiers;
    const docs = this.page(tiers, query);
    const { codes } = this.text.branch;
    return {
      total: matches.count(),
      ids: docs.map((doc) => this.ids[doc]!),
      facets,
      ...(distances ? { distancesMetres: docs.map((doc) => distances[codes[doc]!]!) } : {}),
    };
  }

  /** Metres from a point to each branch, by the branch column's code; NaN for "no branch". */
  private branchDistances(point: GeoPoint): Float64Array | undefined {
    const places = this.places;
    if (!places) return undefined;
    const { values } = this.text.branch;
    return Float64Array.from(values, (code, i) => (i === 0 ? Number.NaN : places.metresTo(point, code)));
  }

  /** The vehicles at branches at most `metres` away. */
  private branchesWithin(distances: Float64Array, metres: number): Bitset {
    const codes = [...distances.keys()].filter((code) => withinRadius(distances[code]!, metres));
    return this.branchDocs(codes);
  }

  /**
   * The vehicles of each distance, nearest first: branches within a metre of the same
   * distance are one group, as in the Meilisearch adapter (meili-search.ts).
   */
  private distanceGroups(distances: Float64Array): Bitset[] {
    const groups = nearestFirstGroups([...distances.keys()], (code) => distances[code]!);
    // A vehicle at no known branch (an index built without the dealer's branches) comes last.
    return [...groups.map((group) => this.branchDocs(group)), this.branchDocs([0])];
  }

  private branchDocs(codes: readonly number[]): Bitset {
    const { postingStart, postingDocs } = this.text.branch;
    const set = new Bitset(this.size);
    for (const code of codes) {
      for (let i = postingStart[code]!; i < postingStart[code + 1]!; i++) set.add(postingDocs[i]!);
    }
    return set;
  }

  /** How many documents of the set hold each code (text) or fall in each band (range); slot 0 is "none". */
  tally(facet: CountedFilterName, docs: Uint32Array, counts: Uint32Array, step: 1 | -1): void {
    if (FILTERS[facet].kind === "text") {
      const { codes } = this.text[facet as TextFilterName];
      for (let i = 0; i < docs.length; i++) counts[codes[docs[i]!]!]! += step;
      return;
    }
    const { band, edgeBand } = this.range[facet as RangeFilterName];
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      counts[band[doc]!]! += step;
      counts[edgeBand[doc]!]! += step;
    }
  }

  slots(facet: CountedFilterName): number {
    return FILTERS[facet].kind === "text"
      ? this.text[facet as TextFilterName].values.length
      : this.range[facet as RangeFilterName].bands.length + 1;
  }

  private matching(name: FilterName, value: FilterValue): Bitset {
    if (value === true) {
      const happened = this.recent[name as RecentFilterName];
      const since = recentSince(name as RecentFilterName);
      const set = new Bitset(this.size);
      for (let doc = 0; doc < happened.length; doc++) if (happened[doc]! >= since) set.add(doc);
      return set;
    }
    if (typeof value === "string") {
      const column = this.text[name as TextFilterName];
      const code = column.codeOfKey.get(textKey(value));
      if (code === undefined) return new Bitset(this.size);
      return Bitset.of(this.size, column.postingDocs.subarray(column.postingStart[code], column.postingStart[code + 1]));
    }
    const { values } = this.range[name as RangeFilterName];
    const min = value.min ?? -Infinity;
    const max = value.max ?? Infinity;
    const set = new Bitset(this.size);
    for (let doc = 0; doc < values.length; doc++) {
      const v = values[doc]!;
      if (v >= min && v <= max) set.add(doc);
    }
    return set;
  }

  private options(facet: CountedFilterName, counts: Uint32Array): FacetOption[] {
    const options: FacetOption[] = [];
    if (FILTERS[facet].kind === "text") {
      const { values } = this.text[facet as TextFilterName];
      for (let code = 1; code < values.length; code++) {
        if (counts[code]! > 0) options.push({ value: values[code]!, count: counts[code]! });
      }
    } else {
      this.range[facet as RangeFilterName].bands.forEach((range, b) => {
        if (counts[b + 1]! > 0) options.push({ value: formatRange(range), count: counts[b + 1]! });
      });
    }
    return options;
  }

  /** A page of the matches' documents, tier after tier, each in the sort's order. */
  private page(tiers: readonly Bitset[], { sort, page, pageSize }: SearchQuery): number[] {
    const order = this.orders[sort];
    let skip = (page - 1) * pageSize;
    const ids: number[] = [];
    for (const tier of tiers) {
      const size = tier.count();
      if (skip >= size) {
        skip -= size;
        continue;
      }
      for (let i = 0; i < order.length && ids.length < pageSize; i++) {
        const doc = order[i]!;
        if (!tier.has(doc)) continue;
        if (skip > 0) skip--;
        else ids.push(doc);
      }
      if (ids.length >= pageSize) break;
    }
    return ids;
  }
}

/** An on/off filter's one option, when choosing it leaves any vehicle. */
function onOption(count: number): FacetOption[] {
  return count > 0 ? [{ value: FILTER_ON, count }] : [];
}

interface RawColumns {
  ids: string[];
  types: VehicleType[];
  text: Record<TextFilterName, (string | undefined)[]>;
  range: Record<RangeFilterName, number[]>;
  recent: Record<RecentFilterName, number[]>;
  sort: Record<SortKey, number[]>;
  words: TextIndexBuilder;
}

async function collect(records: AsyncIterable<VehicleRecord>, takeTurn: () => Promise<void>, places?: BranchPlaces): Promise<RawColumns> {
  const raw: RawColumns = {
    ids: [],
    types: [],
    text: Object.fromEntries(TEXT_FILTER_NAMES.map((name) => [name, []])) as unknown as RawColumns["text"],
    range: Object.fromEntries(RANGE_FILTER_NAMES.map((name) => [name, []])) as unknown as RawColumns["range"],
    recent: Object.fromEntries(RECENT_FILTER_NAMES.map((name) => [name, []])) as unknown as RawColumns["recent"],
    sort: Object.fromEntries(SORT_KEYS.map((key) => [key, []])) as unknown as RawColumns["sort"],
    words: new TextIndexBuilder(),
  };
  for await (const recorded of records) {
    // A hidden vehicle stays in stock but out of every search.
    if (recorded.hidden) continue;
    const record = places ? places.placed(recorded) : recorded;
    raw.words.add(recordWords(record));
    raw.ids.push(record._id);
    raw.types.push(record.vehicle.vehicleType);
    for (const name of TEXT_FILTER_NAMES) {
      const value = FILTERS[name].read(record);
      raw.text[name].push(value === undefined ? undefined : String(value).trim());
    }
    for (const name of RANGE_FILTER_NAMES) raw.range[name].push(FILTERS[name].read(record) ?? Number.NaN);
    for (const name of RECENT_FILTER_NAMES) raw.recent[name].push(FILTERS[name].read(record) ?? Number.NaN);
    for (const key of SORT_KEYS) raw.sort[key].push(sortKeyValue(record, key) ?? Number.NaN);
    await takeTurn();
  }
  return raw;
}

/**
 * A column's values in document order, taking turns: `Float64Array.from` with a mapping
 * function held the event loop 50 ms or more for the recent and sort columns of 100,000 vehicles.
 */
async function inDocOrder(values: readonly number[], docOrder: readonly number[], takeTurn: () => Promise<void>): Promise<Float64Array> {
  const column = new Float64Array(docOrder.length);
  for (let doc = 0; doc < docOrder.length; doc++) {
    if (doc % DOCS_BETWEEN_CLOCK_CHECKS === 0) await takeTurn();
    column[doc] = values[docOrder[doc]!]!;
  }
  return column;
}

async function buildTextColumn(docValues: (string | undefined)[], takeTurn: () => Promise<void>): Promise<TextColumn> {
  // Thousands of vehicles share each spelling (a make, a colour): each is folded once.
  const keyOfSpelling = new Map<string, string>();
  const keyOf = (value: string) => {
    let key = keyOfSpelling.get(value);
    if (key === undefined) keyOfSpelling.set(value, (key = textKey(value)));
    return key;
  };
  // The first spelling met in id order stands for every spelling of the same value.
  const displayOfKey = new Map<string, string>();
  for (let doc = 0; doc < docValues.length; doc++) {
    if (doc % DOCS_BETWEEN_CLOCK_CHECKS === 0) await takeTurn();
    const value = docValues[doc];
    if (value === undefined) continue;
    const key = keyOf(value);
    if (!displayOfKey.has(key)) displayOfKey.set(key, value);
  }
  const values = ["", ...[...displayOfKey.values()].sort(compareOptionValues)];
  const codeOfKey = new Map(values.slice(1).map((value, i) => [keyOf(value), i + 1]));

  const codes = new Uint32Array(docValues.length);
  const postingStart = new Uint32Array(values.length + 1);
  for (let doc = 0; doc < docValues.length; doc++) {
    if (doc % DOCS_BETWEEN_CLOCK_CHECKS === 0) await takeTurn();
    const value = docValues[doc];
    const code = value === undefined ? 0 : codeOfKey.get(keyOf(value))!;
    codes[doc] = code;
    postingStart[code + 1]!++;
  }
  for (let code = 1; code <= values.length; code++) postingStart[code]! += postingStart[code - 1]!;
  const postingDocs = new Uint32Array(docValues.length);
  const cursor = postingStart.slice(0, values.length);
  for (let doc = 0; doc < codes.length; doc++) postingDocs[cursor[codes[doc]!]!++] = doc;
  return { values, codeOfKey, codes, postingStart, postingDocs };
}

async function buildRangeColumn(docValues: number[], bands: readonly NumericRange[], takeTurn: () => Promise<void>): Promise<RangeColumn> {
  const values = Float64Array.from(docValues);
  const band = new Uint8Array(values.length);
  const edgeBand = new Uint8Array(values.length);
  for (let doc = 0; doc < values.length; doc++) {
    if (doc % DOCS_BETWEEN_CLOCK_CHECKS === 0) await takeTurn();
    const value = values[doc]!;
    if (Number.isNaN(value)) continue;
    for (let b = 0; b < bands.length; b++) {
      const { min = -Infinity, max = Infinity } = bands[b]!;
      if (value < min || value > max) continue;
      if (band[doc] === 0) band[doc] = b + 1;
      else edgeBand[doc] = b + 1;
    }
  }
  return { values, bands, band, edgeBand };
}

function sortOrder(columns: Record<SortKey, Float64Array>, sort: SortValue, size: number): Promise<Uint32Array> {
  const steps = SORT_STEPS[sort].map(({ key, direction }) => ({ column: columns[key], sign: direction === "asc" ? 1 : -1 }));
  const order = Uint32Array.from({ length: size }, (_, i) => i);
  // Documents are numbered in id order, so the document number is the id tie-break.
  return sortTakingTurns(order, (a, b) => {
    for (const { column, sign } of steps) {
      const x = column[a]!;
      const y = column[b]!;
      if (x === y || (Number.isNaN(x) && Number.isNaN(y))) continue;
      if (Number.isNaN(x)) return 1;
      if (Number.isNaN(y)) return -1;
      return (x - y) * sign;
    }
    return a - b;
  });
}

/**
 * Counts one search's options. A set that is the whole scope reuses the scope's counts; a
 * set holding most of the scope is counted as the scope's counts minus the few documents it
 * lacks, which is much less work than walking the many it holds.
 */
class FacetCounter {
  private readonly docsOf = new Map<Bitset, { size: number; docs?: Uint32Array; missing?: Uint32Array }>();
  private readonly baseCounts: Partial<Record<CountedFilterName, Uint32Array>> = {};

  /**
   * `base`: the documents every count is within (the scope, or the scope's keyword matches);
   * `scope`: a superset whose counts are known, from which the base's are derived.
   */
  constructor(
    private readonly index: ColumnarIndex,
    private readonly base: Bitset,
    private readonly scope: { set: Bitset; counts: Record<CountedFilterName, Uint32Array> },
  ) {}

  count(facet: CountedFilterName, set: Bitset): Uint32Array {
    const whole = (this.baseCounts[facet] ??= this.countWithin(facet, this.base, this.scope.set, this.scope.counts[facet]));
    // A filter no vehicle in scope has a value for (cab type among cars) has nothing to count.
    if (set === this.base || !whole.some((count, slot) => slot > 0 && count > 0)) return whole;
    return this.countWithin(facet, set, this.base, whole);
  }

  /** The counts over `set`, a subset of `superset` whose counts are known. */
  private countWithin(facet: CountedFilterName, set: Bitset, superset: Bitset, supersetCounts: Uint32Array): Uint32Array {
    if (set === superset) return supersetCounts;
    const known = this.known(set);
    if (known.size * 2 <= this.known(superset).size) {
      known.docs ??= set.toArray();
      const counts = new Uint32Array(this.index.slots(facet));
      this.index.tally(facet, known.docs, counts, 1);
      return counts;
    }
    // Most of the superset: count it less the few documents the set lacks.
    known.missing ??= superset.andNot(set).toArray();
    const counts = supersetCounts.slice();
    this.index.tally(facet, known.missing, counts, -1);
    return counts;
  }

  private known(set: Bitset) {
    let known = this.docsOf.get(set);
    if (!known) {
      known = { size: set.count() };
      this.docsOf.set(set, known);
    }
    return known;
  }
}
