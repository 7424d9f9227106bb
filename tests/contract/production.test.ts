import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MeilisearchApiError } from "meilisearch";
import { generateDemoStock } from "../../backend/demo-stock/generate-demo-stock";
import { meiliClient } from "../../backend/search/meili-adapter";
import { createLogger } from "../../backend/logger";
import { MeiliIndexer } from "../../backend/search/meili-indexer";
import { MeiliSearchEngine } from "../../backend/search/meili-search";
import type { SearchQuery } from "../../backend/search/search-engine";
import type { VehicleRecord } from "../../domain/vehicle";
import { COLLECTIONS } from "../../backend/store/mongo-vehicle-store";
import { followStock, rebuildWithCatchUp, type FollowOptions } from "../../backend/stock/search-sync";
import { capturedLogger, type CapturedLogger } from "../support/captured-logger";
import { KNOWN_VEHICLES, knownStockChange, knownStockWithout, knownVehicleRepriced } from "../support/known-vehicles";
import { runCli } from "../support/run-cli";
import { openMeiliSandbox, openMongoSandbox, sandboxName, type MeiliSandbox, type MongoSandbox } from "../support/sandboxes";
import { MONGO_FEATURE_NAMES, suiteServers } from "../support/suite-servers";
import { describeUnavailable } from "../support/test-servers";
import { describeStockContract } from "./stock-contract";

/**
 * The production pair together: the same contract suite as the embedded engines, against a
 * real MongoDB-protocol server and a real Meilisearch, and then what only the pair does:
 * keeping the index in step with the stock (stock:sync, both ways it can follow MongoDB),
 * full syncs that catch up, and stock:setup. The halves that need one server each are
 * mongodb.test.ts and meilisearch.test.ts.
 */
const servers = await suiteServers("the production suite with MongoDB and Meilisearch together", ["mongo", "meili"]);

if (servers) {
  const { mongo, meili } = servers;
  const NOW = new Date("2026-11-20T12:00:00.000Z");

  describeStockContract("MongoDB store and Meilisearch", async (places) => {
    const name = sandboxName("contract");
    const stock = await openMongoSandbox(mongo.client, name);
    const index = await openMeiliSandbox(meili, name, undefined, places);
    return {
      store: stock.store,
      search: index.search,
      rebuild: async (scan) => {
        await index.indexer.fullSync(scan);
      },
      openSecondStore: () => stock.openStore(),
      async dispose() {
        await stock.dispose();
        await index.dispose();
      },
    };
  });

  describe("MongoDB and Meilisearch: keeping the index in step", () => {
    let name: string;
    let stock: MongoSandbox;
    let index: MeiliSandbox;
    beforeEach(async () => {
      name = sandboxName("sync");
      stock = await openMongoSandbox(mongo.client, name);
      index = await openMeiliSandbox(meili, name);
    });
    afterEach(async () => {
      await stock.dispose();
      await index.dispose();
    });

    const importKnown = () => stock.store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
    const sellScania = () => stock.store.applyChange({ records: knownStockWithout("scania-r450-2017"), mode: "replace" }, NOW);
    const repriceFiesta = (price: number) =>
      stock.store.applyChange({ records: knownVehicleRepriced("fiesta-2019", price), mode: "upsert" }, NOW);

    /** The ids the site would find, or undefined while there is no index to search. */
    const found = async (query: Partial<SearchQuery> = {}) => {
      const result = await index.search
        .search({ filters: {}, sort: "price_asc", page: 1, pageSize: 100, facets: [], ...query })
        .catch(() => undefined);
      return result?.ids;
    };
    const trucks = () => found({ type: "truck" });
    const fiestaAt = (price: number) => found({ filters: { make: "Ford", model: "Fiesta", price: { min: price, max: price } } });

    /** stock:sync, running until stopped, with what it logs kept. */
    function follow(options: Partial<FollowOptions> = {}): { log: CapturedLogger; stop(): Promise<void> } {
      const log = capturedLogger();
      const stopping = new AbortController();
      const running = followStock({
        db: stock.db,
        store: stock.store,
        indexer: index.indexer,
        logger: log.logger,
        signal: stopping.signal,
        pollIntervalMs: 100,
        ...options,
      });
      // A failure is reported by stop(), not as an unhandled rejection in whichever test runs then.
      running.catch(() => undefined);
      return {
        log,
        async stop() {
          stopping.abort();
          await running;
        },
      };
    }
    const rebuilds = (log: CapturedLogger) =>
      log
        .text()
        .split("\n")
        .filter((line) => line.includes("Rebuilding the search index from scratch"));

    it("sends what changed after a version to the index", async () => {
      await importKnown();
      await index.indexer.fullSync(() => stock.store.scan());
      const before = await stock.store.stockVersion();
      await sellScania();
      await repriceFiesta(9495);
      expect(await index.indexer.apply(await stock.store.changesAfter(before))).toEqual({ upserted: 1, removed: 1 });
      expect(await trucks()).toEqual(["volvo-fh-2019"]);
      expect(await fiestaAt(9495)).toEqual(["fiesta-2019"]);
    });

    it("rebuilds with nothing lost that an import changed while the new index was being built", async () => {
      const generated = [...generateDemoStock({ count: 300, seed: 5, referenceDate: NOW })];
      await stock.store.applyChange({ records: generated.map((record) => ({ id: record._id, record })), mode: "upsert" }, NOW);
      const [first, second] = generated.map((record) => record._id).sort();
      const importer = await stock.openStore();

      const rebuilding = rebuildWithCatchUp(stock.store, index.indexer);
      // Once the new index holds its first batch, the scan has passed the first ids in order:
      // change one and sell another, as an import elsewhere would, without telling the index.
      await expect
        .poll(
          async () => {
            const { results } = await index.admin.getIndexes({ limit: 1000 });
            const build = results.find(({ uid }) => uid.startsWith(`${name}_build_`));
            return build ? (await build.getStats()).numberOfDocuments : 0;
          },
          { interval: 20, timeout: 30_000 },
        )
        .toBeGreaterThan(0);
      const repriced = (record: VehicleRecord) => ({
        ...record,
        adverts: { retailAdverts: { ...record.adverts.retailAdverts, totalPrice: { amountGBP: 123_456 } } },
      });
      const feed = generated
        .filter(({ _id }) => _id !== second)
        .map((record) => ({ id: record._id, record: record._id === first ? repriced(record) : record }));
      await importer.applyChange({ records: feed, mode: "replace" }, NOW);

      expect(await rebuilding).toEqual({ documents: 300, version: 1 });
      expect(await found({ filters: { price: { min: 123_456, max: 123_456 } } })).toEqual([first]);
      expect((await index.search.search({ filters: {}, sort: "relevance", page: 1, pageSize: 1, facets: [] })).total).toBe(299);
    });

    function describeFollowing(way: "polling for change versions" | "following the change stream", poll: boolean) {
      describe(`stock:sync, ${way}`, () => {
        it("builds the index at first, sends each import's changes, and carries on from where it stopped", async () => {
          await importKnown();
          const first = follow({ poll });
          await expect.poll(trucks, { timeout: 30_000 }).toEqual(["scania-r450-2017", "volvo-fh-2019"]);
          await sellScania();
          await expect.poll(trucks, { timeout: 30_000 }).toEqual(["volvo-fh-2019"]);
          await first.stop();
          expect(rebuilds(first.log)).toHaveLength(1);

          await repriceFiesta(9495);
          const second = follow({ poll });
          await expect.poll(() => fiestaAt(9495), { timeout: 30_000 }).toEqual(["fiesta-2019"]);
          await second.stop();
          expect(rebuilds(second.log)).toEqual([]);
        });

        it("rebuilds the index when it is deleted under it, and carries on", async () => {
          await importKnown();
          const following = follow({ poll });
          await expect.poll(() => following.log.text(), { timeout: 30_000 }).toContain("Full sync of the search index done");
          await index.admin.deleteIndex(name).waitTask();
          await sellScania();
          await expect.poll(trucks, { timeout: 30_000 }).toEqual(["volvo-fh-2019"]);
          await following.stop();
          expect(rebuilds(following.log)).toHaveLength(2);
          expect(following.log.text()).toContain("does not exist");
        });
      });
    }

    describeFollowing("polling for change versions", true);

    describe("stock:sync, polling for change versions, when it cannot trust what it reads", () => {
      it("rebuilds when the notes of removals it has not read were pruned", async () => {
        await importKnown();
        const first = follow({ poll: true });
        await expect.poll(trucks, { timeout: 30_000 }).toHaveLength(2);
        await first.stop();

        // While the sync is stopped a truck is sold, and a month later another change prunes the note.
        await sellScania();
        await stock.db
          .collection(COLLECTIONS.removals)
          .updateMany({}, { $set: { removedAt: new Date(Date.now() - 31 * 24 * 60 * 60_000) } });
        await repriceFiesta(9495);

        const second = follow({ poll: true });
        await expect.poll(trucks, { timeout: 30_000 }).toEqual(["volvo-fh-2019"]);
        await second.stop();
        expect(rebuilds(second.log)).toHaveLength(1);
        expect(second.log.text()).toContain("removal notes up to version 2 were pruned, and this sync stopped at version 1");
      });

      it("stops with Meilisearch's refusal when its key is wrong, rather than rebuild", async () => {
        await importKnown();
        const refused = new MeiliIndexer(meiliClient(meili.url, "not-the-admin-key"), name, createLogger("silent"));
        const log = capturedLogger();
        await expect(
          followStock({
            db: stock.db,
            store: stock.store,
            indexer: refused,
            logger: log.logger,
            signal: new AbortController().signal,
            poll: true,
          }),
        ).rejects.toBeInstanceOf(MeilisearchApiError);
        expect(rebuilds(log)).toEqual([]);
      });
    });

    if (mongo.features.changeStreams) {
      describeFollowing("following the change stream", false);

      it("stock:sync rebuilds when MongoDB cannot resume the change stream from its saved position", async () => {
        await importKnown();
        const first = follow();
        await expect.poll(trucks, { timeout: 30_000 }).toHaveLength(2);
        await first.stop();
        // A position MongoDB never gave out, as after a restore from an older backup.
        await stock.db
          .collection<{ _id: string; resumeToken?: unknown }>(COLLECTIONS.state)
          .updateOne({ _id: "search-sync" }, { $set: { resumeToken: { _data: "8200000001000000012B0229296E04" } } });
        await sellScania();

        const second = follow();
        await expect.poll(trucks, { timeout: 30_000 }).toEqual(["volvo-fh-2019"]);
        await second.stop();
        expect(rebuilds(second.log)).toHaveLength(1);
        expect(second.log.text()).toContain("MongoDB cannot resume the change stream");
      });
    } else {
      describeUnavailable("stock:sync following the change stream", `${mongo.label} has no ${MONGO_FEATURE_NAMES.changeStreams}`);
    }

    it("stock:setup records where stock:sync carries on, so the sync starts without rebuilding", async () => {
      const directory = await mkdtemp(path.join(tmpdir(), "stock-setup-"));
      try {
        const keyFile = path.join(directory, "search.key");
        const setup = await runCli(["setup"], directory, {
          MONGODB_URL: mongo.url,
          MONGODB_DB: name,
          MEILI_URL: meili.url,
          MEILI_ADMIN_KEY: meili.adminKey ?? "",
          MEILI_INDEX: name,
          MEILI_SEARCH_KEY_FILE: keyFile,
          DEMO_STOCK_SIZE: "40",
        }).done;
        expect(setup.stderr).toBe("");
        expect(setup.stdout).toContain("Built the search index: 40 vehicles.");
        const siteKey = (await readFile(keyFile, "utf8")).trim();
        expect(siteKey).toBe(index.searchKey);
        const asSite = new MeiliSearchEngine(meiliClient(meili.url, siteKey), name);
        expect((await asSite.search({ filters: {}, sort: "relevance", page: 1, pageSize: 1, facets: [] })).total).toBe(40);

        await importKnown();
        const following = follow();
        await expect.poll(trucks, { timeout: 30_000 }).toEqual(expect.arrayContaining(["scania-r450-2017", "volvo-fh-2019"]));
        await following.stop();
        expect(rebuilds(following.log)).toEqual([]);
        expect((await asSite.search({ filters: {}, sort: "relevance", page: 1, pageSize: 1, facets: [] })).total).toBe(
          40 + KNOWN_VEHICLES.length,
        );
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    });
  });
}
