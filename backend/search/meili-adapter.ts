import { readFile } from "node:fs/promises";
import { Meilisearch } from "meilisearch";
import { branchPlacesOf } from "../branches/branch-places";
import { ConfigError, type Config } from "../config";
import { keptAliveHttpClient } from "./meili-http";
import { MeiliIndexer } from "./meili-indexer";
import { MeiliSearchEngine } from "./meili-search";
import type { SearchEngineAdapter } from "./search-engine";

/**
 * Meilisearch, when MEILI_URL is set: the site searches with a key that may only search
 * (MeiliSearchEngine), and the stock tools, or the stock console when the site holds the
 * admin key, keep the index in step with the admin key (MeiliIndexer).
 */
export const meilisearch: SearchEngineAdapter = {
  async openSearch(config) {
    // Read first: a site without its key would start, and answer every search with an error.
    return new MeiliSearchEngine(
      meiliSearchClient(config.MEILI_URL!, await siteSearchKey(config)),
      config.MEILI_INDEX,
      branchPlacesOf(config),
    );
  },
  openWriter(config, logger, user) {
    // The console sends imports to Meilisearch and rebuilds it only when the site holds the admin key; otherwise stock:sync and stock:reindex do.
    if (user === "site" && !config.MEILI_ADMIN_KEY) return undefined;
    const searchKeyFile = config.MEILI_SEARCH_KEY_FILE;
    return new MeiliIndexer(meiliClient(config.MEILI_URL!, config.MEILI_ADMIN_KEY), config.MEILI_INDEX, logger, {
      places: branchPlacesOf(config),
      ...(searchKeyFile ? { searchKeyFile } : {}),
    });
  },
  indexOutsideSite: (config) => config.MEILI_INDEX,
};

export function meiliClient(host: string, apiKey: string | undefined): Meilisearch {
  return new Meilisearch({ host, apiKey, timeout: 30_000, clientAgents: ["dealer-site"] });
}

/** The site's client, which only searches: each search brings its own deadline (MeiliSearchEngine). */
export function meiliSearchClient(host: string, searchKey: string): Meilisearch {
  return new Meilisearch({ host, apiKey: searchKey, clientAgents: ["dealer-site"], httpClient: keptAliveHttpClient() });
}

/**
 * The site's search-only key: given directly, or in a file (a Docker secret, or the
 * indexer's setup). A secured Meilisearch answers every search without one with 401.
 */
async function siteSearchKey(config: Config): Promise<string> {
  if (config.MEILI_SEARCH_KEY) return config.MEILI_SEARCH_KEY;
  if (!config.MEILI_SEARCH_KEY_FILE) {
    throw new ConfigError(
      "MEILI_URL is set but neither MEILI_SEARCH_KEY nor MEILI_SEARCH_KEY_FILE is: the site searches Meilisearch with a " +
        "search-only key, which npm run stock:setup creates and writes to MEILI_SEARCH_KEY_FILE",
    );
  }
  try {
    return (await readFile(config.MEILI_SEARCH_KEY_FILE, "utf8")).trim();
  } catch (error) {
    throw new ConfigError(
      `MEILI_SEARCH_KEY_FILE ${config.MEILI_SEARCH_KEY_FILE} cannot be read (${(error as NodeJS.ErrnoException).code}); ` +
        "npm run stock:setup writes it",
    );
  }
}
