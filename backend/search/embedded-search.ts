import { ColumnarIndex } from "./columnar-index";
import type { SearchEngine, SearchQuery, SearchResult, StockScan } from "./search-engine";

/** The default search engine: a columnar index in this process, rebuilt from the store. */
export class EmbeddedSearch implements SearchEngine {
  private index: ColumnarIndex | undefined;

  async search(query: SearchQuery): Promise<SearchResult> {
    if (!this.index) throw new Error("The search index has not been built yet");
    return this.index.search(query);
  }

  async rebuild(scan: StockScan): Promise<void> {
    // The old index answers every search until this line swaps the new one in.
    this.index = await ColumnarIndex.build(scan());
  }

  async close(): Promise<void> {
    this.index = undefined;
  }
}
