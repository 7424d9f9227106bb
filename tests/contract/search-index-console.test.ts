import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Catalogue } from "../../backend/catalogue";
import { createLogger } from "../../backend/logger";
import { EmbeddedSearch } from "../../backend/search/embedded-search";
import { MemoryRebuildBoard } from "../../backend/stock/rebuild-board";
import { SearchIndexConsole } from "../../backend/stock/search-index-console";
import { FileVehicleStore } from "../../backend/store/file-vehicle-store";
import { KNOWN_VEHICLES, knownStockChange } from "../support/known-vehicles";
import { openMeiliSandbox, sandboxName, type MeiliSandbox } from "../support/sandboxes";
import { signedInMember } from "../support/staff-accounts";
import { suiteServers } from "../support/suite-servers";

/**
 * The stock console's view of the search index, and its rebuild, with each engine: the
 * embedded index in this process, and a real Meilisearch (when MEILI_BINARY or MEILI_URL
 * names one), holding the admin key or not.
 */
const logger = createLogger("silent");
let directory: string;
let store: FileVehicleStore;
let staff: Awaited<ReturnType<typeof signedInMember>>;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "search-index-console-"));
  store = await FileVehicleStore.open(directory);
  await store.applyChange({ records: knownStockChange(), mode: "upsert" });
  staff = await signedInMember(directory, "stock");
});
afterEach(async () => {
  await staff.close();
  await store.close();
  await rm(directory, { recursive: true, force: true });
});

const rebuildsIn = async (audit: typeof staff.access) =>
  (await audit.auditLog({ action: "search-index-rebuilt", page: 1, pageSize: 10 })).entries;

describe("the embedded index", () => {
  it("counts the stock and the index, and rebuilds it, recording who did", async () => {
    const catalogue = new Catalogue(store, new EmbeddedSearch(), logger);
    await catalogue.start();
    const indexConsole = new SearchIndexConsole(catalogue, store, undefined, staff.access, logger);
    const health = await indexConsole.health(staff.member);
    expect(health).toMatchObject({ engine: "embedded", inStore: KNOWN_VEHICLES.length, inIndex: KNOWN_VEHICLES.length, failedTasks: [] });
    expect(health.builtAt).toBeInstanceOf(Date);

    await indexConsole.startRebuild(staff.member, "127.0.0.1");
    await expect(indexConsole.startRebuild(staff.member, "127.0.0.1")).rejects.toThrow("Stock Person is rebuilding the index already");
    await indexConsole.settled();
    expect((await indexConsole.health(staff.member)).rebuild).toMatchObject({
      by: "Stock Person",
      documents: KNOWN_VEHICLES.length,
      finishedAt: expect.any(Date),
    });
    expect((await rebuildsIn(staff.access))[0]).toMatchObject({
      actorEmail: "stock@dealer.example",
      details: { engine: "embedded", result: "rebuilt", documents: KNOWN_VEHICLES.length },
    });
    await catalogue.stop();
  });

  it("shows a rebuild whose instance stopped moving its hold on as stopped, and lets another start", async () => {
    const catalogue = new Catalogue(store, new EmbeddedSearch(), logger);
    await catalogue.start();
    const board = new MemoryRebuildBoard();
    const startedAt = new Date(Date.now() - 60_000);
    await board.take({ id: "elsewhere", by: "Admin Person", startedAt, heldUntil: new Date(Date.now() - 1000) }, startedAt);
    const indexConsole = new SearchIndexConsole(catalogue, store, undefined, staff.access, logger, board);
    expect((await indexConsole.health(staff.member)).rebuild).toMatchObject({
      by: "Admin Person",
      finishedAt: expect.any(Date),
      failure: expect.stringContaining("stopped before it ended"),
    });
    await indexConsole.startRebuild(staff.member, "127.0.0.1");
    await indexConsole.settled();
    expect((await indexConsole.health(staff.member)).rebuild).toMatchObject({ by: "Stock Person", documents: KNOWN_VEHICLES.length });
    await catalogue.stop();
  });
});

const servers = await suiteServers("the stock console with Meilisearch", ["meili"]);

if (servers) {
  describe("Meilisearch", () => {
    let sandbox: MeiliSandbox;
    beforeEach(async () => {
      sandbox = await openMeiliSandbox(servers.meili, sandboxName("console"));
    });
    afterEach(async () => {
      await sandbox.dispose();
    });

    it("with the admin key: counts the index's documents, lists failed tasks, and rebuilds it", async () => {
      const catalogue = new Catalogue(store, sandbox.search, logger);
      const indexConsole = new SearchIndexConsole(
        catalogue,
        store,
        { writer: sandbox.indexer, indexUid: sandbox.name },
        staff.access,
        logger,
      );
      expect(await indexConsole.health(staff.member)).toMatchObject({
        engine: "meilisearch",
        inStore: KNOWN_VEHICLES.length,
        limitation: expect.stringContaining("no index"),
      });

      await indexConsole.startRebuild(staff.member, "127.0.0.1");
      await indexConsole.settled();
      const health = await indexConsole.health(staff.member);
      expect(health).toMatchObject({
        engine: "meilisearch",
        inStore: KNOWN_VEHICLES.length,
        inIndex: KNOWN_VEHICLES.length,
        failedTasks: expect.any(Array),
      });
      expect(health.limitation).toBeUndefined();
      expect(health.builtAt).toBeInstanceOf(Date);
      expect(health.rebuild).toMatchObject({ documents: KNOWN_VEHICLES.length });
      expect((await sandbox.search.search({ filters: {}, sort: "relevance", page: 1, pageSize: 1, facets: [] })).total).toBe(
        KNOWN_VEHICLES.length,
      );
      expect((await rebuildsIn(staff.access))[0]).toMatchObject({ details: { engine: "meilisearch", result: "rebuilt" } });
    });

    it("with the admin key: says when the index was set up by an earlier version, until it is rebuilt", async () => {
      const catalogue = new Catalogue(store, sandbox.search, logger);
      const indexConsole = new SearchIndexConsole(
        catalogue,
        store,
        { writer: sandbox.indexer, indexUid: sandbox.name },
        staff.access,
        logger,
      );
      await sandbox.indexer.fullSync(() => store.scan());
      await sandbox.makeIndexAsBeforeRecentlyReduced();
      expect((await indexConsole.health(staff.member)).limitation).toMatch(/filterableAttributes.*earlier version.*Rebuild it/);

      await indexConsole.startRebuild(staff.member, "127.0.0.1");
      await indexConsole.settled();
      expect((await indexConsole.health(staff.member)).limitation).toBeUndefined();
    });

    it("without the admin key: says so, and refuses to rebuild", async () => {
      const catalogue = new Catalogue(store, sandbox.search, logger);
      const indexConsole = new SearchIndexConsole(catalogue, store, { indexUid: sandbox.name }, staff.access, logger);
      expect((await indexConsole.health(staff.member)).limitation).toContain("MEILI_ADMIN_KEY");
      await expect(indexConsole.startRebuild(staff.member, "127.0.0.1")).rejects.toThrow("npm run stock:reindex");
    });
  });
}
