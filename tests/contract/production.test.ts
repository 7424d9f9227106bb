import { randomBytes } from "node:crypto";
import { afterAll, describe, it } from "vitest";
import { MongoClient } from "mongodb";
import { meiliClient } from "../../backend/engines";
import { createLogger } from "../../backend/logger";
import { MeiliIndexer } from "../../backend/search/meili-indexer";
import { MeiliSearchEngine } from "../../backend/search/meili-search";
import { MongoVehicleStore } from "../../backend/store/mongo-vehicle-store";
import { describeStockContract } from "./stock-contract";

/**
 * The same contract suite as the embedded engines, against real MongoDB and Meilisearch:
 * the servers named by MONGODB_URL and MEILI_URL (with MEILI_ADMIN_KEY), or containers
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
  const { MONGODB_URL, MEILI_URL, MEILI_ADMIN_KEY } = process.env;
  if (MONGODB_URL && MEILI_URL) return { mongoUrl: MONGODB_URL, meiliUrl: MEILI_URL, meiliKey: MEILI_ADMIN_KEY, stop: async () => {} };
  const { getContainerRuntimeClient, GenericContainer, Wait } = await import("testcontainers");
  try {
    await getContainerRuntimeClient();
  } catch (error) {
    return {
      skipReason: `MONGODB_URL and MEILI_URL are not set and there is no Docker engine for testcontainers (${(error as Error).message.split("\n")[0]})`,
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
}
