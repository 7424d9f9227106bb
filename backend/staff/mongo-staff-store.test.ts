import { randomBytes } from "node:crypto";
import { afterAll } from "vitest";
import { MongoClient } from "mongodb";
import { describeUnavailable, mongoForTests } from "../../tests/support/test-servers";
import { MongoStaffStore } from "./mongo-staff-store";
import { describeStaffStoreContract } from "./staff-store-contract";

/** The staff store contract against a real MongoDB (see tests/support/test-servers.ts). */
const server = await mongoForTests();

if ("skipReason" in server) {
  describeUnavailable("the MongoDB staff store contract", server.skipReason);
} else {
  const client = new MongoClient(server.url);
  await client.connect();
  afterAll(async () => {
    await client.close();
    await server.stop();
  });

  describeStaffStoreContract("MongoDB staff collections", async () => {
    const db = client.db(`staff_${randomBytes(6).toString("hex")}`);
    const store = await MongoStaffStore.open(db);
    return {
      store,
      reopen: () => MongoStaffStore.open(db),
      async dispose() {
        await store.close();
        await db.dropDatabase();
      },
    };
  });
}
