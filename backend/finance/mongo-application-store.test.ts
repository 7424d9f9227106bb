import { randomBytes } from "node:crypto";
import { afterAll } from "vitest";
import { MongoClient } from "mongodb";
import { describeUnavailable, mongoForTests } from "../../tests/support/test-servers";
import { describeApplicationStoreContract } from "./application-store-contract";
import { MongoApplicationStore } from "./mongo-application-store";

/** The application store contract against a real MongoDB (see tests/support/test-servers.ts). */
const server = await mongoForTests();

if ("skipReason" in server) {
  describeUnavailable("the MongoDB application store contract", server.skipReason);
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
