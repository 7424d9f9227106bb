import path from "node:path";
import type { Catalogue } from "../catalogue";
import { publicOrigin, type Config } from "../config";
import type { LeadStore } from "../leads/lead-store";
import type { Logger } from "../logger";
import type { Mail } from "../mail/mail-services";
import { indexOutsideSite, openIndexWriter } from "../engines";
import { ScheduledFeed } from "../stock/scheduled-feed";
import { SearchIndexConsole } from "../stock/search-index-console";
import { StockImports } from "../stock/stock-imports";
import { StockTable } from "../stock/stock-table";
import { VehicleDesk } from "../stock/vehicle-desk";
import type { VehicleViewCounter } from "../stock/vehicle-views";
import type { VehicleStore } from "../store/vehicle-store";
import { LeadInbox } from "./lead-inbox";
import { StaffAccess } from "./staff-access";
import { staffCookies, type StaffCookies } from "./staff-cookies";
import type { StaffStore } from "./staff-store";

/** The staff area's services, as the site wires them for its pages and calls. */
export interface StaffServices {
  access: StaffAccess;
  inbox: LeadInbox;
  cookies: StaffCookies;
  /** The stock console: imports, and the search index's health and rebuilds. */
  stock: StockImports;
  searchIndex: SearchIndexConsole;
  vehicles: VehicleDesk;
  /** Every vehicle in stock, filtered, sorted and paged (/staff/stock). */
  stockTable: StockTable;
  /** The dealer's feed, fetched and imported on a schedule, when STOCK_FEED_URL is set. */
  feed?: ScheduledFeed;
  /** E-mail: whether it is sent, and password links sent by it. */
  mail: Mail;
}

export function staffServices(
  store: StaffStore,
  leads: LeadStore,
  vehicles: { store: VehicleStore; catalogue: Catalogue; views: VehicleViewCounter },
  forwardLeadsNow: () => void,
  config: Config,
  dealerName: string,
  logger: Logger,
  mail: Mail,
): StaffServices {
  const access = new StaffAccess(store, staffSettingsOf(config, dealerName));
  const { store: stock, catalogue, views } = vehicles;
  // With Meilisearch, the console sends imports there and rebuilds it only when the site holds the admin key; otherwise stock:sync and stock:reindex do.
  const indexer = openIndexWriter(config, logger, "site");
  const indexUid = indexOutsideSite(config);
  const meili = indexUid === undefined ? undefined : { indexUid, ...(indexer && { writer: indexer }) };
  const imports = new StockImports(stock, access, indexer, stockImportSettingsOf(config), logger);
  const { STOCK_FEED_URL: url, STOCK_FEED_TOKEN_FILE: tokenFile, STOCK_FEED_SCHEDULE: everyMinutes, STOCK_FEED_MODE: mode } = config;
  return {
    access,
    inbox: new LeadInbox(
      leads,
      access,
      (id) => catalogue.get(id),
      forwardLeadsNow,
      (lead) => mail.leadAssigned(lead),
    ),
    cookies: staffCookies(config.NODE_ENV === "production"),
    stock: imports,
    searchIndex: new SearchIndexConsole(catalogue, stock, meili, access, logger),
    vehicles: new VehicleDesk(stock, access, indexer),
    stockTable: new StockTable(stock, views, leads),
    mail,
    ...(url ? { feed: new ScheduledFeed(imports, { url, everyMinutes, mode, ...(tokenFile ? { tokenFile } : {}) }, logger) } : {}),
  };
}

export function staffSettingsOf(config: Config, dealerName: string) {
  return {
    idleMinutes: config.STAFF_SESSION_IDLE_MINUTES,
    absoluteHours: config.STAFF_SESSION_MAX_HOURS,
    auditRetentionDays: config.AUDIT_RETENTION_DAYS,
    requireSecondFactorForAdmins: config.STAFF_REQUIRE_2FA,
    setPasswordLinkHours: config.STAFF_SET_PASSWORD_LINK_HOURS,
    siteOrigin: publicOrigin(config),
    issuer: dealerName,
  };
}

export function stockImportSettingsOf(config: Config) {
  return { uploadDirectory: path.join(config.DATA_DIR, "stock-uploads"), maxUploadBytes: config.STOCK_UPLOAD_MAX_MB * 1024 * 1024 };
}
