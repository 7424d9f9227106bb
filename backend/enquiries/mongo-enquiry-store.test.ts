import { randomBytes } from "node:crypto";
import { afterAll, describe, it } from "vitest";
import { MongoClient } from "mongodb";
import { describeEnquiryStoreContract } from "./enquiry-store-contract";
import { MongoEnquiryStore } from "./mongo-enquiry-store";

/**
 * The enquiry store contract against a real MongoDB: the server named by TEST_MONGODB_URL
 * (or MONGODB_URL), or a container started through testcontainers where a Docker engine
 * runs. With neither it says so and counts as skipped; it never runs against a mock.
 */

const MONGO_IMAGE = "mongo:8.0";

async function mongoServer(): Promise<{ url: string; stop(): Promise<void> } | { skipReason: string }> {
  const given = process.env.TEST_MONGODB_URL ?? process.env.MONGODB_URL;
  if (given) return { url: given, stop: async () => {} };
  const { getContainerRuntimeClient } = await import("testcontainers");
  try {
    await getContainerRuntimeClient();
  } catch (error) {
    return { skipReason: `TEST_MONGODB_URL is not set and there is no Docker engine for testcontainers (${(error as Error).message.split("\n")[0]})` };
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
  process.stderr.write(`Skipped the MongoDB enquiry store contract: ${server.skipReason}.\n`);
  describe("enquiry store contract: MongoDB", () => {
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

  describeEnquiryStoreContract("MongoDB collections", async (options) => {
    const db = client.db(`enquiries_${randomBytes(6).toString("hex")}`);
    const store = await MongoEnquiryStore.open<{ message: string }>(db, "feedback", options);
    return {
      store,
      reopen: () => MongoEnquiryStore.open(db, "feedback", options),
      async dispose() {
        await store.close();
        await db.dropDatabase();
      },
    };
  });
}
