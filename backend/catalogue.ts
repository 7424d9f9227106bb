import { performance } from "node:perf_hooks";
import { FILTER_NAMES, type FilterName, type Filters, type FacetOption } from "../domain/filters";
import type { SearchRequest } from "../domain/search-request";
import type { VehicleRecord, VehicleType } from "../domain/vehicle";
import { METRES_PER_MILE, milesFromMetres } from "../domain/distance";
import { buyerLocation } from "./geo/buyer-location";
import { ENGINE_DEADLINES_MS, EngineHealth, EngineUnavailableError, type EngineRole, type EngineState } from "./engine-health";
import type { Logger } from "./logger";
import type { SearchEngine, SearchQuery, SearchResult } from "./search/search-engine";
import { shopWindow } from "./shop-window";
import { suggestions, type Suggestion } from "./suggestions";
import type { SoldVehicle, VehicleStore } from "./store/vehicle-store";

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

/**
 * The stock as the site's pages and API see it: searches answered by the search engine,
 * records read from the store of record. The search engine is rebuilt whenever the store
 * changes, by this process or by an import run elsewhere, without interrupting searches.
 * Every call to an engine is held to its deadline: one that is down or stalled fails the
 * call with EngineUnavailableError, which the API and pages answer with 503.
 */
export class Catalogue {
  private rebuild: Promise<void> | undefined;
  private rebuildAgain = false;
  private indexedAt: Date | undefined;
  private stopWatching: (() => void) | undefined;
  private stopWatchingEngine: (() => void) | undefined;
  private servedVersion = 0;
  private readonly recentlyRead = new Map<string, VehicleRecord>();

  readonly health: EngineHealth;
  private readonly offersBranches: boolean;

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
   * make is, since hundreds of trim names help nobody choose.
   */
  /**
   * With a postcode, each vehicle carries `distanceMiles`; a postcode the site cannot place
   * throws UnknownPostcodeError (backend/geo/buyer-location.ts).
   */
  async search(type: VehicleType | undefined, request: SearchRequest, withOptions = false): Promise<VehicleSearchPage> {
    const { total, ids, miles, records, options } = await this.query(
      type,
      request,
      withOptions && this.searchScreenFacets(request.filters),
    );
    const vehicles = await this.read(() => records.getMany(ids));
    return { total, vehicles: miles ? vehicles.map((record, i) => ({ ...record, distanceMiles: miles[i] })) : vehicles, options };
  }

  /** As `search`, with each vehicle as JSON text: what the API sends, without re-encoding it. */
  async searchJson(type: VehicleType | undefined, request: SearchRequest, withOptions = false) {
    const { total, ids, miles, records, options } = await this.query(
      type,
      request,
      withOptions && this.searchScreenFacets(request.filters),
    );
    const vehiclesJson = await this.read(() => records.getManyJson(ids));
    return { total, vehiclesJson: miles ? vehiclesJson.map((json, i) => withDistance(json, miles[i])) : vehiclesJson, options };
  }

  /** Each filter's options under the other filters (and the keywords), as the distinct-values call lists them. */
  async distinct(type: VehicleType, filters: Filters, q?: string): Promise<Partial<Record<FilterName, string[]>>> {
    const request = { q, filters, sort: "relevance", page: 1, pageSize: 1 } as const;
    const { options } = await this.query(type, request, this.distinctFacets(filters));
    return Object.fromEntries(Object.entries(options).map(([name, list]) => [name, list.map((option) => option.value)])) as Partial<
      Record<FilterName, string[]>
    >;
  }

  /** A page of every vehicle's id, in a stable order, for listings such as the sitemap. */
  async ids(page: number, pageSize: number): Promise<{ total: number; ids: string[] }> {
    const { total, ids } = await this.searchEngine({ filters: {}, sort: "relevance", page, pageSize, facets: [] });
    return { total, ids };
  }

  /** A vehicle buyers may see: one the stock manager has hidden answers as if it were not in stock. */
  async get(id: string): Promise<VehicleRecord | undefined> {
    const record = await this.read(() => this.store.get(id));
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
    const chosen: string[] = [];
    for (const filters of steps) {
      if (chosen.length >= MOST_SIMILAR) break;
      // Enough to fill the rest after leaving out the vehicle itself and those already chosen.
      const pageSize = MOST_SIMILAR + 1 + chosen.length;
      const { ids } = await this.searchEngine({ type, filters, sort: "relevance", page: 1, pageSize, facets: [] });
      for (const found of ids) if (found !== id && !chosen.includes(found) && chosen.length < MOST_SIMILAR) chosen.push(found);
    }
    return this.read(() => this.store.getMany(chosen));
  }

  /** The home page's offers: one vehicle of each type a buyer would want to see (see shop-window.ts for the rule). */
  shopWindow(now = new Date()): Promise<VehicleRecord[]> {
    return shopWindow(this, now);
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

  async status(): Promise<IndexStatus> {
    return {
      vehicles: await this.read(() => this.store.count()),
      indexedAt: this.indexedAt?.toISOString(),
      rebuilding: this.rebuild !== undefined,
    };
  }

  /** Whether each engine answers now: a small search and a count, each within its deadline. */
  async readiness(): Promise<Record<EngineRole, EngineState>> {
    const answered = (work: Promise<unknown>) =>
      work.then(
        () => undefined,
        (error: unknown) => {
          if (!(error instanceof EngineUnavailableError)) throw error;
        },
      );
    await Promise.all([answered(this.ids(1, 1)), answered(this.read(() => this.store.count()))]);
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

  async stop(): Promise<void> {
    this.stopWatching?.();
    this.stopWatchingEngine?.();
    await this.rebuild?.catch(() => undefined);
  }

  /**
   * Options offered: `make` always, `model` once a make is chosen, and every other filter
   * that has at least one option under the current filters.
   */
  private async query(type: VehicleType | undefined, request: SearchRequest, facets: readonly FilterName[] | false) {
    const { postcode, withinMiles, ...asked } = request;
    const near = postcode
      ? { point: buyerLocation(postcode), ...(withinMiles === undefined ? {} : { withinMetres: withinMiles * METRES_PER_MILE }) }
      : undefined;
    const result = await this.searchEngine({ type, ...asked, ...(near ? { near } : {}), facets: facets || [] });
    const options: VehicleSearchPage["options"] = {};
    for (const name of FILTER_NAMES) {
      const list = result.facets[name];
      if (list && (list.length > 0 || name === "make" || name === "model")) options[name] = list;
    }
    const miles = result.distancesMetres?.map((metres) => (Number.isNaN(metres) ? undefined : milesFromMetres(metres)));
    // An in-process index names the stock it was built from: its records match its ids.
    return { total: result.total, ids: result.ids, miles, records: result.records ?? this.store, options };
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
      await this.engine.rebuild?.(this.store.snapshot?.() ?? this.store);
      this.indexedAt = new Date();
      this.servedVersion++;
      this.logger.info({ vehicles: await this.store.count(), ms: Math.round(performance.now() - started) }, "Search index rebuilt");
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
  "status",
] as const satisfies readonly (keyof Catalogue)[];
export type PageCatalogueCall = (typeof PAGE_CATALOGUE_CALLS)[number];
export type PageCatalogue = Pick<Catalogue, PageCatalogueCall>;
