import { performance } from "node:perf_hooks";
import { FILTER_NAMES, type FilterName, type Filters, type FacetOption } from "../domain/filters";
import type { SearchRequest } from "../domain/search-request";
import type { VehicleRecord, VehicleType } from "../domain/vehicle";
import { milesFromMetres, radiusMetres } from "../domain/distance";
import { buyerLocation } from "./geo/buyer-location";
import { ENGINE_DEADLINES_MS, EngineHealth, EngineUnavailableError, type EngineRole, type EngineState } from "./engine-health";
import type { Logger } from "./logger";
import type { SearchEngine, SearchQuery, SearchResult } from "./search/search-engine";
import { shopWindow } from "./shop-window";
import { suggestions, type Suggestion } from "./suggestions";
import type { SoldVehicle, StockView, VehicleRecordReader, VehicleStore } from "./store/vehicle-store";

/** A vehicle found by a search given a postcode: how far its branch is from the buyer. */
export type VehicleRecordAway = VehicleRecord & { distanceMiles?: number };

export interface VehicleSearchPage {
  total: number;
  vehicles: VehicleRecordAway[];
  /** Present for the filters asked about: each filter's options with the vehicles each gives. */
  options: Partial<Record<FilterName, FacetOption[]>>;
}

/** A vehicle a visitor listed (saved, compared, viewed), as it stands now. */
export type LookedUpVehicle =
  | { id: string; status: "for sale"; record: VehicleRecord }
  | { id: string; status: "sold"; sold: SoldVehicle }
  | { id: string; status: "unknown" };

export interface IndexStatus {
  vehicles: number;
  indexedAt: string | undefined;
  rebuilding: boolean;
}

/** What the catalogue knows of the stock without asking an engine, as liveness reports it. */
export interface KnownStatus {
  /** Vehicles buyers can find, as the search engine last counted them; absent until it has. */
  vehicles?: number;
  indexedAt: string | undefined;
  rebuilding: boolean;
}

/** Answers kept for one stock version (Catalogue.forThisStock): the home page's, and a category page's make list for each condition. */
const MAX_KEPT_FOR_STOCK = 16;

/**
 * The stock as the site's pages and API see it: searches and their pages of results answered
 * by the search engine alone (from its documents, or the stock an in-process index was built
 * from), a vehicle's own page and the staff's work read from the store of record (a
 * vehicle's page from the search engine's copy while the store cannot answer in time). The search
 * engine is rebuilt whenever the store changes, by this process or by an import run
 * elsewhere, without interrupting searches. Every call to an engine is held to its deadline:
 * one that is down or stalled fails the call with EngineUnavailableError, which the API and
 * pages answer with 503.
 */
export class Catalogue {
  private rebuild: Promise<void> | undefined;
  private rebuildAgain = false;
  private indexedAt: Date | undefined;
  private stopWatching: (() => void) | undefined;
  private stopWatchingEngine: (() => void) | undefined;
  private servedVersion = 0;
  /** Answers made from the stock at `keptForVersion` (forThisStock). */
  private readonly keptForStock = new Map<string, Promise<unknown>>();
  private keptForVersion = -1;
  private readonly recentlyRead = new Map<string, VehicleRecord>();
  /** The search engine's last count of the whole stock. */
  private counted: number | undefined;
  /** Set while the search engine's documents hold no records, so that it is logged once. */
  private documentsLackRecords = false;
  /**
   * The store's records, each read held to the store's deadline: read by an in-process index
   * built from a store that keeps no stock in memory (MongoDB), and for a search engine whose
   * documents hold no records.
   */
  private readonly storeRecords: StockView = {
    scan: () => this.store.scan(),
    getMany: (ids) => this.read(() => this.store.getMany(ids)),
    getManyJson: (ids) => this.read(() => this.store.getManyJson(ids)),
  };
  /** Told of each search whose first page found nothing (the staff dashboard counts them, without the visitor). */
  onNothingFound?: (type: VehicleType | undefined, request: SearchRequest) => void;

  readonly health: EngineHealth;
  private offersBranches: boolean;

  constructor(
    private readonly store: VehicleStore,
    private readonly engine: SearchEngine,
    private readonly logger: Logger,
    { health = new EngineHealth(logger), branches = 1 }: CatalogueOptions = {},
  ) {
    this.health = health;
    this.offersBranches = branches > 1;
  }

  /**
   * Rises whenever what the catalogue serves may have changed: each time the in-process
   * index is rebuilt (the old one answers until then), or, with an external engine, each
   * time the store reports a change. Whatever was made from the stock (a rendered page)
   * is current while this stays the same.
   */
  get stockVersion(): number {
    return this.servedVersion;
  }

  /**
   * Builds an in-process search index and follows changes to the store from then on. An
   * external engine (Meilisearch) is kept current by the indexer instead; the store is still
   * followed, so that the stock version rises with each change and a store that holds the
   * stock in memory (the embedded one) re-reads what an import in another process wrote.
   * When the store is down this fails, and may be called again once it answers.
   */
  async start(): Promise<void> {
    const rebuild = this.engine.rebuild;
    this.stopWatching ??= this.store.watch(() => {
      if (!rebuild) {
        this.servedVersion++;
        return;
      }
      this.reindex().catch((error: unknown) => this.logger.error({ err: error }, "Re-indexing after a stock change failed"));
    });
    // The store's version rises before the indexer has sent the change on: a page rendered in
    // between holds the engine's older answers, so the engine's own changes count too.
    this.stopWatchingEngine ??= this.engine.watch?.(() => this.servedVersion++);
    if (rebuild) await this.reindex();
  }

  /**
   * A page of vehicles and, for the search screen, each filter's options with their counts;
   * the search screen offers derivatives once a model is chosen, as it offers models once a
   * make is, since hundreds of trim names help nobody choose. With a postcode, each vehicle
   * carries `distanceMiles`; a postcode the site cannot place throws UnknownPostcodeError
   * (backend/geo/buyer-location.ts).
   */
  async search(type: VehicleType | undefined, request: SearchRequest, withOptions = false): Promise<VehicleSearchPage> {
    return this.resultsPage(type, request, withOptions, true);
  }

  /** A page of results; `byVisitor` when a visitor asked for it, so that one finding nothing is counted. */
  private async resultsPage(type: VehicleType | undefined, request: SearchRequest, withOptions: boolean, byVisitor: boolean) {
    const facets = withOptions && this.searchScreenFacets(request.filters);
    const { result, miles, options } = await this.query(type, request, facets, { records: true, byVisitor });
    const vehicles = await this.recordsOf(result).getMany(result.ids);
    return {
      total: result.total,
      vehicles: miles ? vehicles.map((record, i) => ({ ...record, distanceMiles: miles[i] })) : vehicles,
      options,
    };
  }

  /** As `search`, with each vehicle as JSON text: what the API sends, without re-encoding it. */
  async searchJson(type: VehicleType | undefined, request: SearchRequest, withOptions = false) {
    const facets = withOptions && this.searchScreenFacets(request.filters);
    const { result, miles, options } = await this.query(type, request, facets, { records: true, byVisitor: true });
    const vehiclesJson = await this.recordsOf(result).getManyJson(result.ids);
    return {
      total: result.total,
      vehiclesJson: miles ? vehiclesJson.map((json, i) => withDistance(json, miles[i])) : vehiclesJson,
      options,
    };
  }

  /** Each filter's options under the other filters (and the keywords), as the distinct-values call lists them. */
  async distinct(type: VehicleType, filters: Filters, q?: string): Promise<Partial<Record<FilterName, string[]>>> {
    // Every make of a type, new or used or both, is what the home and category pages list on every view.
    if (q === undefined && Object.keys(filters).every((name) => name === "condition"))
      return this.forThisStock(`distinct ${type} ${filters.condition ?? ""}`, () => this.distinctNow(type, filters));
    return this.distinctNow(type, filters, q);
  }

  private async distinctNow(type: VehicleType, filters: Filters, q?: string): Promise<Partial<Record<FilterName, string[]>>> {
    const request = { q, filters, sort: "relevance", page: 1, pageSize: 1 } as const;
    const { options } = await this.query(type, request, this.distinctFacets(filters));
    return Object.fromEntries(Object.entries(options).map(([name, list]) => [name, list.map((option) => option.value)])) as Partial<
      Record<FilterName, string[]>
    >;
  }

  /** A page of every vehicle's id, in a stable order, for listings such as the sitemap. */
  async ids(page: number, pageSize: number): Promise<{ total: number; ids: string[] }> {
    const { total, ids } = await this.searchEngine({ filters: {}, sort: "relevance", page, pageSize, facets: [] });
    this.counted = total;
    return { total, ids };
  }

  /** How many vehicles buyers can find: the search engine's total, which costs no count of the store. */
  forSale(): Promise<number> {
    return this.forThisStock("for sale", async () => (await this.ids(1, 1)).total);
  }

  /**
   * A vehicle buyers may see: one the stock manager has hidden answers as if it were not in
   * stock. While the store cannot answer in time (down, or stalled past its deadline), the
   * vehicle is given as the search engine holds it, the record its pages of results show;
   * only when the engine cannot give it either is it an outage (EngineUnavailableError). A
   * store that answers is believed: a vehicle it no longer holds is not given from a search
   * document that has not caught up yet.
   */
  async get(id: string): Promise<VehicleRecord | undefined> {
    let record: VehicleRecord | undefined;
    try {
      record = await this.read(() => this.store.get(id));
    } catch (error) {
      if (!(error instanceof EngineUnavailableError) || !this.searchEngineHoldsRecords()) throw error;
      return this.searchEngineCopy(id, error);
    }
    if (!record || record.hidden) return undefined;
    this.rememberRead(record);
    return record;
  }

  /**
   * The vehicles of these ids in the order given: each one in stock and not hidden now, with its
   * current record, removed from stock in the last 30 days (sold), or not known here.
   */
  async lookUp(ids: readonly string[]): Promise<LookedUpVehicle[]> {
    const inStock = new Map((await this.read(() => this.store.getMany(ids))).map((record) => [record._id, record]));
    return Promise.all(
      ids.map(async (id): Promise<LookedUpVehicle> => {
        const record = inStock.get(id);
        if (record && !record.hidden) return { id, status: "for sale", record };
        const sold = await this.sold(id);
        return sold ? { id, status: "sold", sold } : { id, status: "unknown" };
      }),
    );
  }

  /**
   * As `get`, but while the store is down a vehicle read lately is given as it was then: the
   * page of a form a visitor has open (and sends while the store is down) is shown again with
   * what they typed, rather than an error page in place of their answers.
   */
  async getForForm(id: string): Promise<VehicleRecord | undefined> {
    try {
      return await this.get(id);
    } catch (error) {
      const copy = error instanceof EngineUnavailableError ? this.recentlyRead.get(id) : undefined;
      if (!copy) throw error;
      return copy;
    }
  }

  /**
   * Up to eight vehicles of the same type to show beside one, never itself, chosen by the
   * search engine within about 20% of its price: the same make and model first, then the
   * same body type, then any, each in relevance order.
   */
  similar(record: VehicleRecord): Promise<VehicleRecord[]> {
    const { vehicleType: type, make, model, bodyType } = record.vehicle;
    return this.similarTo({
      id: record._id,
      vehicleType: type,
      make,
      model,
      bodyType,
      priceGBP: record.adverts.retailAdverts.totalPrice.amountGBP,
    });
  }

  /** As `similar`, for a vehicle described rather than in stock (one sold: of any type when its type was not kept). */
  async similarTo(like: Pick<SoldVehicle, "id" | "vehicleType" | "make" | "model" | "bodyType" | "priceGBP">): Promise<VehicleRecord[]> {
    const { id, vehicleType: type, make, model, bodyType, priceGBP: amount } = like;
    const price = { min: Math.floor(amount * (1 - SIMILAR_PRICE_SHARE)), max: Math.ceil(amount * (1 + SIMILAR_PRICE_SHARE)) };
    const steps: Filters[] = [{ make, model, price }, ...(bodyType ? [{ bodyType, price }] : []), { price }];
    const chosen = new Map<string, VehicleRecordReader>();
    for (const filters of steps) {
      if (chosen.size >= MOST_SIMILAR) break;
      // Enough to fill the rest after leaving out the vehicle itself and those already chosen.
      const pageSize = MOST_SIMILAR + 1 + chosen.size;
      const result = await this.searchEngine({ type, filters, sort: "relevance", page: 1, pageSize, facets: [], records: true });
      const records = this.recordsOf(result);
      for (const found of result.ids) if (found !== id && !chosen.has(found) && chosen.size < MOST_SIMILAR) chosen.set(found, records);
    }
    // Each reader once for all its ids: one read of the store where the records are read from it.
    const read = new Map<string, VehicleRecord>();
    for (const records of new Set(chosen.values())) {
      const ids = [...chosen].filter(([, from]) => from === records).map(([found]) => found);
      for (const record of await records.getMany(ids)) read.set(record._id, record);
    }
    return [...chosen.keys()].flatMap((found) => read.get(found) ?? []);
  }

  /** The home page's offers: one vehicle of each type a buyer would want to see (see shop-window.ts for the rule). */
  shopWindow(now = new Date()): Promise<VehicleRecord[]> {
    // Not a visitor's search: a tier that finds nothing is not counted as one.
    const search = (type: VehicleType, request: SearchRequest) => this.resultsPage(type, request, false, false);
    return this.forThisStock(`shop window ${now.getUTCFullYear()}`, () => shopWindow({ search }, now));
  }

  /**
   * An answer that depends on the stock alone, made once for each stock version: the home
   * page asks for the same few on every view. One that fails is forgotten, to be asked again.
   * A visitor can choose a key (a condition in the distinct call), so only the first few are kept.
   */
  private forThisStock<T>(key: string, make: () => Promise<T>): Promise<T> {
    if (this.keptForVersion !== this.servedVersion) {
      this.keptForStock.clear();
      this.keptForVersion = this.servedVersion;
    }
    const kept = this.keptForStock.get(key) as Promise<T> | undefined;
    if (kept) return kept;
    const answer = make();
    if (this.keptForStock.size >= MAX_KEPT_FOR_STOCK) return answer;
    this.keptForStock.set(key, answer);
    answer.catch(() => {
      if (this.keptForStock.get(key) === answer) this.keptForStock.delete(key);
    });
    return answer;
  }

  /** The search box's suggestions for what a buyer has typed so far (see suggestions.ts). */
  suggest(type: VehicleType, q: string): Promise<Suggestion[]> {
    return suggestions({ search: (query) => this.searchEngine(query) }, type, q);
  }

  /** A vehicle removed from stock in the last 30 days, as buyers and leads are told of it: its whole listing is the stock console's alone (undo sold). */
  async sold(id: string): Promise<Omit<SoldVehicle, "listing"> | undefined> {
    const sold = await this.read(() => this.store.soldVehicle(id));
    if (!sold) return undefined;
    const { listing: _listing, ...told } = sold;
    return told;
  }

  /** When the in-process index was last built, and whether a rebuild runs: read without asking the store (the metrics). */
  get indexState(): { builtAt?: Date; rebuilding: boolean } {
    return { builtAt: this.indexedAt, rebuilding: this.rebuild !== undefined };
  }

  /** The stock as the staff's search index page compares it: every vehicle the store holds, hidden ones too, counted. */
  async status(): Promise<IndexStatus> {
    return {
      vehicles: await this.read(() => this.store.count()),
      indexedAt: this.indexedAt?.toISOString(),
      rebuilding: this.rebuild !== undefined,
    };
  }

  /** What is known without asking an engine: liveness must answer whatever they do. */
  knownStatus(): KnownStatus {
    return {
      ...(this.counted === undefined ? {} : { vehicles: this.counted }),
      indexedAt: this.indexedAt?.toISOString(),
      rebuilding: this.rebuild !== undefined,
    };
  }

  /**
   * Whether each engine answers now, each asked within its deadline something that costs it
   * next to nothing whatever the stock's size: a search for one id (which counts the stock
   * for knownStatus), and where the stock stands (one small document).
   */
  async readiness(): Promise<Record<EngineRole, EngineState>> {
    const answered = (work: Promise<unknown>) =>
      work.then(
        () => undefined,
        (error: unknown) => {
          if (!(error instanceof EngineUnavailableError)) throw error;
        },
      );
    await Promise.all([answered(this.forSale()), answered(this.read(() => this.store.stockPosition()))]);
    return { search: this.health.state("search"), store: this.health.state("store") };
  }

  /**
   * Rebuilds the search index from the store. Requests that arrive during a rebuild are
   * folded into one more rebuild after it, so a burst of changes costs at most two.
   */
  reindex(): Promise<void> {
    if (this.rebuild) {
      this.rebuildAgain = true;
      return this.rebuild;
    }
    this.rebuild = this.rebuildUntilCurrent().finally(() => {
      this.rebuild = undefined;
    });
    return this.rebuild;
  }

  /**
   * The dealer's branches were published anew (their places already followed): the Branch
   * filter is offered by their count, and an in-process index is built again, so that each
   * vehicle stands at the branch its record names among them; pages made before are stale.
   */
  branchesChanged(count: number): void {
    this.offersBranches = count > 1;
    if (!this.stopWatching) return;
    if (!this.engine.rebuild) {
      this.servedVersion++;
      return;
    }
    this.reindex().catch((error: unknown) => this.logger.error({ err: error }, "Re-indexing after the branches changed failed"));
  }

  async stop(): Promise<void> {
    this.stopWatching?.();
    this.stopWatchingEngine?.();
    await this.rebuild?.catch(() => undefined);
  }

  /**
   * Options offered: `make` always, `model` once a make is chosen, and every other filter
   * that has at least one option under the current filters.
   */
  private async query(
    type: VehicleType | undefined,
    request: SearchRequest,
    facets: readonly FilterName[] | false,
    { records = false, byVisitor = false } = {},
  ) {
    const { postcode, withinMiles, ...asked } = request;
    const near = postcode
      ? { point: buyerLocation(postcode), ...(withinMiles === undefined ? {} : { withinMetres: radiusMetres(withinMiles) }) }
      : undefined;
    const result = await this.searchEngine({ type, ...asked, ...(near ? { near } : {}), facets: facets || [], records });
    if (byVisitor && result.total === 0 && request.page === 1) this.onNothingFound?.(type, request);
    const options: VehicleSearchPage["options"] = {};
    for (const name of FILTER_NAMES) {
      const list = result.facets[name];
      if (list && (list.length > 0 || name === "make" || name === "model")) options[name] = list;
    }
    const miles = result.distancesMetres?.map((metres) => (Number.isNaN(metres) ? undefined : milesFromMetres(metres)));
    return { result, miles, options };
  }

  /**
   * Where a search's records are read: with it, from the engine (so that they match its ids
   * and total); from the store only while the engine's documents hold none, which is said
   * once, as only a full sync of the index puts it right.
   */
  private recordsOf(result: SearchResult): VehicleRecordReader {
    if (result.records) {
      this.documentsLackRecords = false;
      return result.records;
    }
    if (!this.documentsLackRecords) {
      this.documentsLackRecords = true;
      this.logger.warn(
        { remedy: "npm run stock:sync (or stock:reindex)" },
        "The search index holds documents made by an earlier version, without their records: " +
          "pages of results are read from the store until the index is rebuilt",
      );
    }
    return this.storeRecords;
  }

  /** Models are only offered once a make narrows them to something a visitor can read, and branches only to a group. */
  private distinctFacets(filters: Filters): FilterName[] {
    return FILTER_NAMES.filter((name) => (name !== "model" || filters.make !== undefined) && (name !== "branch" || this.offersBranches));
  }

  private searchScreenFacets(filters: Filters): FilterName[] {
    return this.distinctFacets(filters).filter((name) => name !== "derivative" || filters.model !== undefined);
  }

  private searchEngine(query: SearchQuery): Promise<SearchResult> {
    return this.health.guard("search", ENGINE_DEADLINES_MS.search, () => this.engine.search(query));
  }

  /**
   * The search engine's copy of a vehicle the store could not read: not finding it there says
   * nothing of whether it is still for sale (the store alone knows what was sold), so then,
   * as when the engine is down too, the store's outage stands.
   */
  private async searchEngineCopy(id: string, storeOutage: EngineUnavailableError): Promise<VehicleRecord> {
    let copy: VehicleRecord | undefined;
    try {
      copy = await this.health.guard("search", ENGINE_DEADLINES_MS.search, () => this.engine.get(id));
    } catch (error) {
      if (!(error instanceof EngineUnavailableError)) throw error;
    }
    if (!copy) throw storeOutage;
    return copy;
  }

  /**
   * Whether the search engine keeps records of its own: not an in-process index built from a
   * store that holds no stock in memory (MongoDB), whose records are read from that same store.
   */
  private searchEngineHoldsRecords(): boolean {
    return this.engine.rebuild === undefined || this.store.snapshot !== undefined;
  }

  private rememberRead(record: VehicleRecord): void {
    // A Map keeps insertion order: re-inserting makes it the newest, and the oldest goes first.
    this.recentlyRead.delete(record._id);
    this.recentlyRead.set(record._id, record);
    if (this.recentlyRead.size > RECENTLY_READ_KEPT) this.recentlyRead.delete(this.recentlyRead.keys().next().value!);
  }

  private read<T>(work: () => Promise<T>): Promise<T> {
    return this.health.guard("store", ENGINE_DEADLINES_MS.storeRead, work);
  }

  private async rebuildUntilCurrent(): Promise<void> {
    do {
      this.rebuildAgain = false;
      const started = performance.now();
      await this.engine.rebuild?.(this.store.snapshot?.() ?? this.storeRecords);
      this.indexedAt = new Date();
      this.servedVersion++;
      this.logger.info({ vehicles: await this.forSale(), ms: Math.round(performance.now() - started) }, "Search index rebuilt");
    } while (this.rebuildAgain);
  }
}

const MOST_SIMILAR = 8;
/** Vehicles kept for getForForm: a few megabytes at most. */
const RECENTLY_READ_KEPT = 500;
const SIMILAR_PRICE_SHARE = 0.2;

export interface CatalogueOptions {
  health?: EngineHealth;
  /** How many branches the dealer has: only a group is offered a Branch filter. */
  branches?: number;
}

/** A stored record's JSON text with its distance added as the last field. */
function withDistance(json: string, miles: number | undefined): string {
  if (miles === undefined) return json;
  const record = json.trimEnd();
  return `${record.slice(0, -1)},"distanceMiles":${miles}}`;
}

/**
 * What pages ask of the catalogue. Each answer is a promise of plain data, so a page rendered
 * on a render thread asks the main thread's catalogue for it (backend/http/render-pool.ts).
 */
export const PAGE_CATALOGUE_CALLS = [
  "search",
  "distinct",
  "ids",
  "get",
  "lookUp",
  "getForForm",
  "similar",
  "similarTo",
  "shopWindow",
  "sold",
  "forSale",
] as const satisfies readonly (keyof Catalogue)[];
export type PageCatalogueCall = (typeof PAGE_CATALOGUE_CALLS)[number];
export type PageCatalogue = Pick<Catalogue, PageCatalogueCall>;
