import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { VehicleRecord } from "../../domain/vehicle";
import { EmbeddedSearch } from "../../backend/search/embedded-search";
import { COLLECTIONS } from "../../backend/store/mongo-vehicle-store";
import { StockLeaseLostError } from "../../backend/store/stock-lease";
import { StockBusyError } from "../../backend/store/vehicle-store";
import { knownStockChange, knownStockWithout, knownVehicleRepriced } from "../support/known-vehicles";
import { openMongoSandbox, sandboxName, type MongoSandbox } from "../support/sandboxes";
import { suiteServers } from "../support/suite-servers";
import { describeStockContract } from "./stock-contract";

/**
 * The MongoDB half of the production suite: the store of record against a real
 * MongoDB-protocol server, with the embedded index as its search engine, so that it runs
 * wherever such a server can, with or without Meilisearch.
 */
const servers = await suiteServers("the MongoDB half of the production suite", ["mongo"]);

if (servers) {
  const { client } = servers.mongo;
  const NOW = new Date("2026-11-20T12:00:00.000Z");
  const DAY_MS = 24 * 60 * 60_000;

  describeStockContract("MongoDB store and the embedded index", async (places) => {
    const sandbox = await openMongoSandbox(client, sandboxName("contract"));
    const search = new EmbeddedSearch(places);
    return {
      store: sandbox.store,
      search,
      rebuild: (scan) =>
        search.rebuild({ scan, getMany: (ids) => sandbox.store.getMany(ids), getManyJson: (ids) => sandbox.store.getManyJson(ids) }),
      openSecondStore: () => sandbox.openStore(),
      async dispose() {
        await search.close();
        await sandbox.dispose();
      },
    };
  });

  describe("MongoDB store: change versions and removal notes", () => {
    let sandbox: MongoSandbox;
    beforeEach(async () => {
      sandbox = await openMongoSandbox(client, sandboxName("versions"));
    });
    afterEach(async () => {
      await sandbox.dispose();
    });

    const sellScania = () => sandbox.store.applyChange({ records: knownStockWithout("scania-r450-2017"), mode: "replace" }, NOW);
    const repriceFiesta = (price: number) =>
      sandbox.store.applyChange({ records: knownVehicleRepriced("fiesta-2019", price), mode: "upsert" }, NOW);

    it("reads what changed after a version, without the removal of a vehicle listed again", async () => {
      await sandbox.store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      const before = await sandbox.store.stockVersion();

      await sandbox.store.applyChange({ records: knownStockWithout("scania-r450-2017", "sprinter-2021"), mode: "replace" }, NOW);
      const sprinter = knownStockChange().find(({ id }) => id === "sprinter-2021")!;
      await sandbox.store.applyChange({ records: [sprinter], mode: "upsert" }, NOW);
      expect(await sandbox.store.stockVersion()).toBe(before + 2);

      const changes = await sandbox.store.changesAfter(before);
      const upserts: VehicleRecord[] = [];
      for await (const record of changes.upserts) upserts.push(record);
      expect(changes.removedIds).toEqual(["scania-r450-2017"]);
      expect(upserts.map((record) => record._id)).toEqual(["sprinter-2021"]);
      expect(upserts[0]).not.toHaveProperty("changeVersion");
      expect((await sandbox.store.changesAfter(before, before + 1)).removedIds).toEqual(["scania-r450-2017"]);
    });

    it("prunes removal notes after 30 days, recording up to which version it did", async () => {
      await sandbox.store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      await sellScania();
      const soldAt = await sandbox.store.stockVersion();
      const notes = sandbox.db.collection(COLLECTIONS.removals);
      expect(await notes.countDocuments()).toBe(1);

      // A month passes (the notes are dated by the server's clock), then another change.
      await notes.updateMany({}, { $set: { removedAt: new Date(Date.now() - 31 * DAY_MS) } });
      await repriceFiesta(9495);
      expect(await notes.countDocuments()).toBe(0);
      expect(await sandbox.store.stockVersions()).toEqual({ version: soldAt + 1, removalsPrunedUpTo: soldAt });
    });

    it("keeps the notes of the last 30 days", async () => {
      await sandbox.store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      await sellScania();
      await sandbox.db.collection(COLLECTIONS.removals).updateMany({}, { $set: { removedAt: new Date(Date.now() - 29 * DAY_MS) } });
      await repriceFiesta(9495);
      expect((await sandbox.store.changesAfter(0)).removedIds).toEqual(["scania-r450-2017"]);
      expect((await sandbox.store.stockVersions()).removalsPrunedUpTo).toBe(0);
    });
  });

  describe("MongoDB store: the stock's lease", () => {
    let sandbox: MongoSandbox;
    beforeEach(async () => {
      sandbox = await openMongoSandbox(client, sandboxName("lease"));
    });
    afterEach(async () => {
      vi.useRealTimers();
      await sandbox.dispose();
    });

    const leases = () => sandbox.db.collection<{ _id: string; owner: string; expiresAt: Date }>(COLLECTIONS.state);
    /** What another process does once the lease has run out: takes it for itself. */
    const takeOver = () =>
      leases().updateOne({ _id: "import-lease" }, { $set: { owner: "other-host:42:abc", expiresAt: new Date(Date.now() + 60_000) } });

    it("counts a lease as held by the server's clock, whatever the client's clock says", async () => {
      const other = await sandbox.openStore();
      let letGo!: () => void;
      const holding = sandbox.store.withLease(() => new Promise<void>((resolve) => (letGo = resolve)));
      await expect.poll(() => leases().countDocuments({ _id: "import-lease" })).toBe(1);

      // A client an hour fast would see the lease as run out by its own clock.
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 60 * 60_000);
      await expect(other.withLease(async () => "taken", { waitMs: 1000 })).rejects.toBeInstanceOf(StockBusyError);
      vi.useRealTimers();

      letGo();
      await holding;
      await expect(other.withLease(async () => "taken", { waitMs: 1000 })).resolves.toBe("taken");
    });

    it("stops work whose lease was taken over at its next confirm, and fails it", async () => {
      const work = sandbox.store.withLease(async (lease) => {
        await lease.confirm();
        await takeOver();
        await expect(lease.confirm()).rejects.toBeInstanceOf(StockLeaseLostError);
        expect(lease.signal.aborted).toBe(true);
        return "finished anyway";
      });
      await expect(work).rejects.toBeInstanceOf(StockLeaseLostError);
      // The new holder keeps its lease.
      expect(await leases().findOne({ _id: "import-lease" })).toMatchObject({ owner: "other-host:42:abc" });
    });

    it("fails work that ended after its lease was taken over, though it never asked", async () => {
      await expect(
        sandbox.store.withLease(async () => {
          await takeOver();
          return "finished";
        }),
      ).rejects.toBeInstanceOf(StockLeaseLostError);
    });

    it("notices a lost lease when renewing it, and aborts the work", async () => {
      const store = await sandbox.openStore({ leaseMs: 900 });
      const work = store.withLease(async (lease) => {
        await takeOver();
        const [event] = await once(lease.signal, "abort", { signal: AbortSignal.timeout(5000) });
        expect((event as Event).type).toBe("abort");
        throw lease.signal.reason;
      });
      await expect(work).rejects.toBeInstanceOf(StockLeaseLostError);
    });

    it("renews the lease while the work runs, so no one else takes it", async () => {
      const store = await sandbox.openStore({ leaseMs: 900 });
      const other = await sandbox.openStore();
      const work = store.withLease(async () => {
        await expect(other.withLease(async () => "taken", { waitMs: 2000 })).rejects.toBeInstanceOf(StockBusyError);
        await sleep(200);
        return "done";
      });
      await expect(work).resolves.toBe("done");
    });
  });
}
