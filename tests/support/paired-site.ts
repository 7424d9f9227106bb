import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll } from "vitest";
import { startBuiltSite, type BuiltSite } from "./built-site";
import { setUpProductionPairing, type ProductionPairing } from "./production-pairing";
import type { ChildServer } from "./servers/child-server";
import { meiliForTests } from "./servers/meilisearch-server";
import { directUrl, startFerretDb } from "./servers/mongodb-server";
import { describeUnavailable, reportRan } from "./test-servers";

export interface PairedSite {
  /** The store, which a test may stop. */
  store: ChildServer;
  pairing: ProductionPairing;
  site: BuiltSite;
  /** Stops the site and the store, and deletes the index and the data folder. */
  stop(): Promise<void>;
}

/**
 * For a suite of the built site on FerretDB (from `ferretdbBinary`, FERRETDB_BINARY: a store
 * this run starts, and may stop) and Meilisearch: starts both and the site on them, set up by
 * stock:setup with `vehicles` demo vehicles, logging warnings (the line saying an engine went
 * down). Undefined, with the suite reported skipped and why, when a server or the build is missing.
 */
export async function pairedSiteForTests(
  suite: string,
  ferretdbBinary: string | undefined,
  vehicles: number,
): Promise<(() => Promise<PairedSite>) | undefined> {
  if (!ferretdbBinary) {
    describeUnavailable(suite, "FERRETDB_BINARY is not set: the suite needs a FerretDB of its own, to stop and to read whole collections");
    return undefined;
  }
  if (!existsSync(path.resolve(import.meta.dirname, "..", "..", "build", "server", "index.js"))) {
    describeUnavailable(suite, "the site is not built (npm run build)");
    return undefined;
  }
  const meili = await meiliForTests();
  if ("skipReason" in meili) {
    describeUnavailable(suite, meili.skipReason);
    return undefined;
  }
  reportRan(suite, [{ label: `FerretDB, started from FERRETDB_BINARY (${ferretdbBinary})` }, meili]);
  afterAll(() => meili.stop());
  return async () => {
    const store = await startFerretDb(ferretdbBinary);
    let pairing: ProductionPairing | undefined;
    const stop = async (site?: BuiltSite) => {
      await site?.stop();
      await pairing?.dispose();
      await store.stop();
    };
    try {
      pairing = await setUpProductionPairing(directUrl(store.port), meili, vehicles);
      const site = await startBuiltSite({ ...pairing.siteEnv, LOG_LEVEL: "warn" }, { dataDir: pairing.dataDir });
      return { store, pairing, site, stop: () => stop(site) };
    } catch (error) {
      await stop();
      throw error;
    }
  };
}
