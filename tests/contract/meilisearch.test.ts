import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MeilisearchApiError } from "meilisearch";
import { generateDemoStock } from "../../backend/demo-stock/generate-demo-stock";
import { meiliClient } from "../../backend/search/meili-adapter";
import { EngineNeedsSetUpError } from "../../backend/engine-health";
import { SearchIndexNeedsFullSyncError } from "../../backend/search/search-engine";
import { MeiliSearchEngine } from "../../backend/search/meili-search";
import type { SearchQuery } from "../../backend/search/search-engine";
import { FileVehicleStore } from "../../backend/store/file-vehicle-store";
import { pushStockChange, type SearchUpdate } from "../../backend/stock/search-sync";
import { startFailingGateway } from "../support/failing-gateway";
import { KNOWN_VEHICLES, knownStockChange, knownVehicleRepriced } from "../support/known-vehicles";
import { pausingHalfway } from "../support/pausing-scan";
import { openMeiliSandbox, sandboxName, type MeiliSandbox } from "../support/sandboxes";
import { suiteServers } from "../support/suite-servers";
import { describeStockContract } from "./stock-contract";
import { versionIndexUid } from "../../backend/search/meili-index-version";
import { Catalogue } from "../../backend/catalogue";
import { createLogger } from "../../backend/logger";
import { RECORD_ATTRIBUTE, SpellingBook, toMeiliDocument } from "../../backend/search/meili-documents";
import { capturedLogger } from "../support/captured-logger";

/**
 * The Meilisearch half of the production suite: the search engine and the indexer against a
 * real Meilisearch, with the embedded file store as the store of record, so that it runs
 * wherever a Meilisearch can, with or without MongoDB. The site's side searches with a key
 * made the way stock:setup makes the site's.
 */
const servers = await suiteServers("the Meilisearch half of the production suite", ["meili"]);

if (servers) {
  const { meili: server } = servers;

  describeStockContract("embedded file store and Meilisearch", async (places) => {
    const directory = await mkdtemp(path.join(tmpdir(), "meili-contract-"));
    const store = await FileVehicleStore.open(directory);
    const sandbox = await openMeiliSandbox(server, sandboxName("contract"), undefined, places);
    return {
      store,
      search: sandbox.search,
      rebuild: async (scan) => {
        await sandbox.indexer.fullSync(scan);
      },
      openSecondStore: () => FileVehicleStore.open(directory),
      async dispose() {
        await store.close();
        await sandbox.dispose();
        await rm(directory, { recursive: true, force: true });
      },
    };
  });

  describe("Meilisearch: the indexer and the site's key", () => {
    const NOW = new Date("2026-11-20T12:00:00.000Z");
    const everything: SearchQuery = { filters: {}, sort: "relevance", page: 1, pageSize: 100, facets: ["make"] };
    let directory: string;
    let store: FileVehicleStore;
    let sandbox: MeiliSandbox;
    beforeEach(async () => {
      directory = await mkdtemp(path.join(tmpdir(), "meili-indexer-"));
      store = await FileVehicleStore.open(directory);
      sandbox = await openMeiliSandbox(server, sandboxName("indexer"));
    });
    afterEach(async () => {
      await store.close();
      await sandbox.dispose();
      await rm(directory, { recursive: true, force: true });
    });

    it("sends nothing to an index that is missing or out of date, but asks for a full sync", async () => {
      await store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      expect(await sandbox.indexer.needsFullSync()).toBe(true);
      await expect(sandbox.indexer.apply({ upserts: [], removedIds: ["fiesta-2019"] })).rejects.toBeInstanceOf(
        SearchIndexNeedsFullSyncError,
      );
      // Refused before sending: the index was not created without its settings.
      await expect(sandbox.admin.getIndex(sandbox.name)).rejects.toThrow();

      await sandbox.indexer.fullSync(() => store.scan());
      expect(await sandbox.indexer.needsFullSync()).toBe(false);

      await sandbox.admin
        .index(sandbox.name)
        .updateSettings({ filterableAttributes: ["type"] })
        .waitTask();
      expect(await sandbox.indexer.needsFullSync()).toBe(true);
      await expect(sandbox.indexer.apply({ upserts: [], removedIds: ["fiesta-2019"] })).rejects.toBeInstanceOf(
        SearchIndexNeedsFullSyncError,
      );
    });

    it("has an import rebuild a missing index, and send its changes to one that is up to date", async () => {
      let update: SearchUpdate | undefined;
      await store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW, async (applied) => {
        update = await pushStockChange(store, sandbox.indexer, applied);
      });
      expect(update).toEqual({ kind: "rebuilt", documents: KNOWN_VEHICLES.length });

      await store.applyChange(
        { records: knownVehicleRepriced("fiesta-2019", 9495), mode: "replace", maxRemovals: 20 },
        NOW,
        async (applied) => {
          update = await pushStockChange(store, sandbox.indexer, applied);
        },
      );
      expect(update).toEqual({ kind: "sent", upserted: 1, removed: KNOWN_VEHICLES.length - 1 });
      const { total, ids } = await sandbox.search.search({ ...everything, filters: { price: { max: 9495 } } });
      expect({ total, ids }).toEqual({ total: 1, ids: ["fiesta-2019"] });
    });

    it("takes a vehicle hidden by an import's change out of the index, and puts it back when shown", async () => {
      const push = (hidden: boolean) =>
        store.applyChange(
          { records: knownVehicleRepriced("fiesta-2019", 10000), mode: "upsert", hide: new Map([["fiesta-2019", hidden]]) },
          NOW,
          async (applied) => {
            await pushStockChange(store, sandbox.indexer, applied);
          },
        );
      await store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      await sandbox.indexer.fullSync(() => store.scan());
      await push(true);
      const hidden = await sandbox.search.search(everything);
      expect(hidden.total).toBe(KNOWN_VEHICLES.length - 1);
      expect(hidden.ids).not.toContain("fiesta-2019");
      await push(false);
      expect((await sandbox.search.search(everything)).ids).toContain("fiesta-2019");
    });

    it("fills a new index beside the live one, which alone answers until the swap", async () => {
      await store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      await sandbox.indexer.fullSync(() => store.scan());
      const before = await sandbox.search.search(everything);

      const fresh = pausingHalfway([...generateDemoStock({ count: 300, seed: 3, referenceDate: NOW })]);
      const building = sandbox.indexer.fullSync(fresh.scan);
      const documentsBeingBuilt: number[] = [];
      while (await fresh.nextPause(building)) {
        const { results } = await sandbox.admin.getIndexes({ limit: 1000 });
        const build = results.find(({ uid }) => uid.startsWith(`${sandbox.name}_build_`))!;
        documentsBeingBuilt.push((await build.getStats()).numberOfDocuments);
        expect(await sandbox.search.search(everything)).toEqual(before);
        fresh.resume();
      }
      expect(await building).toBe(300);
      // The first pass reads spellings; the second has sent the first half, in batches of 50.
      expect(documentsBeingBuilt).toEqual([0, 150]);
      expect((await sandbox.search.search(everything)).total).toBe(300);
      // The build is gone; the live index is there, and the version the swap gave it.
      expect(
        (await sandbox.admin.getIndexes({ limit: 1000 })).results.map(({ uid }) => uid).filter((uid) => uid.startsWith(sandbox.name)),
      ).toEqual([sandbox.name, versionIndexUid(sandbox.name)]);
    });

    it("answers a search asked again as the index stands after each change", async () => {
      await store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      await sandbox.indexer.fullSync(() => store.scan());
      const cheapFords = { ...everything, filters: { make: "Ford", price: { max: 9495 } } };
      const before = await sandbox.search.search(cheapFords);
      expect(before.ids).not.toContain("fiesta-2019");
      expect(await sandbox.search.search(cheapFords)).toEqual(before);

      await store.applyChange({ records: knownVehicleRepriced("fiesta-2019", 9495), mode: "upsert" }, NOW, async (applied) => {
        await pushStockChange(store, sandbox.indexer, applied);
      });
      expect((await sandbox.search.search(cheapFords)).ids).toContain("fiesta-2019");
      // The change's record went with it: its page of results shows the new price without the store.
      const catalogue = new Catalogue(store, sandbox.search, createLogger("silent"));
      const { vehicles } = await catalogue.search("car", { filters: cheapFords.filters, sort: "price_asc", page: 1, pageSize: 10 });
      expect(vehicles.find(({ _id }) => _id === "fiesta-2019")).toEqual(await store.get("fiesta-2019"));

      // Repriced back in the store alone, then a full sync swaps a fresh index in.
      await store.applyChange({ records: knownVehicleRepriced("fiesta-2019", 10_000), mode: "upsert" }, NOW);
      await sandbox.indexer.fullSync(() => store.scan());
      expect((await sandbox.search.search(cheapFords)).ids).not.toContain("fiesta-2019");
    });

    it("searches alike with a key made before the version index, keeping no answers", async () => {
      await store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      await sandbox.indexer.fullSync(() => store.scan());
      const olderKey = await sandbox.admin.createKey({ actions: ["search"], indexes: [sandbox.name], expiresAt: null });
      try {
        const withOlderKey = new MeiliSearchEngine(meiliClient(server.url, olderKey.key), sandbox.name);
        const fords = { ...everything, filters: { make: "Ford" } };
        expect(await withOlderKey.search(fords)).toEqual(await sandbox.search.search(fords));
        expect(await withOlderKey.search(fords)).toEqual(await sandbox.search.search(fords));
      } finally {
        await sandbox.admin.deleteKey(olderKey.uid);
      }
    });

    it("refuses every search as needing set-up while the index lacks a setting this version asks for, until a full sync", async () => {
      await store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      await sandbox.indexer.fullSync(() => store.scan());
      await sandbox.makeIndexAsBeforeRecentlyReduced();
      const screen: SearchQuery = { ...everything, facets: ["make", "reduced"] };
      await expect(sandbox.search.search(screen)).rejects.toBeInstanceOf(EngineNeedsSetUpError);
      // A search the old index could answer is refused too, so the site does not report search down and back by turns.
      await expect(sandbox.search.search(everything)).rejects.toBeInstanceOf(EngineNeedsSetUpError);

      await sandbox.indexer.fullSync(() => store.scan());
      expect((await sandbox.search.search(screen)).total).toBe(KNOWN_VEHICLES.length);
    });

    it("reads an index built before documents held their records: pages from the store, said once, until a full sync", async () => {
      await store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      await sandbox.indexer.fullSync(() => store.scan());
      // As an earlier version left it: every attribute shown, and documents without their records.
      const index = sandbox.admin.index(sandbox.name);
      await index.updateDisplayedAttributes(["*"]).waitTask();
      const spellings = await SpellingBook.fromStock(store.scan());
      const documents: Record<string, unknown>[] = [];
      for await (const record of store.scan()) {
        const { [RECORD_ATTRIBUTE]: _record, ...document } = toMeiliDocument(record, spellings);
        documents.push(document);
      }
      await index.addDocuments(documents).waitTask();

      expect((await sandbox.search.search({ ...everything, records: true })).records).toBeUndefined();
      const logs = capturedLogger();
      const catalogue = new Catalogue(store, sandbox.search, logs.logger);
      const request = { filters: {}, sort: "price_asc", page: 1, pageSize: 100 } as const;
      for (let asked = 0; asked < 2; asked++) {
        const { vehicles, total } = await catalogue.search("car", request);
        expect(vehicles).toHaveLength(total);
        expect(vehicles).toEqual(await store.getMany(vehicles.map(({ _id }) => _id)));
      }
      expect(logs.text().match(/without their records/g)).toHaveLength(1);
      expect(await sandbox.indexer.liveIndexProblem()).toContain("displayedAttributes");
      await expect(sandbox.indexer.apply({ upserts: [], removedIds: ["fiesta-2019"] })).rejects.toBeInstanceOf(
        SearchIndexNeedsFullSyncError,
      );

      await sandbox.indexer.fullSync(() => store.scan());
      expect((await sandbox.search.search({ ...everything, records: true })).records).toBeDefined();
    });

    it("gives the site's key searches of its own index and nothing else", async () => {
      await store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      await sandbox.indexer.fullSync(() => store.scan());
      expect((await sandbox.search.search(everything)).total).toBe(KNOWN_VEHICLES.length);

      const other = await openMeiliSandbox(server, sandboxName("other"));
      try {
        await other.indexer.fullSync(() => store.scan());
        const asSite = meiliClient(server.url, sandbox.searchKey);
        const forbidden = { response: { status: 403 } };
        await expect(new MeiliSearchEngine(asSite, other.name).search(everything)).rejects.toMatchObject(forbidden);
        await expect(asSite.index(sandbox.name).addDocuments([{ id: "x", type: "car" }])).rejects.toMatchObject(forbidden);
        await expect(asSite.index(sandbox.name).deleteAllDocuments()).rejects.toBeInstanceOf(MeilisearchApiError);
      } finally {
        await other.dispose();
      }
    });

    it("returns no page past maxTotalHits though its total counts every match, so the setting must exceed any stock", async () => {
      await store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      await sandbox.indexer.fullSync(() => store.scan());
      await sandbox.admin.index(sandbox.name).updatePagination({ maxTotalHits: 10 }).waitTask();
      const secondPage = await sandbox.search.search({ ...everything, sort: "price_asc", page: 2, pageSize: 10 });
      expect(secondPage).toMatchObject({ total: KNOWN_VEHICLES.length, ids: [] });
    });

    it("tries a search again when a proxy in front of Meilisearch answers with its HTML 502 page", async () => {
      await store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      await sandbox.indexer.fullSync(() => store.scan());
      const gateway = await startFailingGateway({ failures: 1, target: server.url });
      try {
        const throughProxy = new MeiliSearchEngine(meiliClient(gateway.url, sandbox.searchKey), sandbox.name);
        expect((await throughProxy.search(everything)).total).toBe(KNOWN_VEHICLES.length);
        expect(gateway.requests()).toBe(2);
      } finally {
        await gateway.close();
      }
    });
  });
}
