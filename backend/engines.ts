import { readFile } from "node:fs/promises";
import { Meilisearch } from "meilisearch";
import { MongoClient, type MongoClientOptions } from "mongodb";
import { ConfigError, type Config } from "./config";
import { ENGINE_DEADLINES_MS } from "./engine-health";
import { FileLeadStore } from "./leads/file-lead-store";
import type { LeadStore } from "./leads/lead-store";
import { MongoLeadStore } from "./leads/mongo-lead-store";
import { FileStaffStore } from "./staff/file-staff-store";
import { MongoStaffStore } from "./staff/mongo-staff-store";
import type { StaffStore } from "./staff/staff-store";
import type { Logger } from "./logger";
import { EmbeddedSearch } from "./search/embedded-search";
import { MeiliIndexer } from "./search/meili-indexer";
import { keptAliveHttpClient } from "./search/meili-http";
import { MeiliSearchEngine } from "./search/meili-search";
import type { SearchEngine } from "./search/search-engine";
import { FileVehicleStore } from "./store/file-vehicle-store";
import { MongoVehicleStore } from "./store/mongo-vehicle-store";
import { setUpOnFirstUse, type MethodName } from "./store/set-up-on-first-use";
import type { VehicleStore } from "./store/vehicle-store";

/**
 * The engines the configuration names: MongoDB when MONGODB_URL is set, Meilisearch when
 * MEILI_URL is, the embedded file store and in-process index otherwise. Everything else
 * sees only the interfaces. Leads (finance applications and every other form) are kept
 * where the stock is.
 */
export interface Engines extends OpenStore {
  search: SearchEngine;
  leads: LeadStore;
  staff: StaffStore;
  /**
   * Makes what the stores need in their database (MongoDB's indexes). The site starts
   * without it when MongoDB is down: it then fails as an outage, and each store tries again
   * at its next call (set-up-on-first-use.ts).
   */
  setUp(): Promise<void>;
}

export interface OpenStore {
  store: VehicleStore;
  /** The MongoDB client, when the store is MongoDB: the indexer follows its changes. */
  mongo?: MongoClient;
  close(): Promise<void>;
}

/** How long the driver waits for MongoDB at each stage (server selection, connection, a reply). */
type MongoTimeouts = Pick<MongoClientOptions, "serverSelectionTimeoutMS" | "connectTimeoutMS" | "socketTimeoutMS" | "waitQueueTimeoutMS">;

/** The stock tools are patient: an import would rather wait out a failover than stop halfway. */
const TOOL_MONGO_TIMEOUTS: MongoTimeouts = { serverSelectionTimeoutMS: 15_000 };

/**
 * The site is not: each stage gives up well inside the store's deadlines (ENGINE_DEADLINES_MS),
 * so a MongoDB that is down is a 503 in about 2 s, and the sockets of one that has frozen are
 * dropped, and opened afresh, rather than waited on. (The driver's timeoutMS does nothing
 * from version 7.8.)
 */
const SITE_MONGO_TIMEOUTS: MongoTimeouts = {
  serverSelectionTimeoutMS: 2000,
  connectTimeoutMS: 2000,
  waitQueueTimeoutMS: 2000,
  socketTimeoutMS: ENGINE_DEADLINES_MS.leadWrite,
};

/** The store of record alone, as the stock tools need it. */
export async function openStore(config: Config, logger: Logger): Promise<OpenStore> {
  const mongo = config.MONGODB_URL ? await connectMongo(config.MONGODB_URL, TOOL_MONGO_TIMEOUTS) : undefined;
  try {
    const store = mongo
      ? await MongoVehicleStore.open(mongo.db(config.MONGODB_DB), logger)
      : await FileVehicleStore.open(config.DATA_DIR, logger);
    return {
      store,
      mongo,
      async close() {
        await store.close();
        await mongo?.close();
      },
    };
  } catch (error) {
    await mongo?.close();
    throw error;
  }
}

/**
 * The store, the site's search engine, the leads and the staff area's records. Nothing here
 * waits for MongoDB: its client connects (and reconnects) on its own at the first call, so
 * the site can start before MongoDB does.
 */
export async function openEngines(config: Config, logger: Logger): Promise<Engines> {
  // Read first: a site without its key would start, and answer every search with an error.
  const meiliKey = config.MEILI_URL ? await siteSearchKey(config) : undefined;
  const stores = config.MONGODB_URL ? mongoStores(config, logger) : await fileStores(config, logger);
  const search = config.MEILI_URL
    ? new MeiliSearchEngine(meiliSearchClient(config.MEILI_URL, meiliKey!), config.MEILI_INDEX)
    : new EmbeddedSearch();
  return {
    ...stores,
    search,
    async close() {
      await search.close();
      await stores.close();
    },
  };
}

type SiteStores = Omit<Engines, "search">;

function mongoStores(config: Config, logger: Logger): SiteStores {
  const mongo = new MongoClient(config.MONGODB_URL!, { appName: "dealer-site", ...SITE_MONGO_TIMEOUTS });
  const db = mongo.db(config.MONGODB_DB);
  // Connected first, each time until it works: a client whose first connection failed stays
  // closed, whereas one that has connected once reconnects by itself.
  const whenConnected = <T extends { setUp(): Promise<void> }>(target: T, needNoSetUp: readonly MethodName<T>[]) =>
    setUpOnFirstUse(target, async () => {
      await mongo.connect();
      await target.setUp();
    }, needNoSetUp);
  const store = whenConnected(MongoVehicleStore.unopened(db, logger), ["watch", "close", "scan"]);
  const leads = whenConnected(MongoLeadStore.unopened(db, logger), ["close"]);
  const staff = whenConnected(MongoStaffStore.unopened(db), ["close"]);
  return {
    store: store.store,
    leads: leads.store,
    staff: staff.store,
    mongo,
    async setUp() {
      await store.setUp();
      await leads.setUp();
      await staff.setUp();
    },
    async close() {
      await leads.store.close();
      await staff.store.close();
      await store.store.close();
      await mongo.close();
    },
  };
}

async function fileStores(config: Config, logger: Logger): Promise<SiteStores> {
  const store = await FileVehicleStore.open(config.DATA_DIR, logger);
  const leads = await FileLeadStore.open(config.DATA_DIR, logger);
  const staff = await FileStaffStore.open(config.DATA_DIR);
  return {
    store,
    leads,
    staff,
    async setUp() {},
    async close() {
      await leads.close();
      await staff.close();
      await store.close();
    },
  };
}

/** The staff area's records, kept where the stock is: the site and `npm run staff` both open them. */
export function openStaffStore(config: Config, mongo: MongoClient | undefined): Promise<StaffStore> {
  return mongo ? MongoStaffStore.open(mongo.db(config.MONGODB_DB)) : FileStaffStore.open(config.DATA_DIR);
}

/** The indexer's side of Meilisearch, with the admin key; undefined when search is embedded. */
export function openMeiliIndexer(config: Config, logger: Logger): MeiliIndexer | undefined {
  if (!config.MEILI_URL) return undefined;
  return new MeiliIndexer(meiliClient(config.MEILI_URL, config.MEILI_ADMIN_KEY), config.MEILI_INDEX, logger);
}

export function meiliClient(host: string, apiKey: string | undefined): Meilisearch {
  return new Meilisearch({ host, apiKey, timeout: 30_000, clientAgents: ["dealer-site"] });
}

/** The site's client, which only searches: each search brings its own deadline (MeiliSearchEngine). */
export function meiliSearchClient(host: string, searchKey: string): Meilisearch {
  return new Meilisearch({ host, apiKey: searchKey, clientAgents: ["dealer-site"], httpClient: keptAliveHttpClient() });
}

async function connectMongo(url: string, timeouts: MongoTimeouts): Promise<MongoClient> {
  const client = new MongoClient(url, { appName: "dealer-site", ...timeouts });
  await client.connect();
  return client;
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
