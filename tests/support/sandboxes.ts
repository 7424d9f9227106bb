import { randomBytes } from "node:crypto";
import type { Meilisearch } from "meilisearch";
import type { Db, MongoClient } from "mongodb";
import { meiliClient, meiliSearchClient } from "../../backend/search/meili-adapter";
import { createLogger, type Logger } from "../../backend/logger";
import { MeiliIndexer } from "../../backend/search/meili-indexer";
import { ensureSearchKey, searchKeyUid } from "../../backend/search/meili-keys";
import { MeiliSearchEngine } from "../../backend/search/meili-search";
import { MongoVehicleStore, type MongoVehicleStoreOptions } from "../../backend/store/mongo-vehicle-store";
import type { MeiliTestServer } from "./servers/meilisearch-server";
import type { BranchPlaces } from "../../backend/branches/branch-places";
import { versionIndexUid } from "../../backend/search/meili-index-version";

/**
 * One test's own corner of a shared server: an index (and its search key) or a database
 * with a random name, deleted afterwards. Nothing else on the server is touched.
 */

export const sandboxName = (prefix: string) => `${prefix}_${randomBytes(6).toString("hex")}`;

export interface MeiliSandbox {
  name: string;
  /** The stock tools' client, with the admin key. */
  admin: Meilisearch;
  indexer: MeiliIndexer;
  /** The site's key for this index, made the way stock:setup makes it: it may only search this index. */
  searchKey: string;
  /** Searches as the site does, with the search key. */
  search: MeiliSearchEngine;
  /** Takes `reduced` off the index's filterable attributes, as an index made before the Recently reduced filter existed. */
  makeIndexAsBeforeRecentlyReduced(): Promise<void>;
  dispose(): Promise<void>;
}

export async function openMeiliSandbox(
  server: MeiliTestServer,
  name: string,
  logger: Logger = createLogger("silent"),
  places?: BranchPlaces,
): Promise<MeiliSandbox> {
  const admin = meiliClient(server.url, server.adminKey);
  const searchKey = await ensureSearchKey(admin, name);
  return {
    name,
    admin,
    indexer: new MeiliIndexer(admin, name, logger, { batchSize: 50, taskTimeoutMs: 60_000, ...(places ? { places } : {}) }),
    searchKey,
    search: new MeiliSearchEngine(meiliSearchClient(server.url, searchKey), name, places),
    async makeIndexAsBeforeRecentlyReduced() {
      const index = admin.index(name);
      const filterable = (await index.getFilterableAttributes()) ?? [];
      await index.updateFilterableAttributes(filterable.filter((attribute) => attribute !== "reduced")).waitTask();
    },
    async dispose() {
      await admin.deleteKey(searchKeyUid(name));
      await admin.deleteIndexIfExists(name);
      await admin.deleteIndexIfExists(versionIndexUid(name));
    },
  };
}

export interface MongoSandbox {
  db: Db;
  store: MongoVehicleStore;
  /** Another handle on the same stock, as another process has; closed with the sandbox. */
  openStore(options?: MongoVehicleStoreOptions): Promise<MongoVehicleStore>;
  dispose(): Promise<void>;
}

export async function openMongoSandbox(client: MongoClient, name: string, options: MongoVehicleStoreOptions = {}): Promise<MongoSandbox> {
  const db = client.db(name);
  const opened: MongoVehicleStore[] = [];
  const openStore = async (storeOptions: MongoVehicleStoreOptions = options) => {
    const store = await MongoVehicleStore.open(db, undefined, storeOptions);
    opened.push(store);
    return store;
  };
  return {
    db,
    store: await openStore(),
    openStore,
    async dispose() {
      await Promise.all(opened.map((store) => store.close()));
      await db.dropDatabase();
    },
  };
}
