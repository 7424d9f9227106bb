import { randomBytes } from "node:crypto";
import { suiteServers } from "../../tests/support/suite-servers";
import { describeApplicationStoreContract } from "./application-store-contract";
import { MongoApplicationStore } from "./mongo-application-store";

/**
 * The application store contract against a real MongoDB (see tests/support/suite-servers.ts).
 * Its idempotency index is a partial one, which some MongoDB-compatible servers lack.
 */
const servers = await suiteServers("the MongoDB application store contract", ["mongo"], { mongoNeeds: ["partialIndexes"] });

if (servers) {
  const { client } = servers.mongo;
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
