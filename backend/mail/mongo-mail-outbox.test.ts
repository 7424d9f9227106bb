import { randomBytes } from "node:crypto";
import { describeMailOutboxContract } from "../../tests/contract/mail-outbox-contract";
import { suiteServers } from "../../tests/support/suite-servers";
import { MongoMailOutbox } from "./mongo-mail-outbox";

/** The mail outbox contract against a real MongoDB (see tests/support/suite-servers.ts). */
const servers = await suiteServers("the MongoDB mail outbox contract", ["mongo"]);

if (servers) {
  const { client, features } = servers.mongo;
  describeMailOutboxContract(
    "MongoDB mail",
    async () => {
      const db = client.db(`mail_${randomBytes(6).toString("hex")}`);
      const outbox = await MongoMailOutbox.open(db);
      return {
        outbox,
        reopen: () => MongoMailOutbox.open(db),
        async dispose() {
          await outbox.close();
          await db.dropDatabase();
        },
      };
    },
    { atomicUpdates: features.atomicUpdates },
  );
}
