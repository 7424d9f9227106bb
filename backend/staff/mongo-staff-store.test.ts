import { randomBytes } from "node:crypto";
import { suiteServers } from "../../tests/support/suite-servers";
import { MongoStaffStore } from "./mongo-staff-store";
import { describeStaffStoreContract } from "../../tests/contract/staff-store-contract";

/** The staff store contract against a real MongoDB (see tests/support/suite-servers.ts). */
const servers = await suiteServers("the MongoDB staff store contract", ["mongo"]);

if (servers) {
  const { client, features } = servers.mongo;

  describeStaffStoreContract(
    "MongoDB staff collections",
    async () => {
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
    },
    { atomicUpdates: features.atomicUpdates },
  );
}
