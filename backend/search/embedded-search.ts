import type { VehicleRecord } from "../../domain/vehicle";
import { ColumnarIndex } from "./columnar-index";
import type { SearchEngine, SearchQuery, SearchResult } from "./search-engine";

/** The default search engine: a columnar index in this process, rebuilt from the store. */
export class EmbeddedSearch implements SearchEngine {
  private index: ColumnarIndex | undefined;

  async search(query: SearchQuery): Promise<SearchResult> {
    if (!this.index) throw new Error("The search index has not been built yet");
    return this.index.search(query);
  }

  async rebuild(records: AsyncIterable<VehicleRecord>): Promise<void> {
    // The old index answers every search until this line swaps the new one in.
    this.index = await ColumnarIndex.build(records);
  }

  async close(): Promise<void> {
    this.index = undefined;
  }
}
