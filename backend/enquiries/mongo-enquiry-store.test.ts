import { randomBytes } from "node:crypto";
import { suiteServers } from "../../tests/support/suite-servers";
import { describeEnquiryStoreContract } from "./enquiry-store-contract";
import { MongoEnquiryStore } from "./mongo-enquiry-store";

/**
 * The enquiry store contract against a real MongoDB (see tests/support/suite-servers.ts).
 * Its idempotency index is a partial one, which some MongoDB-compatible servers lack.
 */
const servers = await suiteServers("the MongoDB enquiry store contract", ["mongo"], { mongoNeeds: ["partialIndexes"] });

if (servers) {
  const { client } = servers.mongo;
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
