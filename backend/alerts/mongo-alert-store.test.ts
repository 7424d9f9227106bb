import { randomBytes } from "node:crypto";
import { describeAlertStoreContract } from "../../tests/contract/alert-store-contract";
import { suiteServers } from "../../tests/support/suite-servers";
import { MongoAlertStore } from "./mongo-alert-store";

/** The alert store contract against a real MongoDB (see tests/support/suite-servers.ts). */
const servers = await suiteServers("the MongoDB alert store contract", ["mongo"]);

if (servers) {
  const { client, features } = servers.mongo;
  describeAlertStoreContract(
    "MongoDB alerts",
    async () => {
      const db = client.db(`alerts_${randomBytes(6).toString("hex")}`);
      const store = await MongoAlertStore.open(db);
      return {
        store,
        reopen: () => MongoAlertStore.open(db),
        async dispose() {
          await store.close();
          await db.dropDatabase();
        },
      };
    },
    { atomicUpdates: features.atomicUpdates },
  );
}
