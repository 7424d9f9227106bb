import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { financeApplicationSchema } from "../../domain/finance-application";
import { validApplication } from "../../tests/support/finance-applications";
import { suiteServers } from "../../tests/support/suite-servers";
import { referenceOfId } from "./lead-reference";
import { describeLeadStoreContract } from "../../tests/contract/lead-store-contract";
import { MongoLeadStore } from "./mongo-lead-store";

/** The lead store contract against a real MongoDB (see tests/support/suite-servers.ts). */
const servers = await suiteServers("the MongoDB lead store contract", ["mongo"]);

if (servers) {
  const { client, features } = servers.mongo;
  const freshDb = () => client.db(`leads_${randomBytes(6).toString("hex")}`);

  describeLeadStoreContract(
    "MongoDB leads",
    async () => {
      const db = freshDb();
      const store = await MongoLeadStore.open(db);
      return {
        store,
        reopen: () => MongoLeadStore.open(db),
        async dispose() {
          await store.close();
          await db.dropDatabase();
        },
      };
    },
    { atomicUpdates: features.atomicUpdates },
  );

  describe("leads stored by the version before the family was one", () => {
    it("are moved in from their collections with their ids, times, keys and forwarding state", async () => {
      const db = freshDb();
      const application = financeApplicationSchema.parse(validApplication());
      // Exactly as MongoApplicationStore and MongoEnquiryStore wrote them.
      await db.collection("finance_applications").insertOne({
        _id: "finance-1" as never,
        receivedAt: new Date("2026-11-01T10:00:00.000Z"),
        submissionKey: "digest-1",
        application,
        forwardAttempts: 1,
        forwardedAt: new Date("2026-11-01T10:01:00.000Z"),
      });
      await db
        .collection("feedback")
        .insertOne({ _id: "feedback-1" as never, receivedAt: new Date("2026-10-01T09:00:00.000Z"), enquiry: { message: "Great" } });
      try {
        const store = await MongoLeadStore.open(db);
        expect(await store.get("finance-1")).toMatchObject({
          kind: "finance-application",
          reference: referenceOfId("finance-1"),
          data: application,
          forwardAttempts: 1,
          forwardedAt: new Date("2026-11-01T10:01:00.000Z"),
        });
        expect(await store.get("feedback-1")).toMatchObject({ kind: "feedback", data: { message: "Great" } });
        expect(await db.collection("finance_applications").countDocuments()).toBe(0);
        expect(
          await store.add({ kind: "finance-application", receivedAt: new Date(), data: {}, key: "digest-1", forwarded: true }),
        ).toMatchObject({ id: "finance-1", created: false });
        // A second instance opening meanwhile finds nothing left to move, and nothing doubled.
        await MongoLeadStore.open(db);
        expect(await db.collection("leads").countDocuments()).toBe(2);
      } finally {
        await db.dropDatabase();
      }
    });
  });
}
