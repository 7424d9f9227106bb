import path from "node:path";
import type { VehicleRecord } from "../../domain/vehicle";
import { publicOrigin, type Config } from "../config";
import type { LeadStore } from "../leads/lead-store";
import type { Logger } from "../logger";
import { openMeiliIndexer } from "../engines";
import { StockImports } from "../stock/stock-imports";
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
  /** The stock console's imports. */
  stock: StockImports;
}

export function staffServices(
  store: StaffStore,
  leads: LeadStore,
  vehicles: VehicleStore,
  findVehicle: (id: string) => Promise<VehicleRecord | undefined>,
  forwardLeadsNow: () => void,
  config: Config,
  dealerName: string,
  logger: Logger,
): StaffServices {
  const access = new StaffAccess(store, staffSettingsOf(config, dealerName), logger);
  // With Meilisearch, an import sends its changes there only when the site holds the admin key; otherwise stock:sync does.
  const stock = new StockImports(vehicles, access, openMeiliIndexer(config, logger), stockImportSettingsOf(config), logger);
  return { access, inbox: new LeadInbox(leads, access, findVehicle, forwardLeadsNow), cookies: staffCookies(config.NODE_ENV === "production"), stock };
}

export function staffSettingsOf(config: Config, dealerName: string) {
  return {
    idleMinutes: config.STAFF_SESSION_IDLE_MINUTES,
    absoluteHours: config.STAFF_SESSION_MAX_HOURS,
    requireSecondFactorForAdmins: config.STAFF_REQUIRE_2FA,
    setPasswordLinkHours: config.STAFF_SET_PASSWORD_LINK_HOURS,
    siteOrigin: publicOrigin(config),
    issuer: dealerName,
  };
}

export function stockImportSettingsOf(config: Config) {
  return { uploadDirectory: path.join(config.DATA_DIR, "stock-uploads"), maxUploadBytes: config.STOCK_UPLOAD_MAX_MB * 1024 * 1024 };
}
