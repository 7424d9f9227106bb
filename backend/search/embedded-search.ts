import type { VehicleRecord } from "../../domain/vehicle";
import { branchPlacesOf, type BranchPlaces } from "../branches/branch-places";
import { EngineUnavailableError } from "../engine-health";
import type { StockView } from "../store/vehicle-store";
import { ColumnarIndex } from "./columnar-index";
import type { SearchEngine, SearchEngineAdapter, SearchQuery, SearchResult } from "./search-engine";

/**
 * The default, when no engine is configured: an index in the site's process, which the
 * catalogue rebuilds from the store whenever the stock changes, so it has no writer for
 * anything else to send changes through (an import in another process reaches it through
 * the store's change signal).
 */
export const embeddedSearch: SearchEngineAdapter = {
  openSearch: async (config) => new EmbeddedSearch(branchPlacesOf(config)),
  openWriter: () => undefined,
  indexOutsideSite: () => undefined,
};

/**
 * The default search engine: a columnar index in this process, rebuilt from the store. It
 * keeps the stock its index was built from beside the index, and swaps both at once, so a
 * search's records always come from the stock its ids and total were counted in.
 */
export class EmbeddedSearch implements SearchEngine {
  private built: { index: ColumnarIndex; stock: StockView } | undefined;

  /** Without the dealer's branches, vehicles are indexed at the branch their records name and no distance is measured. */
  constructor(private readonly places?: BranchPlaces) {}

  async search(query: SearchQuery): Promise<SearchResult> {
    // It is built from the store, which has not answered yet (the site started while it was down).
    if (!this.built) throw new EngineUnavailableError("store");
    const { index, stock } = this.built;
    return { ...index.search(query), records: stock };
  }

  async get(id: string): Promise<VehicleRecord | undefined> {
    if (!this.built) throw new EngineUnavailableError("store");
    const { index, stock } = this.built;
    if (!index.has(id)) return undefined;
    const [record] = await stock.getMany([id]);
    return record;
  }

  async rebuild(stock: StockView): Promise<void> {
    // The old index and its stock answer every search until this line swaps the new ones in.
    this.built = { index: await ColumnarIndex.build(stock.scan(), this.places), stock };
  }

  async close(): Promise<void> {
    this.built = undefined;
  }
}
