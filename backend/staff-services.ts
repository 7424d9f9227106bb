import path from "node:path";
import { dealerBranches, isDealerGroup } from "../domain/branches";
import type { Catalogue } from "./catalogue";
import { publicOrigin, type Config } from "./config";
import type { LeadStore } from "./leads/lead-store";
import type { Logger } from "./logger";
import type { Dealer } from "../domain/dealer";
import { indexOutsideSite, openIndexWriter, type SharedState } from "./engines";
import type { Alerts } from "./alerts/alert-services";
import type { Mail } from "./mail/mail-services";
import { FeedPictures } from "./stock/feed-pictures";
import { ListedDemoPictures } from "./media/listed-demo-pictures";
import { PhotoLibrary } from "./media/photo-library";
import { PhotoDesk } from "./stock/photo-desk";
import { ScheduledFeed } from "./stock/scheduled-feed";
import { SearchIndexConsole } from "./stock/search-index-console";
import { StockImports } from "./stock/stock-imports";
import { BuyerDemand } from "./stock/buyer-demand";
import { StockTable } from "./stock/stock-table";
import { VehicleDesk } from "./stock/vehicle-desk";
import type { VehicleViewCounter } from "./stock/vehicle-views";
import type { StockChangeResult, VehicleStore } from "./store/vehicle-store";
import { ContentDesk } from "./content/content-desk";
import { ContentEditing } from "./content/content-editing";
import type { ContentStore } from "./content/content-store";
import type { PublishedContent } from "./content/published-content";
import { FeedDesk } from "./feeds-out/feed-desk";
import type { FeedSettingsStore } from "./feeds-out/feed-settings";
import { OutgoingFeeds } from "./feeds-out/outgoing-feeds";
import { Dashboard } from "./dashboard/dashboard";
import type { Insight } from "./dashboard/insight";
import { LeadInbox } from "./staff/lead-inbox";
import { StaffAccess, type StaffSettings } from "./staff/staff-access";
import { staffCookies, type StaffCookies } from "./staff/staff-cookies";
import type { StaffStore } from "./staff/staff-store";

/** The staff area's services, as the site wires them for its pages and calls. */
export interface StaffServices {
  access: StaffAccess;
  inbox: LeadInbox;
  /** The codes of a dealer group's branches, as last published; none for a dealer with one. */
  branchCodes: () => readonly string[];
  cookies: StaffCookies;
  /** The stock console: imports, and the search index's health and rebuilds. */
  stock: StockImports;
  searchIndex: SearchIndexConsole;
  vehicles: VehicleDesk;
  /** A vehicle's own photos, and the library that checks, stores and sizes every photo. */
  photos: PhotoDesk;
  /** The demo pictures vehicles in stock list: the only ones the library draws. */
  demoPictures: ListedDemoPictures;
  /** The feed's pictures, fetched in the background. */
  feedPictures: FeedPictures;
  /** Every vehicle in stock, filtered, sorted and paged (/staff/stock). */
  stockTable: StockTable;
  /** The dealer's feed, fetched and imported on a schedule, when STOCK_FEED_URL is set. */
  feed?: ScheduledFeed;
  /** E-mail: whether it is sent, and password links sent by it. */
  mail: Mail;
  /** The site's pages, offers, articles, notice and dealer's details, edited by editors and admins. */
  content: ContentDesk;
  /** What buyers' saved searches are waiting for, for the stock console. */
  demand: BuyerDemand;
  /** The stock as it goes out to the advertising channels (backend/feeds-out/). */
  feeds: FeedDesk;
  /** What sells: the staff dashboard's figures (backend/dashboard/). */
  dashboard: Dashboard;
}

export function staffServices(
  store: StaffStore,
  leads: LeadStore,
  /**
   * `backgroundStore`: the store for imports and rebuilds of the search index
   * (backend/engines.ts); `pagesChanged`: told of each change a stock manager makes to a
   * vehicle, before they are answered (the page cache forgets its pages).
   */
  vehicles: {
    store: VehicleStore;
    backgroundStore: VehicleStore;
    catalogue: Catalogue;
    views: VehicleViewCounter;
    pagesChanged?: (result: StockChangeResult) => void;
    feedSettings: FeedSettingsStore;
    insight: Insight;
  },
  /** Undefined when leads are not forwarded (no LEAD_WEBHOOK_URL). */
  forwardLeadsNow: (() => void) | undefined,
  shared: Pick<SharedState, "imports" | "feedTurns" | "rebuilds" | "pictureRounds">,
  config: Config,
  dealer: Pick<Dealer, "name" | "email" | "phone" | "address" | "leadReplyTargetHours">,
  logger: Logger,
  mail: Mail,
  content: { store: ContentStore; published: PublishedContent },
  alerts: Pick<Alerts, "erase" | "demand">,
): StaffServices {
  const access = new StaffAccess(store, staffSettingsOf(config, dealer));
  const { store: stock, backgroundStore, catalogue, views, pagesChanged, feedSettings, insight } = vehicles;
  // With Meilisearch, the console sends imports there and rebuilds it only when the site holds the admin key; otherwise stock:sync and stock:reindex do.
  const indexer = openIndexWriter(config, logger, "site");
  const indexUid = indexOutsideSite(config);
  const meili = indexUid === undefined ? undefined : { indexUid, ...(indexer && { writer: indexer }) };
  const imports = new StockImports(backgroundStore, access, indexer, stockImportSettingsOf(config), logger, shared.imports);
  // Whole reads of the stock, run in the background or once for many requests: the patient store's timeouts.
  const demoPictures = new ListedDemoPictures(backgroundStore, logger);
  const library = new PhotoLibrary(config.PHOTOS_DIR ?? path.join(config.DATA_DIR, "photos"), {
    limits: { maxBytes: config.PHOTO_MAX_MB * 1024 * 1024, maxPixels: config.PHOTO_MAX_MEGAPIXELS * 1_000_000 },
    isListedDemo: (id) => demoPictures.has(id),
    queueLength: config.PHOTO_QUEUE_LENGTH,
    sizesMaxBytes: config.PHOTO_SIZES_MAX_MB * 2 ** 20,
    logger,
  });
  const fetchLimits = {
    maxBytes: library.limits.maxBytes,
    timeoutMs: config.PHOTO_FETCH_TIMEOUT_SECONDS * 1000,
    allowHosts: config.PHOTO_FETCH_ALLOW_HOSTS,
  };
  const branchCodes = () => {
    const published = content.published.current().dealer;
    return isDealerGroup(published) ? dealerBranches(published).map(({ code }) => code) : [];
  };
  const { STOCK_FEED_URL: url, STOCK_FEED_TOKEN_FILE: tokenFile, STOCK_FEED_SCHEDULE: everyMinutes, STOCK_FEED_MODE: mode } = config;
  return {
    access,
    inbox: new LeadInbox(
      leads,
      access,
      async (id) => (await catalogue.lookUp([id]))[0]!,
      forwardLeadsNow,
      (lead) => mail.leadAssigned(lead),
      (email) => alerts.erase(email),
      branchCodes,
    ),
    branchCodes,
    cookies: staffCookies(config.NODE_ENV === "production"),
    stock: imports,
    searchIndex: new SearchIndexConsole(catalogue, backgroundStore, meili, access, logger, shared.rebuilds),
    vehicles: new VehicleDesk(stock, access, indexer, pagesChanged),
    ...(url
      ? { feed: new ScheduledFeed(imports, { url, everyMinutes, mode, ...(tokenFile ? { tokenFile } : {}) }, logger, shared.feedTurns) }
      : {}),
    photos: new PhotoDesk(stock, library, access, indexer, pagesChanged),
    demoPictures,
    feedPictures: new FeedPictures(backgroundStore, library, fetchLimits, logger, indexer, shared.pictureRounds),
    stockTable: new StockTable(stock, views, leads, logger),
    mail,
    content: new ContentDesk(new ContentEditing(content.store), access, content.published, library, backgroundStore),
    demand: new BuyerDemand(alerts),
    feeds: new FeedDesk(
      new OutgoingFeeds(backgroundStore, feedSettings, { origin: publicOrigin(config), dealer }, { folder: config.FEEDS_OUT_DIR, logger }),
      access,
      publicOrigin(config),
    ),
    dashboard: new Dashboard(insight, dealer.leadReplyTargetHours),
  };
}

export function staffSettingsOf(config: Config, dealer: Pick<Dealer, "name" | "email">): StaffSettings {
  return {
    idleMinutes: config.STAFF_SESSION_IDLE_MINUTES,
    absoluteHours: config.STAFF_SESSION_MAX_HOURS,
    auditRetentionDays: config.AUDIT_RETENTION_DAYS,
    requireSecondFactorForAdmins: config.STAFF_REQUIRE_2FA,
    setPasswordLinkHours: config.STAFF_SET_PASSWORD_LINK_HOURS,
    siteOrigin: publicOrigin(config),
    issuer: dealer.name,
    dealerEmail: dealer.email,
  };
}

export function stockImportSettingsOf(config: Config) {
  return { uploadDirectory: path.join(config.DATA_DIR, "stock-uploads"), maxUploadBytes: config.STOCK_UPLOAD_MAX_MB * 1024 * 1024 };
}
