import { randomBytes } from "node:crypto";
import { afterAll, describe, it } from "vitest";
import { MongoClient } from "mongodb";
import { describeApplicationStoreContract } from "./application-store-contract";
import { MongoApplicationStore } from "./mongo-application-store";

/**
 * The application store contract against a real MongoDB: the server named by MONGODB_URL,
 * or a container started through testcontainers where a Docker engine runs. With neither it
 * says so and counts as skipped; it never runs against a mock.
 */

const MONGO_IMAGE = "mongo:8.0";

async function mongoServer(): Promise<{ url: string; stop(): Promise<void> } | { skipReason: string }> {
  if (process.env.MONGODB_URL) return { url: process.env.MONGODB_URL, stop: async () => {} };
  const { getContainerRuntimeClient } = await import("testcontainers");
  try {
    await getContainerRuntimeClient();
  } catch (error) {
    return { skipReason: `MONGODB_URL is not set and there is no Docker engine for testcontainers (${(error as Error).message.split("\n")[0]})` };
  }
  const { MongoDBContainer } = await import("@testcontainers/mongodb");
  const container = await new MongoDBContainer(MONGO_IMAGE).start();
  return {
    url: `${container.getConnectionString()}?directConnection=true`,
    async stop() {
      await container.stop();
    },
  };
}

const server = await mongoServer();

if ("skipReason" in server) {
  process.stderr.write(`Skipped the MongoDB application store contract: ${server.skipReason}.\n`);
  describe("application store contract: MongoDB", () => {
    it("runs against a real MongoDB server", (context) => {
      context.skip(server.skipReason);
    });
  });
} else {
  const client = new MongoClient(server.url);
  await client.connect();
  afterAll(async () => {
    await client.close();
    await server.stop();
  });

  describeApplicationStoreContract("MongoDB finance_applications", async () => {
    const db = client.db(`applications_${randomBytes(6).toString("hex")}`);
    const store = await MongoApplicationStore.open(db);
    return {
      store,
      reopen: () => MongoApplicationStore.open(db),
      async dispose() {
        await store.close();
        await db.dropDatabase();
      },
    };
  });
}
