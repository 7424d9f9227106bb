import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../../backend/config";
import type { ForwardingTiming } from "../../backend/leads/lead-forwarder";
import { createLogger, type Logger } from "../../backend/logger";
import { startSite, type Site } from "../../backend/site";
import { FileVehicleStore } from "../../backend/store/file-vehicle-store";
import type { StockChange } from "../../backend/store/vehicle-store";
import type { VehicleFeedRecord } from "../../domain/vehicle";

export interface TestSite extends Site {
  dataDir: string;
  close(): Promise<void>;
}

export interface TestSiteOptions {
  /** Settings on top of the test defaults, e.g. LEAD_WEBHOOK_URL or POST_RATE_LIMIT. */
  env?: Record<string, string>;
  /** The site's logger; silent unless a test reads what is logged. */
  logger?: Logger;
  leadForwarding?: ForwardingTiming;
  /** Runs on the fresh data folder, after the stock is written and before the site starts. */
  prepare?: (dataDir: string) => Promise<void>;
}

/** A `prepare` that sells a vehicle: a full feed without it removes it from stock, and the store remembers it as sold. */
export function sellVehicle(id: string): (dataDir: string) => Promise<void> {
  return async (dataDir) => {
    const store = await FileVehicleStore.open(dataDir);
    const rest: { id: string; record: VehicleFeedRecord }[] = [];
    for await (const record of store.scan()) if (record._id !== id) rest.push({ id: record._id, record });
    await store.applyChange({ records: rest, mode: "replace" });
    await store.close();
  };
}

/**
 * The real site (Express, API, store, index) on a free port of 127.0.0.1, over a fresh data
 * folder holding exactly the given stock; without the page renderer, which needs a build.
 */
export async function startTestSite(stock: StockChange["records"], options: TestSiteOptions = {}): Promise<TestSite> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "dealer-site-test-"));
  const store = await FileVehicleStore.open(dataDir);
  await store.applyChange({ records: stock, mode: "upsert" });
  await store.close();
  await options.prepare?.(dataDir);
  const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, DEMO_STOCK_SIZE: "0", NODE_ENV: "test", ...options.env });
  const site = await startSite({ config, logger: options.logger ?? createLogger("silent"), leadForwarding: options.leadForwarding });
  return {
    ...site,
    dataDir,
    async close() {
      await site.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
