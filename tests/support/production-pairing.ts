import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { versionIndexUid } from "../../backend/search/meili-index-version";
import { searchKeyUid } from "../../backend/search/meili-keys";
import { runCli } from "./run-cli";
import { sandboxName } from "./sandboxes";
import type { MeiliTestServer } from "./servers/meilisearch-server";

/** The production pairing set up as an operator sets it up, for the built site to be started on. */
export interface ProductionPairing {
  /** The settings the site runs with: both engines, and the search-only key stock:setup made. */
  siteEnv: Record<string, string>;
  /** A data folder for the site (photos, the search key's file). */
  dataDir: string;
  /** Deletes the index, its version index, the key and the data folder; the database is the MongoDB server's, thrown away with it. */
  dispose(): Promise<void>;
}

/**
 * `npm run stock:setup` against a MongoDB-protocol server and a Meilisearch, as the
 * operations guide deploys them: the site's search-only key, `vehicles` demo vehicles into
 * the empty database and the first index build, in a database and an index of a random name.
 */
export async function setUpProductionPairing(mongoUrl: string, meili: MeiliTestServer, vehicles: number): Promise<ProductionPairing> {
  const name = sandboxName("pairing");
  const dataDir = await mkdtemp(path.join(tmpdir(), "pairing-"));
  const searchKeyFile = path.join(dataDir, "search.key");
  const engines = { MONGODB_URL: mongoUrl, MONGODB_DB: name, MEILI_URL: meili.url, MEILI_INDEX: name };
  const meiliAdmin = (address: string) =>
    fetch(`${meili.url}${address}`, { method: "DELETE", headers: { Authorization: `Bearer ${meili.adminKey}` } }).catch(() => undefined);
  const dispose = async () => {
    await meiliAdmin(`/indexes/${name}`);
    await meiliAdmin(`/indexes/${versionIndexUid(name)}`);
    await meiliAdmin(`/keys/${searchKeyUid(name)}`);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const setup = await runCli(["setup"], dataDir, {
      ...engines,
      MEILI_ADMIN_KEY: meili.adminKey ?? "",
      MEILI_SEARCH_KEY_FILE: searchKeyFile,
      DEMO_STOCK_SIZE: String(vehicles),
    }).done;
    if (setup.status !== 0) throw new Error(`stock:setup failed: ${setup.stderr}`);
    const searchKey = (await readFile(searchKeyFile, "utf8")).trim();
    return { siteEnv: { ...engines, MEILI_SEARCH_KEY: searchKey }, dataDir, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
