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
import { describeStockContract } from "./stock-contract";

/**
 * The same contract suite as the embedded engines, against real MongoDB and Meilisearch,
 * and then what only that pair does (keeping the index in step). The servers are those
 * named by TEST_MONGODB_URL and TEST_MEILI_URL (with TEST_MEILI_ADMIN_KEY), never the
 * site's own settings, as the suite creates and drops databases and indexes; or containers
 * started through testcontainers where a Docker engine runs. With neither, it says so and
 * counts as skipped, never as passed: nothing here is ever a mock of a server.
 */

const MEILI_IMAGE = "getmeili/meilisearch:v1.18.0";
const MONGO_IMAGE = "mongo:8.0";

interface Servers {
  mongoUrl: string;
  meiliUrl: string;
  meiliKey?: string;
  stop(): Promise<void>;
}

async function productionServers(): Promise<Servers | { skipReason: string }> {
  const { TEST_MONGODB_URL, TEST_MEILI_URL, TEST_MEILI_ADMIN_KEY } = process.env;
  if (TEST_MONGODB_URL && TEST_MEILI_URL) {
    return { mongoUrl: TEST_MONGODB_URL, meiliUrl: TEST_MEILI_URL, meiliKey: TEST_MEILI_ADMIN_KEY, stop: async () => {} };
  }
  const { getContainerRuntimeClient, GenericContainer, Wait } = await import("testcontainers");
  try {
    await getContainerRuntimeClient();
  } catch (error) {
    return {
      skipReason:
        "TEST_MONGODB_URL and TEST_MEILI_URL are not set (the suite creates and drops databases and indexes, so it never " +
        "uses MONGODB_URL or MEILI_URL) and there is no Docker engine for testcontainers " +
        `(${(error as Error).message.split("\n")[0]})`,
    };
  }
  const { MongoDBContainer } = await import("@testcontainers/mongodb");
  const masterKey = randomBytes(16).toString("hex");
  const [mongo, meili] = await Promise.all([
    new MongoDBContainer(MONGO_IMAGE).start(),
    new GenericContainer(MEILI_IMAGE)
      .withEnvironment({ MEILI_MASTER_KEY: masterKey, MEILI_NO_ANALYTICS: "true" })
      .withExposedPorts(7700)
      .withWaitStrategy(Wait.forHttp("/health", 7700))
      .start(),
  ]);
  return {
    mongoUrl: `${mongo.getConnectionString()}?directConnection=true`,
    meiliUrl: `http://${meili.getHost()}:${meili.getMappedPort(7700)}`,
    meiliKey: masterKey,
    async stop() {
      await Promise.all([mongo.stop(), meili.stop()]);
    },
  };
}

const servers = await productionServers();

if ("skipReason" in servers) {
  process.stderr.write(`Skipped the MongoDB + Meilisearch contract suite: ${servers.skipReason}.\n`);
  describe("stock contract: MongoDB store and Meilisearch", () => {
    it("runs against real MongoDB and Meilisearch servers", (context) => {
      context.skip(servers.skipReason);
    });
  });
} else {
  const client = new MongoClient(servers.mongoUrl);
  await client.connect();
  afterAll(async () => {
    await client.close();
    await servers.stop();
  });

  describeStockContract("MongoDB store and Meilisearch", async () => {
    const name = `contract_${randomBytes(6).toString("hex")}`;
    const db = client.db(name);
    const meili = meiliClient(servers.meiliUrl, servers.meiliKey);
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
      meili = meiliClient(servers.meiliUrl, servers.meiliKey);
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
