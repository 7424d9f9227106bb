import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Meilisearch } from "meilisearch";
import { MongoClient, type Db } from "mongodb";
import type { VehicleRecord } from "../../domain/vehicle";
import { meiliClient } from "../../backend/engines";
import { createLogger } from "../../backend/logger";
import { MeiliIndexer, SearchIndexNeedsFullSyncError } from "../../backend/search/meili-indexer";
import { MeiliSearchEngine } from "../../backend/search/meili-search";
import { MongoVehicleStore } from "../../backend/store/mongo-vehicle-store";
import { pushStockChange, type SearchUpdate } from "../../indexer/search-sync";
import { feedRecord, KNOWN_VEHICLES, knownStockChange } from "../support/known-vehicles";
import { describeUnavailable, meiliForTests, mongoForTests } from "../support/test-servers";
import { describeStockContract } from "./stock-contract";

/**
 * The same contract suite as the embedded engines, against real MongoDB and Meilisearch
 * (see tests/support/test-servers.ts), and then what only that pair does (keeping the
 * index in step).
 */
const [mongo, meiliServer] = await Promise.all([mongoForTests(), meiliForTests()]);

if ("skipReason" in mongo || "skipReason" in meiliServer) {
  const reasons = [mongo, meiliServer].flatMap((server) => ("skipReason" in server ? [server.skipReason] : []));
  await Promise.all([mongo, meiliServer].map((server) => ("stop" in server ? server.stop() : undefined)));
  describeUnavailable("the MongoDB + Meilisearch contract suite", reasons.join("; "));
} else {
  const client = new MongoClient(mongo.url);
  await client.connect();
  afterAll(async () => {
    await client.close();
    await Promise.all([mongo.stop(), meiliServer.stop()]);
  });

  describeStockContract("MongoDB store and Meilisearch", async () => {
    const name = `contract_${randomBytes(6).toString("hex")}`;
    const db = client.db(name);
    const meili = meiliClient(meiliServer.url, meiliServer.key);
    const indexer = new MeiliIndexer(meili, name, createLogger("silent"), { batchSize: 250, taskTimeoutMs: 60_000 });
    const store = await MongoVehicleStore.open(db);
    return {
      store,
      search: new MeiliSearchEngine(meili, name),
      rebuild: async (scan) => {
        await indexer.fullSync(scan);
      },
      openSecondStore: () => MongoVehicleStore.open(db),
      async dispose() {
        await store.close();
        await db.dropDatabase();
        await meili.deleteIndexIfExists(name);
      },
    };
  });

  describe("MongoDB store and Meilisearch: keeping the index in step", () => {
    const NOW = new Date("2026-11-20T12:00:00.000Z");
    let name: string;
    let db: Db;
    let meili: Meilisearch;
    let indexer: MeiliIndexer;
    let store: MongoVehicleStore;
    beforeEach(async () => {
      name = `sync_${randomBytes(6).toString("hex")}`;
      db = client.db(name);
      meili = meiliClient(meiliServer.url, meiliServer.key);
      indexer = new MeiliIndexer(meili, name, createLogger("silent"), { batchSize: 250, taskTimeoutMs: 60_000 });
      store = await MongoVehicleStore.open(db);
    });
    afterEach(async () => {
      await store.close();
      await db.dropDatabase();
      await meili.deleteIndexIfExists(name);
    });

    const total = async () =>
      (await new MeiliSearchEngine(meili, name).search({ filters: {}, sort: "relevance", page: 1, pageSize: 100, facets: [] })).total;

    it("sends nothing to an index that is missing or out of date, but asks for a full sync", async () => {
      await store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      expect(await indexer.needsFullSync()).toBe(true);
      await expect(indexer.apply({ upserts: [], removedIds: ["fiesta-2019"] })).rejects.toBeInstanceOf(SearchIndexNeedsFullSyncError);
      // Refused before sending: the index was not created without its settings.
      await expect(meili.getIndex(name)).rejects.toThrow();

      await indexer.fullSync(() => store.scan());
      expect(await indexer.needsFullSync()).toBe(false);

      await meili.index(name).updateSettings({ filterableAttributes: ["type"] }).waitTask();
      expect(await indexer.needsFullSync()).toBe(true);
      await expect(indexer.apply({ upserts: [], removedIds: ["fiesta-2019"] })).rejects.toBeInstanceOf(SearchIndexNeedsFullSyncError);
    });

    it("has an import rebuild a missing index, and send its changes to one that is up to date", async () => {
      let update: SearchUpdate | undefined;
      await store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW, async (applied) => {
        update = await pushStockChange(store, indexer, applied);
      });
      expect(update).toEqual({ kind: "rebuilt", documents: KNOWN_VEHICLES.length });

      const fiesta = KNOWN_VEHICLES.find((k) => k.id === "fiesta-2019")!;
      await store.applyChange({ records: [{ id: fiesta.id, record: feedRecord({ ...fiesta, price: 9495 }) }], mode: "upsert" }, NOW, async (applied) => {
        update = await pushStockChange(store, indexer, applied);
      });
      expect(update).toEqual({ kind: "sent", upserted: 1, removed: 0 });
      expect(await total()).toBe(KNOWN_VEHICLES.length);
    });

    it("reads what changed after a version, without the removal of a vehicle listed again", async () => {
      await store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      await indexer.fullSync(() => store.scan());
      const before = await store.stockVersion();

      const kept = knownStockChange().filter(({ id }) => id !== "scania-r450-2017" && id !== "sprinter-2021");
      await store.applyChange({ records: kept, mode: "replace" }, NOW);
      const sprinter = knownStockChange().find(({ id }) => id === "sprinter-2021")!;
      await store.applyChange({ records: [sprinter], mode: "upsert" }, NOW);
      expect(await store.stockVersion()).toBe(before + 2);

      const changes = await store.changesAfter(before);
      const upserts: VehicleRecord[] = [];
      for await (const record of changes.upserts) upserts.push(record);
      expect(changes.removedIds).toEqual(["scania-r450-2017"]);
      expect(upserts.map((record) => record._id)).toEqual(["sprinter-2021"]);
      expect(upserts[0]).not.toHaveProperty("changeVersion");

      const firstOnly = await store.changesAfter(before, before + 1);
      expect(firstOnly.removedIds).toEqual(["scania-r450-2017"]);

      await indexer.apply(await store.changesAfter(before));
      expect(await total()).toBe(KNOWN_VEHICLES.length - 1);
    });
  });
}
