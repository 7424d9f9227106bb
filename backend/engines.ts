import path from "node:path";
import { MongoClient, type MongoClientOptions } from "mongodb";
import { CatchUpBoard } from "./catch-up-board";
import type { AlertStore } from "./alerts/alert-store";
import { FileAlertStore } from "./alerts/file-alert-store";
import { MongoAlertStore } from "./alerts/mongo-alert-store";
import type { Config } from "./config";
import { ENGINE_DEADLINES_MS } from "./engine-health";
import { MemoryRateWindows, MongoRateWindows, type RateWindows } from "./http/rate-windows";
import { FileLeadStore } from "./leads/file-lead-store";
import type { LeadStore } from "./leads/lead-store";
import { MongoLeadStore } from "./leads/mongo-lead-store";
import { FileStaffStore } from "./staff/file-staff-store";
import { MongoStaffStore } from "./staff/mongo-staff-store";
import type { StaffStore } from "./staff/staff-store";
import type { ContentStore } from "./content/content-store";
import { publishedDealer } from "./content/site-content";
import type { Dealer } from "../domain/dealer";
import { FileContentStore } from "./content/file-content-store";
import { MongoContentStore } from "./content/mongo-content-store";
import type { Logger } from "./logger";
import { commandMonitoring, traceMongoCommands } from "./observability/mongo-spans";
import { FileMailOutbox } from "./mail/file-mail-outbox";
import type { MailOutbox } from "./mail/mail-outbox";
import { MongoMailOutbox } from "./mail/mongo-mail-outbox";
import { embeddedSearch } from "./search/embedded-search";
import { meilisearch } from "./search/meili-adapter";
import type { SearchEngine, SearchEngineAdapter, SearchIndexWriter } from "./search/search-engine";
import { FileVehicleStore } from "./store/file-vehicle-store";
import { MongoVehicleStore } from "./store/mongo-vehicle-store";
import { FileVehicleViews, MongoVehicleViews, type VehicleViewCounter } from "./stock/vehicle-views";
import { setUpOnFirstUse, type MethodName } from "./store/set-up-on-first-use";
import { MemoryFeedTurns, MongoFeedTurns, type FeedTurns } from "./stock/feed-turns";
import { MemoryPictureRounds, MongoPictureRounds, type PictureRounds } from "./media/picture-rounds";
import { MemoryLoneRounds, MongoLoneRounds, type LoneRounds } from "./store/lone-rounds";
import { MemoryImportBoard, MongoImportBoard, type ImportBoard } from "./stock/import-board";
import { MemoryRebuildBoard, MongoRebuildBoard, type RebuildBoard } from "./stock/rebuild-board";
import type { VehicleStore } from "./store/vehicle-store";
import type { FeedSettingsStore } from "./feeds-out/feed-settings";
import { FileFeedSettings, MongoFeedSettings } from "./feeds-out/feed-settings-store";
import { FileInsightStore, MongoInsightStore, type InsightStore } from "./dashboard/insight-store";

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
  /** The pages, offers, articles, notice and dealer's details the staff area edits. */
  content: ContentStore;
  shared: SharedState;
  /** How often each vehicle's page is served, per day (backend/stock/vehicle-views.ts). */
  views: VehicleViewCounter;
  /** Every e-mail the site sends, queued until the SMTP server takes it. */
  mail: MailOutbox;
  /** What the embedded stores are still catching up on after start (an index built, a file rewritten): /healthz shows it. */
  catchUps: CatchUpBoard;
  /** Buyers' saved searches and the state of their alerts. */
  alerts: AlertStore;
  /** What the dealer chose for the outgoing feeds (backend/feeds-out/). */
  feedSettings: FeedSettingsStore;
  /** The staff dashboard's kept counts (backend/dashboard/). */
  insight: InsightStore;
  /**
   * The store for the site's background work on the whole stock (the stock console's
   * imports, the scheduled feed, rebuilds of the search index), which answers no request
   * and so is held to no request's deadline: with MongoDB, a client of its own with patient
   * timeouts; on the embedded default, the store itself.
   */
  backgroundStore: VehicleStore;
  /**
   * Makes what the stores need in their database (MongoDB's indexes). The site starts
   * without it when MongoDB is down: it then fails as an outage, and each store tries again
   * at its next call (set-up-on-first-use.ts).
   */
  setUp(): Promise<void>;
}

/**
 * What one instance of the site holds that every other must see, beyond the stores: kept in
 * this process on the embedded default, which runs as one process, and in MongoDB with it, so
 * that any number of instances behind a load balancer act as one site. (Sessions, CSRF tokens,
 * second factors and sign-in throttles are the staff store's, and so shared with it.)
 */
export interface SharedState {
  /** The POST rate limit's windows. */
  rateWindows: RateWindows;
  /** The stock console's latest import and its progress. */
  imports: ImportBoard;
  /** Whose turn it is to fetch the scheduled feed. */
  feedTurns: FeedTurns;
  /** The stock console's latest rebuild of the search index, and whether it still runs. */
  rebuilds: RebuildBoard;
  /** Which instance runs the feed pictures' round. */
  pictureRounds: PictureRounds;
  /** Which instance works out and sends the buyers' alerts (backend/alerts/alert-rounds.ts). */
  alertRounds: LoneRounds;
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
 * The site's background work is patient too, but not endless. A batch of an import's writes
 * may take many seconds on a slow server (FerretDB 1.24 over SQLite reads the whole collection
 * to find each document by _id: 100 upserts took 0.3-0.9 s into an empty collection and
 * 5.5-7.2 s at 600-900 vehicles on a busy machine), which the 5 s socket timeout meant for
 * requests cut short, failing the import; a reply awaited for a minute means a frozen server,
 * and the import fails well inside the stock's lease (5 minutes) rather than hold it.
 */
const BACKGROUND_MONGO_TIMEOUTS: MongoTimeouts = { serverSelectionTimeoutMS: 15_000, socketTimeoutMS: 60_000 };

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
  // Opened first: a search engine refused by the configuration (Meilisearch without its key) stops the site before any store is opened.
  const search = await searchAdapter(config).openSearch(config);
  const catchUps = new CatchUpBoard(logger);
  const stores = config.MONGODB_URL ? mongoStores(config, logger) : await fileStores(config, logger, catchUps);
  return {
    ...stores,
    search,
    catchUps,
    async close() {
      await search.close();
      await stores.close();
    },
  };
}

type SiteStores = Omit<Engines, "search" | "catchUps">;

function mongoStores(config: Config, logger: Logger): SiteStores {
  const mongo = new MongoClient(config.MONGODB_URL!, { appName: "dealer-site", ...SITE_MONGO_TIMEOUTS, ...commandMonitoring() });
  const background = new MongoClient(config.MONGODB_URL!, {
    appName: "dealer-site-background",
    ...BACKGROUND_MONGO_TIMEOUTS,
    ...commandMonitoring(),
  });
  traceMongoCommands(mongo);
  traceMongoCommands(background);
  const db = mongo.db(config.MONGODB_DB);
  // Connected first, each time until it works: a client whose first connection failed stays
  // closed, whereas one that has connected once reconnects by itself.
  const whenConnected = <T extends { setUp(): Promise<void> }>(target: T, needNoSetUp: readonly MethodName<T>[], client = mongo) =>
    setUpOnFirstUse(
      target,
      async () => {
        await client.connect();
        await target.setUp();
      },
      needNoSetUp,
    );
  const store = whenConnected(MongoVehicleStore.unopened(db, logger), ["watch", "close", "scan"]);
  const backgroundStore = whenConnected(
    MongoVehicleStore.unopened(background.db(config.MONGODB_DB), logger),
    ["watch", "close", "scan"],
    background,
  );
  const leads = whenConnected(MongoLeadStore.unopened(db, logger), ["close"]);
  const staff = whenConnected(MongoStaffStore.unopened(db), ["close"]);
  const content = whenConnected(MongoContentStore.unopened(db), ["close"]);
  const rateWindows = whenConnected(new MongoRateWindows(db), []);
  const imports = whenConnected(new MongoImportBoard(db), []);
  const feedTurns = whenConnected(new MongoFeedTurns(db), []);
  const rebuilds = whenConnected(new MongoRebuildBoard(db), []);
  const pictureRounds = whenConnected(new MongoPictureRounds(db, logger), []);
  const alertRounds = whenConnected(new MongoLoneRounds(db, "alert_rounds", "alerts", logger), []);
  const views = new MongoVehicleViews(db, logger);
  const mail = whenConnected(MongoMailOutbox.unopened(db), ["close"]);
  const alerts = whenConnected(MongoAlertStore.unopened(db), ["close"]);
  const feedSettings = whenConnected(new MongoFeedSettings(db), []);
  const insight = whenConnected(new MongoInsightStore(db), ["close"]);
  return {
    store: store.store,
    backgroundStore: backgroundStore.store,
    leads: leads.store,
    staff: staff.store,
    content: content.store,
    shared: {
      rateWindows: rateWindows.store,
      imports: imports.store,
      feedTurns: feedTurns.store,
      rebuilds: rebuilds.store,
      pictureRounds: pictureRounds.store,
      alertRounds: alertRounds.store,
    },
    views,
    mail: mail.store,
    alerts: alerts.store,
    feedSettings: feedSettings.store,
    insight: insight.store,
    mongo,
    async setUp() {
      await store.setUp();
      await leads.setUp();
      await staff.setUp();
      await rateWindows.setUp();
      await views.setUp();
      await mail.setUp();
      await alerts.setUp();
      await insight.setUp();
    },
    async close() {
      await views.close();
      await leads.store.close();
      await staff.store.close();
      await mail.store.close();
      await alerts.store.close();
      await store.store.close();
      await backgroundStore.store.close();
      await mongo.close();
      await background.close();
    },
  };
}

async function fileStores(config: Config, logger: Logger, catchUps: CatchUpBoard): Promise<SiteStores> {
  const store = await FileVehicleStore.open(config.DATA_DIR, logger);
  const leads = await FileLeadStore.open(config.DATA_DIR, logger, catchUps);
  const staff = await FileStaffStore.open(config.DATA_DIR, catchUps);
  const content = await FileContentStore.open(config.DATA_DIR);
  const views = new FileVehicleViews(config.DATA_DIR, logger);
  const mail = await FileMailOutbox.open(config.DATA_DIR);
  const alerts = await FileAlertStore.open(config.DATA_DIR);
  const insight = await FileInsightStore.open(path.join(config.DATA_DIR, "insight"));
  return {
    store,
    backgroundStore: store,
    leads,
    staff,
    content,
    shared: {
      rateWindows: new MemoryRateWindows(),
      imports: new MemoryImportBoard(),
      feedTurns: new MemoryFeedTurns(),
      rebuilds: new MemoryRebuildBoard(),
      pictureRounds: new MemoryPictureRounds(),
      alertRounds: new MemoryLoneRounds(),
    },
    views,
    mail,
    alerts,
    feedSettings: new FileFeedSettings(path.join(config.DATA_DIR, "feeds-out")),
    insight,
    async setUp() {},
    async close() {
      await insight.close();
      await views.close();
      await leads.close();
      await staff.close();
      await mail.close();
      await alerts.close();
      await store.close();
    },
  };
}

/** The staff area's records, kept where the stock is: the site and `npm run staff` both open them. */
export function openStaffStore(config: Config, mongo: MongoClient | undefined): Promise<StaffStore> {
  return mongo ? MongoStaffStore.open(mongo.db(config.MONGODB_DB)) : FileStaffStore.open(config.DATA_DIR);
}

/** The site's content, kept where the stock is: `npm run staff` reads the dealer's published details from it. */
export function openContentStore(config: Config, mongo: MongoClient | undefined): Promise<ContentStore> {
  return mongo ? MongoContentStore.open(mongo.db(config.MONGODB_DB)) : FileContentStore.open(config.DATA_DIR);
}

/** The dealer as the staff area last published it (the dealer file's details until it has): for a tool run beside the site. */
export async function publishedDealerIn(config: Config, mongo: MongoClient | undefined, dealerFile: Dealer): Promise<Dealer> {
  const details = await (await openContentStore(config, mongo)).get("dealer");
  return publishedDealer(details, dealerFile, new Date());
}

/** The mail outbox, kept where the stock is: `npm run staff` queues password links in it for the site to send. */
export function openMailOutbox(config: Config, mongo: MongoClient | undefined): Promise<MailOutbox> {
  return mongo ? MongoMailOutbox.open(mongo.db(config.MONGODB_DB)) : FileMailOutbox.open(config.DATA_DIR);
}

/**
 * The search engine the configuration names, and the only place that names one: Meilisearch
 * when MEILI_URL is set, else the embedded index. Each adapter opens its own side for the site
 * and for the stock tools (backend/search/search-engine.ts, SearchEngineAdapter).
 */
function searchAdapter(config: Config): SearchEngineAdapter {
  return config.MEILI_URL ? meilisearch : embeddedSearch;
}

/**
 * The search index's write side, for the stock tools ("tools") or the stock console ("site"):
 * undefined when the engine is the embedded one, which the site rebuilds from the store
 * itself, or when the site holds no key to change the index.
 */
export function openIndexWriter(config: Config, logger: Logger, user: "site" | "tools"): SearchIndexWriter | undefined {
  return searchAdapter(config).openWriter(config, logger, user);
}

/** The index the stock console shows, when the engine runs outside the site's process (undefined for the embedded one). */
export function indexOutsideSite(config: Config): string | undefined {
  return searchAdapter(config).indexOutsideSite(config);
}

async function connectMongo(url: string, timeouts: MongoTimeouts): Promise<MongoClient> {
  const client = new MongoClient(url, { appName: "dealer-site", ...timeouts });
  await client.connect();
  return client;
}
