import { randomBytes } from "node:crypto";
import { suiteServers } from "../../tests/support/suite-servers";
import { describeContentStoreContract } from "../../tests/contract/content-store-contract";
import { MongoContentStore } from "./mongo-content-store";

/** The content store contract against a real MongoDB (see tests/support/suite-servers.ts). */
const servers = await suiteServers("the MongoDB content store contract", ["mongo"]);

if (servers) {
  const { client, features } = servers.mongo;
  describeContentStoreContract(
    "MongoDB content collections",
    async () => {
      const db = client.db(`content_${randomBytes(6).toString("hex")}`);
      const store = await MongoContentStore.open(db);
      return {
        store,
        reopen: () => MongoContentStore.open(db),
        async dispose() {
          await store.close();
          await db.dropDatabase();
        },
      };
    },
    { atomicUpdates: features.atomicUpdates },
  );
}
