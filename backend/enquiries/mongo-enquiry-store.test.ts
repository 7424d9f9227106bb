import { randomBytes } from "node:crypto";
import { afterAll } from "vitest";
import { MongoClient } from "mongodb";
import { describeUnavailable, mongoForTests } from "../../tests/support/test-servers";
import { describeEnquiryStoreContract } from "./enquiry-store-contract";
import { MongoEnquiryStore } from "./mongo-enquiry-store";

/** The enquiry store contract against a real MongoDB (see tests/support/test-servers.ts). */
const server = await mongoForTests();

if ("skipReason" in server) {
  describeUnavailable("the MongoDB enquiry store contract", server.skipReason);
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
