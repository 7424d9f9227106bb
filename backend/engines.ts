import type { Config } from "./config";
import type { Logger } from "./logger";
import { EmbeddedSearch } from "./search/embedded-search";
import type { SearchEngine } from "./search/search-engine";
import { FileVehicleStore } from "./store/file-vehicle-store";
import type { VehicleStore } from "./store/vehicle-store";

/** The store of record the configuration names; the embedded file store by default. */
export function openStore(config: Config, logger: Logger): Promise<VehicleStore> {
  return FileVehicleStore.open(config.DATA_DIR, logger);
}

/** The search engine the configuration names; the in-process columnar index by default. */
export function createSearchEngine(): SearchEngine {
  return new EmbeddedSearch();
}
