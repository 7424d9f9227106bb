import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { priceOf } from "../domain/vehicle-price";
import { capturedLogger } from "../tests/support/captured-logger";
import { KNOWN_VEHICLES, knownStockChange } from "../tests/support/known-vehicles";
import { MongoNetworkError } from "mongodb";
import { Catalogue } from "./catalogue";
import { ENGINE_DEADLINES_MS, EngineUnavailableError } from "./engine-health";
import { createLogger } from "./logger";
import { EmbeddedSearch } from "./search/embedded-search";
import { BranchPlaces } from "./branches/branch-places";
import { loadDealerNow } from "./dealer-config";
import { dealerBranches } from "../domain/branches";
import { HitRecords } from "./search/hit-records";
import type { SearchEngine } from "./search/search-engine";
import { FileVehicleStore } from "./store/file-vehicle-store";

/** The embedded engine, with rebuilds held back until the test lets them go: a large stock's slow build. */
class HeldBackSearch extends EmbeddedSearch {
  private held: Promise<void> = Promise.resolve();
  release = () => {};

  holdBack(): void {
    this.held = new Promise((resolve) => (this.release = resolve));
  }

  override async rebuild(stock: Parameters<EmbeddedSearch["rebuild"]>[0]): Promise<void> {
    await this.held;
    await super.rebuild(stock);
  }
}

let directory: string;
let store: FileVehicleStore;
let search: HeldBackSearch;
let catalogue: Catalogue;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "catalogue-"));
  store = await FileVehicleStore.open(directory);
  await store.applyChange({ records: knownStockChange(), mode: "upsert" });
  search = new HeldBackSearch();
  catalogue = new Catalogue(store, search, createLogger("silent"));
  await catalogue.start();
});
afterEach(async () => {
  search.release();
  await catalogue.stop();
  await store.close();
  await rm(directory, { recursive: true, force: true });
});

const cheapCars = { filters: { price: { max: 15000 } }, sort: "price_asc", page: 1, pageSize: 100 } as const;

describe("Catalogue", () => {
  it("reads a search's records from the stock its index was built from, until the new index is in", async () => {
    const before = await catalogue.search("car", cheapCars);
    // Half the cars sold, and every price that is left doubled.
    const kept = knownStockChange().filter((_, i) => i % 2 === 0);
    const repriced = kept.map(({ id, record }) => {
      const advert = record.adverts.retailAdverts;
      return {
        id,
        record: { ...record, adverts: { retailAdverts: { ...advert, totalPrice: { amountGBP: advert.totalPrice.amountGBP * 2 } } } },
      };
    });
    search.holdBack();
    await store.applyChange({ records: repriced, mode: "replace" });

    // The store has the new stock; the index being rebuilt from it is not in yet.
    expect(await store.count()).toBe(kept.length);
    const during = await catalogue.search("car", cheapCars);
    expect(during).toEqual(before);
    const duringJson = await catalogue.searchJson("car", cheapCars);
    expect(duringJson.vehiclesJson.map((json) => JSON.parse(json) as unknown)).toEqual(before.vehicles);

    search.release();
    await catalogue.reindex();
    const after = await catalogue.search("car", cheapCars);
    expect(after.vehicles).toHaveLength(after.total);
    expect(after.vehicles.every((vehicle) => priceOf(vehicle) <= 15000)).toBe(true);
    expect(after.total).toBeLessThan(before.total);
  });

  it("keeps its stock version while an index is rebuilt, and raises it once the new index answers", async () => {
    const version = catalogue.stockVersion;
    search.holdBack();
    const rebuilt = catalogue.reindex();
    await Promise.resolve();
    expect(catalogue.stockVersion).toBe(version);
    search.release();
    await rebuilt;
    expect(catalogue.stockVersion).toBeGreaterThan(version);
  });

  it("with an external engine, raises its stock version whenever the store reports a change", async () => {
    const external = new Catalogue(
      store,
      { search: (query) => search.search(query), get: (id) => search.get(id), close: async () => {} },
      createLogger("silent"),
    );
    await external.start();
    try {
      const version = external.stockVersion;
      await store.applyChange({ records: knownStockChange().slice(0, 1), mode: "replace" });
      await expect.poll(() => external.stockVersion, { timeout: 5000 }).toBeGreaterThan(version);
    } finally {
      await external.stop();
    }
  });

  describe("with an engine outside the process, answering with its documents", () => {
    /** Meilisearch as the catalogue sees it: the embedded index's answers, with each hit's record as its document holds it, or none. */
    const documentsEngine = (withRecords: boolean): SearchEngine => ({
      search: async (query) => {
        const { records, ...answer } = await search.search(query);
        if (!withRecords || !query.records) return answer;
        const json = await records!.getManyJson(answer.ids);
        return { ...answer, records: new HitRecords(new Map(answer.ids.map((id, i) => [id, json[i]!]))) };
      },
      get: async (id) => (withRecords ? search.get(id) : undefined),
      close: async () => {},
    });

    it("answers pages of results, similar vehicles and the count of the stock without reading the store", async () => {
      const external = new Catalogue(store, documentsEngine(true), createLogger("silent"));
      const reads = [vi.spyOn(store, "getMany"), vi.spyOn(store, "getManyJson"), vi.spyOn(store, "count")];
      const expected = await catalogue.search("car", cheapCars);
      expect(await external.search("car", cheapCars)).toEqual(expected);
      expect((await external.searchJson("car", cheapCars)).vehiclesJson.map((json) => JSON.parse(json) as unknown)).toEqual(
        expected.vehicles,
      );
      const focus = (await store.get("focus-2021"))!;
      expect(await external.similar(focus)).toEqual(await catalogue.similar(focus));
      expect(await external.forSale()).toBe(KNOWN_VEHICLES.length);
      for (const read of reads) expect(read).not.toHaveBeenCalled();
    });

    it("reads the store while the engine's documents hold no records, and says once what rebuilds them", async () => {
      const logs = capturedLogger();
      const external = new Catalogue(store, documentsEngine(false), logs.logger);
      const expected = await catalogue.search("car", cheapCars);
      expect(await external.search("car", cheapCars)).toEqual(expected);
      expect(await external.search("car", cheapCars)).toEqual(expected);
      const warnings = logs
        .text()
        .split("\n")
        .filter((line) => line.includes("without their records"));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain("npm run stock:sync");
    });
  });

  describe("a vehicle's page while the store cannot answer", () => {
    const fiesta = "fiesta-2019";
    const storeRefuses = () => vi.spyOn(store, "get").mockRejectedValue(new MongoNetworkError("connect ECONNREFUSED 127.0.0.1:27017"));

    it("is drawn from the search engine's copy when the store is stalled past its deadline", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      try {
        const stored = await store.get(fiesta);
        vi.spyOn(store, "get").mockReturnValue(new Promise(() => {}));
        const page = catalogue.get(fiesta);
        await vi.advanceTimersByTimeAsync(ENGINE_DEADLINES_MS.storeRead);
        expect(await page).toEqual(stored);
      } finally {
        vi.useRealTimers();
      }
    });

    it("is drawn from the search engine's copy when the store refuses the connection", async () => {
      const stored = await store.get(fiesta);
      storeRefuses();
      expect(await catalogue.get(fiesta)).toEqual(stored);
    });

    it("is not found when the store answers that the vehicle has gone, though the search engine still holds it", async () => {
      search.holdBack();
      await store.applyChange({ records: knownStockChange().filter(({ id }) => id !== fiesta), mode: "replace" });
      expect(await search.get(fiesta)).toBeDefined();
      expect(await catalogue.get(fiesta)).toBeUndefined();
    });

    it("is the store's outage at once when the in-process index reads its records from that same store", async () => {
      // As on MongoDB: no stock in memory, so the index's records are read live from the store.
      Object.defineProperty(store, "snapshot", { value: undefined });
      const index = new EmbeddedSearch();
      const live = new Catalogue(store, index, createLogger("silent"));
      await live.start();
      try {
        storeRefuses();
        const copies = vi.spyOn(index, "get");
        await expect(live.get(fiesta)).rejects.toMatchObject({ name: "EngineUnavailableError", engine: "store" });
        expect(copies).not.toHaveBeenCalled();
        expect(live.health.state("search").up).toBe(true);
      } finally {
        await live.stop();
      }
    });

    it("is the store's outage when the search engine does not hold the vehicle, or cannot answer either", async () => {
      storeRefuses();
      await expect(catalogue.get("never-stocked")).rejects.toMatchObject({ name: "EngineUnavailableError", engine: "store" });
      vi.spyOn(search, "get").mockRejectedValue(new EngineUnavailableError("search"));
      await expect(catalogue.get(fiesta)).rejects.toMatchObject({ name: "EngineUnavailableError", engine: "store" });
    });
  });

  it("tells liveness what it last counted, asking no engine", async () => {
    const counts = vi.spyOn(store, "count");
    const searches = vi.spyOn(search, "search");
    expect(catalogue.knownStatus()).toMatchObject({ vehicles: KNOWN_VEHICLES.length, rebuilding: false, indexedAt: expect.any(String) });
    expect(counts).not.toHaveBeenCalled();
    expect(searches).not.toHaveBeenCalled();
  });

  it("offers a branch published after it started, its vehicles standing there once the index is built again", async () => {
    const [wigan] = dealerBranches(loadDealerNow("dealer-group.json"));
    const chorley = { ...wigan!, code: "chorley", name: "Chorley", address: { ...wigan!.address, postcode: "PR7 1AA" } };
    const places = BranchPlaces.of([wigan!]);
    const atChorley = knownStockChange().map(({ id, record }, i) => ({ id, record: i % 2 ? { ...record, branch: "chorley" } : record }));
    await store.applyChange({ records: atChorley, mode: "upsert" });
    const group = new Catalogue(store, new EmbeddedSearch(places), createLogger("silent"));
    await group.start();
    try {
      const request = { filters: {}, sort: "relevance", page: 1, pageSize: 50 } as const;
      expect((await group.search(undefined, request, true)).options.branch).toBeUndefined();

      places.follow([wigan!, chorley]);
      group.branchesChanged(2);
      await group.reindex();

      const options = (await group.search(undefined, request, true)).options.branch!;
      expect(options.find(({ value }) => value === "chorley")?.count).toBe(Math.floor(KNOWN_VEHICLES.length / 2));
    } finally {
      await group.stop();
    }
  });

  it("makes the home page's offers, make list and count once for each stock version", async () => {
    const asked = vi.spyOn(search, "search");
    const homePage = () => Promise.all([catalogue.shopWindow(), catalogue.distinct("car", {}), catalogue.forSale()]);
    const first = await homePage();
    const searches = asked.mock.calls.length;
    expect(searches).toBeGreaterThan(0);
    expect(await homePage()).toEqual(first);
    expect(asked.mock.calls.length).toBe(searches);

    // Half the stock sold: a new stock version, and answers made from it.
    await store.applyChange({ records: knownStockChange().filter((_, i) => i % 2 === 0), mode: "replace" });
    await catalogue.reindex();
    const [, , forSale] = await homePage();
    expect(asked.mock.calls.length).toBeGreaterThan(searches);
    expect(forSale).toBe(Math.ceil(KNOWN_VEHICLES.length / 2));
  });

  it("counts a visitor's search that found nothing, not the home page's offers or make list", async () => {
    const noTrucks = knownStockChange().filter(({ record }) => record.vehicle.vehicleType !== "truck");
    await store.applyChange({ records: noTrucks, mode: "replace" });
    await catalogue.reindex();
    const nothingFound: Array<string | undefined> = [];
    catalogue.onNothingFound = (type) => nothingFound.push(type);

    const offers = await catalogue.shopWindow();
    expect(offers.map(({ vehicle }) => vehicle.vehicleType).sort()).toEqual(["car", "van"]);
    expect(await catalogue.distinct("truck", {})).toEqual({ make: [] });
    expect(nothingFound).toEqual([]);

    await catalogue.search("truck", { filters: {}, sort: "relevance", page: 1, pageSize: 24 });
    expect(nothingFound).toEqual(["truck"]);
  });
});
