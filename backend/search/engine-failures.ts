import { isMeiliFailure } from "./meili-errors";
import { SearchIndexNeedsFullSyncError } from "./search-engine";

/**
 * A failure of the search engine itself, as opposed to a bug: the index needs a full sync,
 * or the engine was unreachable, refused the key or failed to apply a change. The stock
 * tools report its message alone, without a stack. Each adapter names its own failures;
 * this lists the adapters' (the embedded index, in the site's process, has none of its own).
 */
export function isSearchEngineFailure(error: unknown): boolean {
  return error instanceof SearchIndexNeedsFullSyncError || isMeiliFailure(error);
}
