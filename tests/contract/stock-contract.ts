import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FILTER_NAMES, parseRange, type Filters } from "../../domain/filters";
import { SORT_VALUES } from "../../domain/sort";
import type { VehicleRecord } from "../../domain/vehicle";
import { priceOf } from "../../domain/vehicle-price";
import { Catalogue } from "../../backend/catalogue";
import { generateDemoStock } from "../../backend/demo-stock/generate-demo-stock";
import { createLogger } from "../../backend/logger";
import type { SearchEngine, SearchQuery, StockScan } from "../../backend/search/search-engine";
import { previewStockChange } from "../../backend/store/preview-change";
import type { PhotosUpdate } from "../../backend/store/stamp-record";
import { MassRemovalError, type VehicleStore } from "../../backend/store/vehicle-store";
import { feedRecord, KNOWN_VEHICLES, knownStockChange, knownVehicleRepriced } from "../support/known-vehicles";
import { pausingHalfway } from "../support/pausing-scan";
import { referenceSearch } from "../support/reference-search";
import { BranchPlaces } from "../../backend/branches/branch-places";
import { dealerBranches } from "../../domain/branches";
import { loadDealerNow } from "../../backend/dealer-config";
import { outcodeCentre } from "../../backend/geo/outcode-locations";
import { METRES_PER_MILE, milesFromMetres } from "../../domain/distance";
import { buyerLocation } from "../../backend/geo/buyer-location";

/**
 * What every store and search engine pair must do, written once. The embedded pair runs it
 * here; the MongoDB/Meilisearch pair runs the same suite against real servers.
 */
export interface StockEngines {
  store: VehicleStore;
  search: SearchEngine;
  /** Brings the search engine up to date with a stock: a rebuild, or the indexer's full sync. */
  rebuild(scan: StockScan): Promise<void>;
  /** Another handle on the same stock, as a command-line import in another process has. */
  openSecondStore(): Promise<VehicleStore>;
  dispose(): Promise<void>;
}

const NOW = new Date("2026-11-20T12:00:00.000Z");

async function collect(records: AsyncIterable<VehicleRecord>): Promise<VehicleRecord[]> {
  const all: VehicleRecord[] = [];
  for await (const record of records) all.push(record);
  return all;
}

function query(overrides: Partial<SearchQuery>): SearchQuery {
  return { filters: {}, sort: "relevance", page: 1, pageSize: 100, facets: [], ...overrides };
}

/** Conditions given to some known vehicles (the feed's ownershipCondition); the Sandero and the lower-case Mercedes state none. */
const CONDITIONS: Readonly<Record<string, "New" | "Used">> = {
  "a-class-2022": "New",
  "model-3-2023": "New",
  "fiesta-2019": "Used",
  "focus-2021": "Used",
  "bmw-320d-2018": "Used",
  "sprinter-2021": "New",
  "transit-custom-2020": "Used",
  "transporter-2019": "Used",
  "scania-r450-2017": "Used",
};

/** The known vehicles named, each as a feed row stating its condition. */
function knownVehiclesInCondition(conditions: Readonly<Record<string, "New" | "Used">>) {
  return KNOWN_VEHICLES.filter((known) => conditions[known.id] !== undefined).map((known) => ({
    id: known.id,
    record: feedRecord({ ...known, vehicle: { ...known.vehicle, ownershipCondition: conditions[known.id] } }),
  }));
}

/** The known vehicles in the store, and the search engine brought up to date with them. */
async function loadKnownVehicles(engines: StockEngines): Promise<void> {
  await engines.store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
  await engines.rebuild(() => engines.store.scan());
}

/**
 * `open` makes a fresh pair; given a dealer's branches, its search engine indexes each vehicle
 * at its branch and measures distances to it.
 */
export function describeStockContract(name: string, open: (places?: BranchPlaces) => Promise<StockEngines>): void {
  describe(`stock contract: ${name}`, () => {
    let engines: StockEngines;
    beforeEach(async () => {
      engines = await open();
    });
    afterEach(async () => {
      await engines.dispose();
    });
    const current = () => engines;

    storeReadsAndWrites(current);
    storeFeedsAndRemovals(current);
    storeChangeHooks(current);
    searchFiltersAndOrders(current);
    searchOptionsAndKeywords(current);
    searchLikeTheReference(current);
    searchByDistanceAndBranch(open);
  });
}

/** Vehicles in and out of the store, and what a change does to the ones already there. */
function storeReadsAndWrites(engines: () => StockEngines): void {
  describe("store: reads and writes", () => {
    it("starts empty and pristine", async () => {
      expect(await engines().store.count()).toBe(0);
      expect(await engines().store.isPristine()).toBe(true);
      expect(await engines().store.get("fiesta-2019")).toBeUndefined();
      expect(await collect(engines().store.scan())).toEqual([]);
    });

    it("adds vehicles with their creation time and reads them back", async () => {
      const summary = await engines().store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      expect(summary).toMatchObject({ added: KNOWN_VEHICLES.length, updated: 0, unchanged: 0, removed: 0, removedIds: [] });
      expect([...summary.changedIds].sort()).toEqual(KNOWN_VEHICLES.map((k) => k.id).sort());
      expect(await engines().store.isPristine()).toBe(false);
      expect(await engines().store.count()).toBe(KNOWN_VEHICLES.length);

      const fiesta = await engines().store.get("fiesta-2019");
      expect(fiesta?.vehicle.make).toBe("Ford");
      expect(fiesta?.adverts.retailAdverts.totalPrice.amountGBP).toBe(10000);
      expect(fiesta?.createdAt).toBe("2026-10-01T09:00:00.000Z");
      expect((await collect(engines().store.scan())).map((r) => r._id).sort()).toEqual(KNOWN_VEHICLES.map((k) => k.id).sort());
    });

    it("gives records in the order asked, leaving out unknown ids", async () => {
      await engines().store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      const records = await engines().store.getMany(["volvo-fh-2019", "no-such-id", "fiesta-2019"]);
      expect(records.map((r) => r._id)).toEqual(["volvo-fh-2019", "fiesta-2019"]);
    });

    it("counts an identical re-import as unchanged and a changed one as updated, keeping the creation time", async () => {
      await engines().store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      const again = await engines().store.applyChange({ records: knownStockChange(), mode: "upsert" }, new Date("2026-11-21T00:00:00Z"));
      expect(again).toEqual({ added: 0, updated: 0, unchanged: KNOWN_VEHICLES.length, removed: 0, changedIds: [], removedIds: [] });

      const fiesta = KNOWN_VEHICLES.find((k) => k.id === "fiesta-2019")!;
      const later = new Date("2026-11-22T08:00:00.000Z");
      const cheaper = await engines().store.applyChange(
        { records: [{ id: fiesta.id, record: feedRecord({ ...fiesta, price: 9495 }) }], mode: "upsert" },
        later,
      );
      expect(cheaper).toEqual({ added: 0, updated: 1, unchanged: 0, removed: 0, changedIds: ["fiesta-2019"], removedIds: [] });
      const stored = await engines().store.get("fiesta-2019");
      expect(stored?.adverts.retailAdverts.totalPrice.amountGBP).toBe(9495);
      expect(stored?.createdAt).toBe("2026-10-01T09:00:00.000Z");
      expect(stored?.updatedAt).toBe(later.toISOString());
    });

    it("remembers a price reduction with the vehicle through later changes, and forgets it on a rise", async () => {
      const fiesta = KNOWN_VEHICLES.find((k) => k.id === "fiesta-2019")!;
      const reducedAt = new Date("2026-11-21T10:00:00.000Z");
      const later = new Date("2026-11-22T10:00:00.000Z");
      const apply = (price: number, at: Date, mileage = fiesta.vehicle.odometerReadingMiles) =>
        engines().store.applyChange(
          {
            records: [
              { id: fiesta.id, record: feedRecord({ ...fiesta, price, vehicle: { ...fiesta.vehicle, odometerReadingMiles: mileage } }) },
            ],
            mode: "upsert",
          },
          at,
        );
      await engines().store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      expect((await engines().store.get("fiesta-2019"))?.priceReduction).toBeUndefined();

      await apply(9495, reducedAt);
      expect((await engines().store.get("fiesta-2019"))?.priceReduction).toEqual({ fromGBP: 10000, at: reducedAt.toISOString() });
      // Another change at the same price keeps the reduction, as a re-import does.
      await apply(9495, later, 12345);
      expect((await engines().store.get("fiesta-2019"))?.priceReduction).toEqual({ fromGBP: 10000, at: reducedAt.toISOString() });
      await engines().store.applyChange({ records: knownStockChange().filter(({ id }) => id !== "fiesta-2019"), mode: "upsert" }, later);
      expect((await engines().store.get("fiesta-2019"))?.priceReduction).toEqual({ fromGBP: 10000, at: reducedAt.toISOString() });

      await apply(9000, later);
      expect((await engines().store.get("fiesta-2019"))?.priceReduction).toEqual({ fromGBP: 9495, at: later.toISOString() });
      await apply(9999, later);
      expect((await engines().store.get("fiesta-2019"))?.priceReduction).toBeUndefined();
    });
  });
}

/** Hidden vehicles, full feeds and what they remove, previews, and the mass-removal guard. */
function storeFeedsAndRemovals(engines: () => StockEngines): void {
  describe("store: feeds and removals", () => {
    it("keeps a hidden vehicle hidden through feeds until it is shown again", async () => {
      await engines().store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      const hide = (hidden: boolean) =>
        engines().store.applyChange(
          { records: knownVehicleRepriced("fiesta-2019", 10000), mode: "upsert", hide: new Map([["fiesta-2019", hidden]]) },
          NOW,
        );
      expect(await hide(true)).toMatchObject({ updated: 1, changedIds: ["fiesta-2019"] });
      expect((await engines().store.get("fiesta-2019"))?.hidden).toBe(true);
      expect(await hide(true)).toMatchObject({ updated: 0, unchanged: 1 });

      await engines().store.applyChange({ records: knownVehicleRepriced("fiesta-2019", 9495), mode: "replace", maxRemovals: 20 }, NOW);
      expect((await engines().store.get("fiesta-2019"))?.hidden).toBe(true);
      expect((await engines().store.get("fiesta-2019"))?.priceReduction?.fromGBP).toBe(10000);

      await hide(false);
      const shown = await engines().store.get("fiesta-2019");
      expect(shown?.hidden).toBeUndefined();
      expect(shown?.adverts.retailAdverts.totalPrice.amountGBP).toBe(10000);
    });

    it("keeps a vehicle's photos with it through feeds, a fetched picture only while the feed lists it", async () => {
      await engines().store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      const feedImage = (await engines().store.get("fiesta-2019"))!.media.images[0]!.href;
      const uploaded = [
        { id: "b".repeat(32), width: 1600, height: 1200 },
        { id: "a".repeat(32), width: 1200, height: 900 },
      ];
      const photos = {
        uploaded,
        fetched: [
          { href: feedImage, id: "c".repeat(32), width: 800, height: 600 },
          { href: "https://gone.example/x.jpg", id: "d".repeat(32), width: 1, height: 1 },
        ],
      };
      const set = await engines().store.applyChange(
        { records: knownVehicleRepriced("fiesta-2019", 10000), mode: "upsert", photos: new Map([["fiesta-2019", photos]]) },
        NOW,
      );
      expect(set).toMatchObject({ updated: 1, changedIds: ["fiesta-2019"] });
      // A fetched picture the feed no longer lists is not kept.
      expect((await engines().store.get("fiesta-2019"))?.photos).toEqual({ uploaded, fetched: [photos.fetched[0]] });

      await engines().store.applyChange({ records: knownVehicleRepriced("fiesta-2019", 9495), mode: "replace", maxRemovals: 20 }, NOW);
      expect((await engines().store.get("fiesta-2019"))?.photos?.uploaded).toEqual(uploaded);

      await engines().store.applyChange(
        { records: knownVehicleRepriced("fiesta-2019", 9495), mode: "upsert", photos: new Map([["fiesta-2019", {}]]) },
        NOW,
      );
      expect((await engines().store.get("fiesta-2019"))?.photos).toBeUndefined();
    });

    it("makes photos from those stored when the change is applied: two handles adding at once both keep theirs", async () => {
      await engines().store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      const other = await engines().openSecondStore();
      const photosOf = (from: number) =>
        Array.from({ length: 10 }, (_, i) => ({ id: (from + i).toString(16).padStart(32, "0"), width: 1600, height: 1200 }));
      const adding =
        (added: ReturnType<typeof photosOf>): PhotosUpdate =>
        (stored) => ({ ...stored?.photos, uploaded: [...(stored?.photos?.uploaded ?? []), ...added] });
      const change = (photos: PhotosUpdate) => ({
        records: knownVehicleRepriced("fiesta-2019", 10000),
        mode: "upsert" as const,
        photos: new Map([["fiesta-2019", photos]]),
      });
      try {
        await Promise.all([
          engines().store.applyChange(change(adding(photosOf(0))), NOW),
          other.applyChange(change(adding(photosOf(100))), NOW),
        ]);
        // Read through a third handle: the embedded store's handles see another's change only when they look.
        const reader = await engines().openSecondStore();
        const kept = (await reader.get("fiesta-2019"))?.photos?.uploaded?.map(({ id }) => id);
        await reader.close();
        expect(kept).toHaveLength(20);
        expect(new Set(kept)).toEqual(new Set([...photosOf(0), ...photosOf(100)].map(({ id }) => id)));

        // Told the vehicle is not stored, the function may refuse the change, and nothing is written.
        await engines().store.applyChange({ records: [], mode: "upsert", removeIds: ["fiesta-2019"] }, NOW);
        const refusing: PhotosUpdate = (stored) => {
          if (!stored) throw new Error("no longer in stock");
          return stored.photos ?? {};
        };
        await expect(engines().store.applyChange(change(refusing), NOW)).rejects.toThrow("no longer in stock");
        expect(await engines().store.get("fiesta-2019")).toBeUndefined();
      } finally {
        await other.close();
      }
    });

    it("keeps a reserved vehicle findable, after those buyers can still have in the default order, through feeds", async () => {
      await engines().store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      const reserve = (reserved: boolean) =>
        engines().store.applyChange(
          { records: knownVehicleRepriced("fiesta-2019", 10000), mode: "upsert", reserve: new Map([["fiesta-2019", reserved]]) },
          NOW,
        );
      expect(await reserve(true)).toMatchObject({ updated: 1, changedIds: ["fiesta-2019"] });
      await engines().store.applyChange({ records: knownStockChange(), mode: "replace", maxRemovals: 20 }, NOW);
      expect((await engines().store.get("fiesta-2019"))?.reserved).toBe(true);
      await engines().rebuild(() => engines().store.scan());
      // Last of the cars, after even one without photos; first by price as ever.
      const cars = await engines().search.search(query({ type: "car" }));
      expect(cars.ids.at(-1)).toBe("fiesta-2019");
      expect(cars.total).toBe(KNOWN_VEHICLES.filter(({ vehicle }) => vehicle.vehicleType === "car").length);
      expect((await engines().search.search(query({ type: "car", filters: { make: "Ford" }, sort: "price_asc" }))).ids[0]).toBe(
        "fiesta-2019",
      );
      await reserve(false);
      await engines().rebuild(() => engines().store.scan());
      expect((await engines().search.search(query({ type: "car" }))).ids.at(-1)).not.toBe("fiesta-2019");
    });

    it("keeps a field changed by hand through feeds, and the rest of the feed's changes", async () => {
      await engines().store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      const [{ record }] = knownVehicleRepriced("fiesta-2019", 10000) as [{ id: string; record: ReturnType<typeof feedRecord> }];
      const corrected = { ...record, vehicle: { ...record.vehicle, colour: "Deep Impact Blue" } };
      await engines().store.applyChange(
        {
          records: [{ id: "fiesta-2019", record: corrected }],
          mode: "upsert",
          handEdited: new Map([["fiesta-2019", ["colour" as const]]]),
        },
        NOW,
      );
      await engines().store.applyChange({ records: knownVehicleRepriced("fiesta-2019", 9000), mode: "upsert" }, NOW);
      const fed = await engines().store.get("fiesta-2019");
      expect(fed?.vehicle.colour).toBe("Deep Impact Blue");
      expect(fed?.handEdited).toEqual(["colour"]);
      expect(fed?.adverts.retailAdverts.totalPrice.amountGBP).toBe(9000);
    });

    it("remembers a sold vehicle's whole listing, so the sale can be undone", async () => {
      await engines().store.applyChange({ records: knownStockChange(), mode: "upsert", reserve: new Map([["fiesta-2019", true]]) }, NOW);
      const listed = await engines().store.get("fiesta-2019");
      await engines().store.applyChange({ records: [], mode: "upsert", removeIds: ["fiesta-2019"] }, NOW);
      const sold = await engines().store.soldVehicle("fiesta-2019");
      expect(sold?.listing).toEqual(listed);
      await engines().store.applyChange(
        { records: [{ id: "fiesta-2019", record: sold!.listing! }], mode: "upsert", reserve: new Map([["fiesta-2019", true]]) },
        NOW,
      );
      const back = await engines().store.get("fiesta-2019");
      expect(back).toMatchObject({ createdAt: listed?.createdAt, reserved: true, vehicle: listed?.vehicle });
      expect(await engines().store.soldVehicle("fiesta-2019")).toBeUndefined();
    });

    it("removes vehicles missing from a full feed as sold, but keeps those on rejected rows", async () => {
      await engines().store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      const kept = knownStockChange().slice(0, 8);
      const summary = await engines().store.applyChange({ records: kept, mode: "replace", keepIds: new Set(["volvo-fh-2019"]) }, NOW);
      expect(summary.removed).toBe(KNOWN_VEHICLES.length - 8 - 1);
      expect([...summary.removedIds].sort()).toEqual(["mercedes-lowercase", "scania-r450-2017", "sprinter-2021"]);
      expect(await engines().store.count()).toBe(9);
      expect(await engines().store.get("volvo-fh-2019")).toBeDefined();
      expect(await engines().store.get("scania-r450-2017")).toBeUndefined();
    });

    it("remembers the vehicles a full feed removes, as they were listed, until they are listed again", async () => {
      // Removals are remembered for 30 days from when they happen, so this one happens now.
      const removedAt = new Date();
      await engines().store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      expect(await engines().store.soldVehicle("fiesta-2019")).toBeUndefined();
      await engines().store.applyChange(
        { records: knownStockChange().filter(({ id }) => id !== "fiesta-2019"), mode: "replace" },
        removedAt,
      );
      expect(await engines().store.soldVehicle("fiesta-2019")).toEqual({
        listing: expect.objectContaining({ _id: "fiesta-2019", vehicle: expect.objectContaining({ registration: "MA19 ABC" }) }),
        id: "fiesta-2019",
        vehicleType: "car",
        make: "Ford",
        model: "Fiesta",
        yearOfManufacture: 2019,
        bodyType: "Hatchback",
        derivative: "1.0 EcoBoost Titanium 5dr",
        registration: "MA19 ABC",
        mileage: 32000,
        priceGBP: 10000,
        soldAt: removedAt.toISOString(),
      });
      expect(await engines().store.soldVehicle("sandero-unknowns")).toBeUndefined();
      expect(await engines().store.soldVehicle("never-listed")).toBeUndefined();

      await engines().store.applyChange({ records: knownStockChange(), mode: "upsert" }, removedAt);
      expect(await engines().store.soldVehicle("fiesta-2019")).toBeUndefined();
    });

    it("forgets a removal after 30 days", async () => {
      await engines().store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60_000);
      await engines().store.applyChange({ records: knownStockChange().filter(({ id }) => id !== "focus-2021"), mode: "replace" }, longAgo);
      expect(await engines().store.get("focus-2021")).toBeUndefined();
      expect(await engines().store.soldVehicle("focus-2021")).toBeUndefined();
    });

    it("removes the vehicles a change names as sold, whatever its mode, and remembers them", async () => {
      await engines().store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      const soldAt = new Date();
      const change = { records: [], mode: "upsert" as const, removeIds: ["fiesta-2019", "never-listed"] };
      expect(await previewStockChange(engines().store, change, soldAt)).toMatchObject({ removed: 1, removedIds: ["fiesta-2019"] });
      const summary = await engines().store.applyChange(change, soldAt);
      expect(summary).toEqual({ added: 0, updated: 0, unchanged: 0, removed: 1, changedIds: [], removedIds: ["fiesta-2019"] });
      expect(await engines().store.get("fiesta-2019")).toBeUndefined();
      expect(await engines().store.count()).toBe(KNOWN_VEHICLES.length - 1);
      expect(await engines().store.soldVehicle("fiesta-2019")).toMatchObject({ id: "fiesta-2019", soldAt: soldAt.toISOString() });
    });

    it("previews a change as exactly what applying it does, changing nothing", async () => {
      await engines().store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      const fiesta = KNOWN_VEHICLES.find((k) => k.id === "fiesta-2019")!;
      const added = feedRecord({ ...fiesta, id: "fiesta-new", vehicle: { ...fiesta.vehicle, registration: "MA20 NEW" } });
      const change = {
        records: [
          ...knownStockChange().slice(1, 8),
          { id: fiesta.id, record: feedRecord({ ...fiesta, price: 9495 }) },
          { id: "fiesta-new", record: added },
        ],
        mode: "replace" as const,
        keepIds: new Set(["volvo-fh-2019"]),
        maxRemovals: 1,
      };
      const preview = await previewStockChange(engines().store, change, NOW);
      expect(await engines().store.count()).toBe(KNOWN_VEHICLES.length);
      expect(await engines().store.get("fiesta-new")).toBeUndefined();
      const applied = await engines().store.applyChange({ ...change, maxRemovals: undefined }, NOW);
      const sorted = (result: typeof applied) => ({
        ...result,
        changedIds: [...result.changedIds].sort(),
        removedIds: [...result.removedIds].sort(),
      });
      expect(sorted(preview)).toEqual(sorted(applied));
      expect(preview).toMatchObject({ added: 1, updated: 1, unchanged: 7, removed: 3 });
    });

    it("refuses a full feed that would remove more than allowed, and changes nothing", async () => {
      await engines().store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      const change = { records: knownStockChange().slice(0, 2), mode: "replace" as const, maxRemovals: 5 };
      await expect(engines().store.applyChange(change, NOW)).rejects.toBeInstanceOf(MassRemovalError);
      expect(await engines().store.count()).toBe(KNOWN_VEHICLES.length);
    });
  });
}

/** What runs after a change, and who hears of it. */
function storeChangeHooks(engines: () => StockEngines): void {
  describe("store: after a change", () => {
    it("runs onApplied with the result before any other change can start", async () => {
      const other = await engines().openSecondStore();
      const events: string[] = [];
      try {
        let second: Promise<unknown> = Promise.resolve();
        const fiesta = KNOWN_VEHICLES.find((k) => k.id === "fiesta-2019")!;
        const result = await engines().store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW, async (applied) => {
          events.push(`applied: ${applied.changedIds.length} changed`);
          expect(await engines().store.count()).toBe(KNOWN_VEHICLES.length);
          second = other
            .applyChange({ records: [{ id: fiesta.id, record: feedRecord({ ...fiesta, price: 9495 }) }], mode: "upsert" }, NOW)
            .then(() => events.push("second change stored"));
          await sleep(500);
          events.push("onApplied finished");
        });
        await second;
        expect(result.added).toBe(KNOWN_VEHICLES.length);
        expect(events).toEqual([`applied: ${KNOWN_VEHICLES.length} changed`, "onApplied finished", "second change stored"]);
      } finally {
        await other.close();
      }
    });

    it("keeps a change whose onApplied fails, reports the failure and lets the next change in", async () => {
      const failing = engines().store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW, async () => {
        throw new Error("the search index is unreachable");
      });
      await expect(failing).rejects.toThrow("the search index is unreachable");
      expect(await engines().store.count()).toBe(KNOWN_VEHICLES.length);
      const again = await engines().store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      expect(again.unchanged).toBe(KNOWN_VEHICLES.length);
    });

    it("tells a follower what changed since its position, whichever handle changed it", async () => {
      const { store } = engines();
      await store.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
      const start = await store.stockPosition();
      const fiesta = KNOWN_VEHICLES.find((k) => k.id === "fiesta-2019")!;
      const repriced = { records: [{ id: fiesta.id, record: feedRecord({ ...fiesta, price: 9495 }) }], removeIds: ["scania-r450-2017"] };
      await store.applyChange({ ...repriced, mode: "upsert" }, NOW);
      const since = await store.changesSince(start);
      if (since.kind !== "changes") throw new Error(`expected the changes, got: ${since.reason}`);
      expect(since.removedIds).toEqual(["scania-r450-2017"]);
      expect((await collect(since.upserts)).map((record) => [record._id, priceOf(record)])).toEqual([["fiesta-2019", 9495]]);
      const nothing = await store.changesSince(since.position);
      expect(nothing).toMatchObject({ kind: "changes", removedIds: [], position: since.position });

      // The embedded store learns of another process's change by watching its file.
      const stop = store.watch(() => undefined);
      const other = await engines().openSecondStore();
      try {
        await other.applyChange({ records: [], mode: "upsert", removeIds: ["focus-2021"] }, NOW);
        await expect
          .poll(
            async () => {
              const later = await store.changesSince(since.position);
              return later.kind === "changes" ? later.removedIds : later.reason;
            },
            { timeout: 10_000 },
          )
          .toEqual(["focus-2021"]);
      } finally {
        stop();
        await other.close();
      }
    });

    it("tells a watcher about a change made through another handle", async () => {
      let changes = 0;
      const stop = engines().store.watch(() => changes++);
      const other = await engines().openSecondStore();
      try {
        await other.applyChange({ records: knownStockChange(), mode: "upsert" }, NOW);
        await expect.poll(() => changes, { timeout: 10_000 }).toBeGreaterThan(0);
        await expect.poll(() => engines().store.count(), { timeout: 10_000 }).toBe(KNOWN_VEHICLES.length);
      } finally {
        stop();
        await other.close();
      }
    });
  });
}

/** Which vehicles a search finds, in which order, page by page. */
function searchFiltersAndOrders(engines: () => StockEngines): void {
  describe("search over known vehicles: filters and orders", () => {
    beforeEach(() => loadKnownVehicles(engines()));

    const ids = async (q: Partial<SearchQuery>) => (await engines().search.search(query(q))).ids;

    it("finds vehicles reduced in the 14 days before the search, and counts them", async () => {
      const now = Date.now();
      const daysAgo = (days: number) => new Date(now - days * 24 * 60 * 60_000);
      // Reduced 13 days ago: still recent. Reduced 15 days ago: no longer, though the index is built now.
      await engines().store.applyChange({ records: knownVehicleRepriced("fiesta-2019", 9495), mode: "upsert" }, daysAgo(13));
      await engines().store.applyChange({ records: knownVehicleRepriced("focus-2021", 12000), mode: "upsert" }, daysAgo(15));
      await engines().rebuild(() => engines().store.scan());

      const reduced = await engines().search.search(query({ type: "car", filters: { reduced: true }, facets: ["reduced", "make"] }));
      expect(reduced.ids).toEqual(["fiesta-2019"]);
      expect(reduced.facets.reduced).toEqual([{ value: "1", count: 1 }]);
      expect(reduced.facets.make).toEqual([{ value: "Ford", count: 1 }]);
      const vans = await engines().search.search(query({ type: "van", facets: ["reduced"] }));
      expect(vans.facets.reduced).toEqual([]);
      const fords = await engines().search.search(query({ type: "car", filters: { make: "Ford" }, facets: ["reduced"] }));
      expect(fords.facets.reduced).toEqual([{ value: "1", count: 1 }]);
    });

    it("leaves a hidden vehicle out of every search", async () => {
      await engines().store.applyChange(
        { records: knownVehicleRepriced("fiesta-2019", 10000), mode: "upsert", hide: new Map([["fiesta-2019", true]]) },
        NOW,
      );
      await engines().rebuild(() => engines().store.scan());
      const cars = await engines().search.search(query({ type: "car", facets: ["make"] }));
      expect(cars.total).toBe(6);
      expect(cars.ids).not.toContain("fiesta-2019");
      expect(await ids({ q: "fiesta" })).toEqual([]);
    });

    it("gives each result's record as the store holds it, field for field, staff's marks and a reduction included", async () => {
      const uploaded = [{ id: "e".repeat(32), width: 1600, height: 1200 }];
      await engines().store.applyChange(
        {
          records: [...knownVehicleRepriced("fiesta-2019", 9495), ...knownVehicleRepriced("sprinter-2021", 30000)],
          mode: "upsert",
          reserve: new Map([["fiesta-2019", true]]),
          photos: new Map([["sprinter-2021", { uploaded }]]),
        },
        new Date(Date.now() - 24 * 60 * 60_000),
      );
      await engines().rebuild(() => engines().store.scan());
      const catalogue = new Catalogue(engines().store, engines().search, createLogger("silent"));
      const everything = { filters: {}, sort: "price_asc", page: 1, pageSize: 100 } as const;
      for (const type of [undefined, "car", "van", "truck"] as const) {
        const { vehicles, total } = await catalogue.search(type, everything);
        const stored = await engines().store.getMany(vehicles.map(({ _id }) => _id));
        expect(vehicles, type).toHaveLength(total);
        expect(vehicles, type).toEqual(stored);
        const { vehiclesJson } = await catalogue.searchJson(type, everything, true);
        expect(
          vehiclesJson.map((json) => JSON.parse(json) as unknown),
          type,
        ).toEqual(stored);
      }
      const [fiesta] = (await catalogue.search("car", { ...everything, filters: { reduced: true } })).vehicles;
      expect(fiesta).toMatchObject({ _id: "fiesta-2019", reserved: true, priceReduction: { fromGBP: 10000 } });
      const [sprinter] = (await catalogue.search("van", { ...everything, q: "sprinter" })).vehicles;
      expect(sprinter?.photos).toEqual({ uploaded });
    });

    it("gives one vehicle's record as the store holds it, and none for one hidden, removed or never stocked", async () => {
      await engines().store.applyChange(
        { records: knownStockChange().filter(({ id }) => id !== "focus-2021"), mode: "replace", maxRemovals: 20 },
        NOW,
      );
      await engines().store.applyChange(
        { records: knownVehicleRepriced("fiesta-2019", 10000), mode: "upsert", hide: new Map([["fiesta-2019", true]]) },
        NOW,
      );
      await engines().rebuild(() => engines().store.scan());
      for (const id of ["sprinter-2021", "mercedes-lowercase"])
        expect(await engines().search.get(id), id).toEqual(await engines().store.get(id));
      // The last is a filter's quoting tried from the address bar: it must find nothing, not every car.
      for (const id of ["fiesta-2019", "focus-2021", "no-such-vehicle", 'x" OR type = "car']) {
        expect(await engines().search.get(id), id).toBeUndefined();
      }
    });

    it("keeps each type to its own stock", async () => {
      expect((await engines().search.search(query({ type: "car" }))).total).toBe(7);
      expect((await engines().search.search(query({ type: "van" }))).total).toBe(3);
      expect((await engines().search.search(query({ type: "truck" }))).total).toBe(2);
      expect((await engines().search.search(query({}))).total).toBe(KNOWN_VEHICLES.length);
    });

    it("matches text filters exactly, whatever the letter case", async () => {
      const upper = await ids({ type: "car", filters: { make: "MERCEDES-BENZ" } });
      expect(upper.sort()).toEqual(["a-class-2022", "mercedes-lowercase"]);
      expect(await ids({ type: "car", filters: { make: "mercedes" } })).toEqual([]);
      expect(await ids({ type: "van", filters: { bodyType: "panel van", wheelbase: "swb" } })).toEqual(["transit-custom-2020"]);
      expect(await ids({ type: "car", filters: { doors: "4" } })).toEqual(expect.arrayContaining(["bmw-320d-2018", "model-3-2023"]));
      expect(await ids({ type: "van", filters: { vatStatus: "ex vat" } })).toHaveLength(2);
    });

    it("takes a filter left undefined as no filter", async () => {
      const all = await ids({ type: "car" });
      expect(await ids({ type: "car", filters: { make: undefined, price: undefined } })).toEqual(all);
    });

    it("treats ranges as inclusive at both ends, with either end open", async () => {
      expect((await ids({ type: "car", filters: { price: { min: 10000, max: 16995 } } })).sort()).toEqual([
        "bmw-320d-2018",
        "fiesta-2019",
        "focus-2021",
      ]);
      expect((await ids({ type: "car", filters: { price: { max: 10000 } } })).sort()).toEqual(["fiesta-2019", "sandero-unknowns"]);
      expect((await ids({ type: "car", filters: { year: { min: 2022 } } })).sort()).toEqual(["a-class-2022", "model-3-2023"]);
      // A vehicle without a mileage is not "under 20,000 miles".
      expect(await ids({ type: "car", filters: { mileage: { max: 20000 } } })).not.toContain("sandero-unknowns");
    });

    it("takes ranges open at either end as an address writes them (price=24000-, mileage=50000-, year=-2018, price=-15000)", async () => {
      const range = (value: string) => {
        const parsed = parseRange(value);
        if ("problem" in parsed) throw new Error(parsed.problem);
        return parsed;
      };
      expect((await ids({ type: "car", filters: { price: range("24000-") } })).sort()).toEqual(["a-class-2022", "model-3-2023"]);
      expect((await ids({ type: "car", filters: { price: range("-15000") } })).sort()).toEqual(["fiesta-2019", "sandero-unknowns"]);
      expect((await ids({ type: "van", filters: { mileage: range("50000-") } })).sort()).toEqual([
        "transit-custom-2020",
        "transporter-2019",
      ]);
      // A vehicle without a year (the Sandero) is neither "2018 or older" nor "2019 or newer".
      expect(await ids({ type: "car", filters: { year: range("-2018") } })).toEqual(["bmw-320d-2018"]);
      expect(await ids({ type: "car", filters: { year: range("2019-") } })).not.toContain("sandero-unknowns");
      // Open ends together: "from £10,000, up to 40,000 miles, 2019 or newer".
      const together = { price: range("10000-"), mileage: range("-40000"), year: range("2019-") };
      expect((await ids({ type: "car", filters: together })).sort()).toEqual([
        "a-class-2022",
        "fiesta-2019",
        "focus-2021",
        "mercedes-lowercase",
        "model-3-2023",
      ]);
    });

    it("filters by condition (New, Used) whatever the letter case, a vehicle without one in neither", async () => {
      await engines().store.applyChange({ records: knownVehiclesInCondition(CONDITIONS), mode: "upsert" }, NOW);
      await engines().rebuild(() => engines().store.scan());
      expect((await ids({ type: "car", filters: { condition: "New" } })).sort()).toEqual(["a-class-2022", "model-3-2023"]);
      expect((await ids({ type: "car", filters: { condition: "used" } })).sort()).toEqual(["bmw-320d-2018", "fiesta-2019", "focus-2021"]);
      expect(await ids({ type: "van", filters: { condition: "NEW" } })).toEqual(["sprinter-2021"]);
      expect(await ids({ type: "truck", filters: { condition: "New" } })).toEqual([]);
      expect(await ids({ type: "car", filters: { condition: "Nearly new" } })).toEqual([]);
      // With other filters: used cars up to £15,000.
      expect((await ids({ type: "car", filters: { condition: "Used", price: { max: 15000 } } })).sort()).toEqual(["fiesta-2019"]);
      const counted = await engines().search.search(query({ type: "car", filters: { condition: "New" }, facets: ["condition", "make"] }));
      // Counted without itself, so Used stays on offer beside New.
      expect(counted.facets.condition).toEqual([
        { value: "New", count: 2 },
        { value: "Used", count: 3 },
      ]);
      expect(counted.facets.make).toEqual([
        { value: "Mercedes-Benz", count: 1 },
        { value: "Tesla", count: 1 },
      ]);
    });

    it("filters by monthly budget on the monthly price each card shows, VAT added first where the price excludes it", async () => {
      // £10,000 is £258.27 a month and £7,995 is £206.49; £15,495 is £400.19.
      expect((await ids({ type: "car", filters: { monthlyPrice: { max: 300 } } })).sort()).toEqual(["fiesta-2019", "sandero-unknowns"]);
      expect(await ids({ type: "car", filters: { monthlyPrice: { max: 258.27 } } })).toContain("fiesta-2019");
      expect(await ids({ type: "car", filters: { monthlyPrice: { max: 258.26 } } })).not.toContain("fiesta-2019");
      // £16,500 + VAT is £511.38 a month, £18,995 + VAT £588.70: a price ceiling alone (£550 buys £21,294) would let the Transit in.
      expect(await ids({ type: "van", filters: { monthlyPrice: { max: 550 } } })).toEqual(["transporter-2019"]);
      expect((await ids({ type: "van", filters: { monthlyPrice: { max: 600 } } })).sort()).toEqual([
        "transit-custom-2020",
        "transporter-2019",
      ]);
    });

    it("filters vans by payload, load length and roof height, a van without them in none", async () => {
      expect((await ids({ type: "van", filters: { payload: { min: 1000 } } })).sort()).toEqual(["sprinter-2021", "transit-custom-2020"]);
      expect(await ids({ type: "van", filters: { payload: { min: 1001 } } })).toEqual(["sprinter-2021"]);
      expect(await ids({ type: "van", filters: { payload: { max: 1000 } } })).toEqual(["transit-custom-2020"]);
      expect(await ids({ type: "van", filters: { loadLength: { min: 2600, max: 3000 } } })).toEqual(["sprinter-2021"]);
      expect(await ids({ type: "van", filters: { roofHeight: "high" } })).toEqual(["sprinter-2021"]);
      expect(await ids({ type: "van", filters: { roofHeight: "LOW", payload: { min: 750, max: 1000 } } })).toEqual(["transit-custom-2020"]);
      expect(await ids({ type: "van", filters: { roofHeight: "Medium" } })).toEqual([]);
      // The Transporter states none of them: not "up to 5,000 kg", nor any roof.
      expect(await ids({ type: "van", filters: { payload: { max: 5000 } } })).not.toContain("transporter-2019");

      const { facets } = await engines().search.search(
        query({ type: "van", filters: { roofHeight: "High" }, facets: ["roofHeight", "payload", "loadLength"] }),
      );
      // Roof height counted without itself; the bands within the high-roof vans, the Transit's payload on an edge.
      expect(facets.roofHeight).toEqual([
        { value: "High", count: 1 },
        { value: "Low", count: 1 },
      ]);
      expect(facets.payload).toEqual([{ value: "1000-1250", count: 1 }]);
      expect(facets.loadLength).toEqual([{ value: "2500-3000", count: 1 }]);
      const all = await engines().search.search(query({ type: "van", facets: ["payload"] }));
      expect(all.facets.payload).toEqual([
        { value: "750-1000", count: 1 },
        { value: "1000-1250", count: 2 },
      ]);
    });

    it("sorts by each order, with vehicles missing the value last", async () => {
      expect((await ids({ type: "car", sort: "price_asc" })).slice(0, 3)).toEqual(["sandero-unknowns", "fiesta-2019", "focus-2021"]);
      expect((await ids({ type: "car", sort: "price_desc" }))[0]).toBe("model-3-2023");
      const byMileage = await ids({ type: "car", sort: "mileage" });
      expect(byMileage[0]).toBe("a-class-2022");
      expect(byMileage.at(-1)).toBe("sandero-unknowns");
      expect((await ids({ type: "car", sort: "year_desc" })).at(-1)).toBe("sandero-unknowns");
      expect((await ids({ type: "car", sort: "year_asc" }))[0]).toBe("bmw-320d-2018");
      expect((await ids({ type: "car", sort: "most_recent" }))[0]).toBe("sandero-unknowns");
      // Relevance puts vehicles with photos first, newest first.
      const relevance = await ids({ type: "car" });
      expect(relevance[0]).toBe("model-3-2023");
      expect(relevance.at(-1)).toBe("sandero-unknowns");
    });

    it("pages without overlap or gaps", async () => {
      const all = await ids({ sort: "price_asc" });
      const pages = [1, 2, 3, 4, 5].map((page) => ids({ sort: "price_asc", page, pageSize: 3 }));
      expect((await Promise.all(pages)).flat()).toEqual(all);
      const beyond = await engines().search.search(query({ page: 9, pageSize: 3 }));
      expect(beyond).toMatchObject({ total: KNOWN_VEHICLES.length, ids: [] });
    });
  });
}

/** The options counted beside a search, similar vehicles, keywords and range bands. */
function searchOptionsAndKeywords(engines: () => StockEngines): void {
  describe("search over known vehicles: options and keywords", () => {
    beforeEach(() => loadKnownVehicles(engines()));

    const ids = async (q: Partial<SearchQuery>) => (await engines().search.search(query(q))).ids;

    it("counts options disjunctively: a filter does not narrow its own options", async () => {
      const { facets, total } = await engines().search.search(
        query({ type: "car", filters: { make: "Ford", fuelType: "Diesel" }, facets: ["make", "fuelType", "bodyType"] }),
      );
      expect(total).toBe(1);
      // Makes under "diesel cars": Ford and BMW, though Ford is chosen.
      expect(facets.make).toEqual([
        { value: "BMW", count: 1 },
        { value: "Ford", count: 1 },
      ]);
      // Fuels under "Ford cars": petrol Fiesta and diesel Focus.
      expect(facets.fuelType).toEqual([
        { value: "Diesel", count: 1 },
        { value: "Petrol", count: 1 },
      ]);
      expect(facets.bodyType).toEqual([{ value: "Estate", count: 1 }]);
    });

    it("does not narrow a make's options by its model, nor a model's by its derivative", async () => {
      const { facets } = await engines().search.search(
        query({
          type: "car",
          filters: { make: "Ford", model: "Focus", derivative: "1.5 EcoBlue Titanium Estate" },
          facets: ["make", "model", "derivative"],
        }),
      );
      expect(facets.make?.map((option) => option.value)).toEqual(["BMW", "Dacia", "Ford", "Mercedes-Benz", "Tesla"]);
      expect(facets.model).toEqual([
        { value: "Fiesta", count: 1 },
        { value: "Focus", count: 1 },
      ]);
      expect(facets.derivative).toEqual([{ value: "1.5 EcoBlue Titanium Estate", count: 1 }]);
    });

    it("spells a text option one way, however the stock spells it", async () => {
      const { facets } = await engines().search.search(query({ type: "car", facets: ["make"] }));
      expect(facets.make).toContainEqual({ value: "Mercedes-Benz", count: 2 });
    });

    it("chooses similar vehicles of the same type within about 20% of the price: same model first, then body type, then any", async () => {
      const catalogue = new Catalogue(engines().store, engines().search, createLogger("silent"));
      const similarTo = async (id: string) => (await catalogue.similar((await engines().store.get(id))!)).map((record) => record._id);
      // No other car within £8,000 to £12,000 (the Sandero, at £7,995, is just below).
      expect(await similarTo("fiesta-2019")).toEqual([]);
      // No other Focus or estate; the BMW is within £12,396 to £18,594.
      expect(await similarTo("focus-2021")).toEqual(["bmw-320d-2018"]);
      // Vans only: the Transporter is a panel van in the band, the Sprinter is not in it.
      expect(await similarTo("transit-custom-2020")).toEqual(["transporter-2019"]);
      // No saloon in the band, so any car in it.
      expect(await similarTo("mercedes-lowercase")).toEqual(["a-class-2022"]);
    });

    it("finds vehicles by keyword in any searchable field, every word required", async () => {
      expect((await ids({ type: "car", q: "ford" })).sort()).toEqual(["fiesta-2019", "focus-2021"]);
      expect(await ids({ type: "car", q: "320d m sport" })).toEqual(["bmw-320d-2018"]);
      expect(await ids({ q: "transit custom manual" })).toEqual(["transit-custom-2020"]);
      expect((await ids({ type: "car", q: "Automatic  DIESEL" })).sort()).toEqual(["bmw-320d-2018", "focus-2021"]);
      expect(await ids({ type: "car", q: "ford saloon" })).toEqual([]);
      // Punctuation splits words, as in "1.0" and "Mercedes-Benz"; accents do not count.
      expect(await ids({ q: "1 0 ecobóost" })).toEqual(["fiesta-2019"]);
      expect((await ids({ q: "mercedes benz" })).sort()).toEqual(["a-class-2022", "mercedes-lowercase", "sprinter-2021"]);
    });

    it("finds a make by the short names buyers type for it, anywhere in the query, in any case", async () => {
      expect(await ids({ q: "VW" })).toEqual(await ids({ q: "volkswagen" }));
      expect((await ids({ q: "vw" })).length).toBeGreaterThan(0);
      expect(await ids({ q: "merc amg" })).toEqual(["a-class-2022"]);
      expect((await ids({ q: "merc" })).sort()).toEqual(["a-class-2022", "mercedes-lowercase", "sprinter-2021"]);
      expect(await ids({ q: "vw sprinter" })).toEqual([]);
    });

    it("forgives one typo from 5 letters and two from 9, but none on the first letter of a shorter word", async () => {
      expect(await ids({ q: "fiesra" })).toEqual(["fiesta-2019"]);
      expect(await ids({ q: "transprter" })).toEqual(["transporter-2019"]);
      expect(await ids({ q: "vokswagan" })).toEqual(["transporter-2019"]);
      expect(await ids({ q: "xolkswagen" })).toEqual(["transporter-2019"]);
      expect(await ids({ q: "giesta" })).toEqual([]);
      expect(await ids({ q: "fird" })).toEqual([]);
      expect(await ids({ q: "trnsprtr" })).toEqual([]);
    });

    it("matches the last word as the start of a word, and neighbouring words written together", async () => {
      expect(await ids({ q: "ford fie" })).toEqual(["fiesta-2019"]);
      expect(await ids({ q: "fie ford" })).toEqual([]);
      expect(await ids({ q: "transpo" })).toEqual(["transporter-2019"]);
      expect(await ids({ q: "eco boost" })).toEqual(["fiesta-2019"]);
      expect(await ids({ q: "a 180 amg" })).toEqual(["a-class-2022"]);
    });

    it("ranks equal matches by the relevance order, keeps other orders, and counts options under the keywords", async () => {
      // Both Fords match "ford" as their make: photos, then the newest first.
      expect(await ids({ type: "car", q: "ford" })).toEqual(["focus-2021", "fiesta-2019"]);
      expect(await ids({ q: "white", sort: "price_asc" })).toEqual([
        "transit-custom-2020",
        "a-class-2022",
        "sprinter-2021",
        "model-3-2023",
        "volvo-fh-2019",
      ]);
      const { facets, total } = await engines().search.search(
        query({ q: "white", filters: { make: "Ford" }, facets: ["make", "bodyType"] }),
      );
      expect(total).toBe(1);
      expect(facets.make).toEqual([
        { value: "Ford", count: 1 },
        { value: "Mercedes-Benz", count: 2 },
        { value: "Tesla", count: 1 },
        { value: "Volvo", count: 1 },
      ]);
      expect(facets.bodyType).toEqual([{ value: "Panel Van", count: 1 }]);
    });

    it("takes a query of separators alone as no query", async () => {
      expect((await engines().search.search(query({ q: " -- ... " }))).total).toBe(KNOWN_VEHICLES.length);
    });

    it("counts range bands, a vehicle on a shared edge in both", async () => {
      const { facets } = await engines().search.search(query({ type: "car", facets: ["price"] }));
      expect(facets.price).toEqual([
        { value: "5000-10000", count: 2 },
        { value: "10000-15000", count: 1 },
        { value: "15000-20000", count: 2 },
        { value: "20000-25000", count: 2 },
        { value: "25000-30000", count: 1 },
      ]);
    });
  });
}

/** Searches over 600 generated vehicles, each compared with a plain scan of the same array. */
function searchLikeTheReference(engines: () => StockEngines): void {
  describe("search over generated stock, checked against a plain array scan", () => {
    const stock = [...generateDemoStock({ count: 600, seed: 7, referenceDate: NOW })];
    beforeEach(async () => {
      await engines().store.applyChange({ records: stock.map((record) => ({ id: record._id, record })), mode: "upsert" }, NOW);
      await engines().rebuild(() => engines().store.scan());
    });

    const first = (type: "car" | "van" | "truck", field: "make" | "bodyType" | "fuelType" | "colour") =>
      stock.find((r) => r.vehicle.vehicleType === type && r.vehicle[field] !== undefined)!.vehicle[field]!;

    const cases: [string, () => SearchQuery][] = [
      ["cars, relevance", () => query({ type: "car", pageSize: 24 })],
      ["vans by make, cheapest first", () => query({ type: "van", filters: { make: first("van", "make") }, sort: "price_asc" })],
      [
        "cars in a price band and year range",
        () =>
          query({
            type: "car",
            filters: { price: { min: 5000, max: 20000 }, year: { min: 2018 } },
            sort: "year_desc",
            page: 2,
            pageSize: 10,
          }),
      ],
      [
        "cars by fuel and body, by mileage",
        () => query({ type: "car", filters: { fuelType: first("car", "fuelType"), bodyType: first("car", "bodyType") }, sort: "mileage" }),
      ],
      ["trucks, oldest first", () => query({ type: "truck", sort: "year_asc" })],
      [
        "used cars up to £15,000, cheapest first",
        () => query({ type: "car", filters: { condition: "Used", price: { max: 15000 } }, sort: "price_asc" }),
      ],
      [
        "new vans, from 2020, under 60,000 miles",
        () => query({ type: "van", filters: { condition: "new", year: { min: 2020 }, mileage: { max: 60000 } } }),
      ],
      ["all stock, most recent", () => query({ sort: "most_recent", page: 3, pageSize: 50 })],
    ];

    for (const [label, make] of cases) {
      it(`answers like the reference: ${label}`, async () => {
        const q = make();
        const expected = referenceSearch(stock, q);
        const actual = await engines().search.search(q);
        expect(actual.total).toBe(expected.total);
        expect(actual.ids).toEqual(expected.ids);
      });
    }

    const firstWordOf = (type: "car" | "van" | "truck", field: "make" | "model") =>
      stock.find((r) => r.vehicle.vehicleType === type && /^[a-z]+$/i.test(r.vehicle[field]))!.vehicle[field];
    const keywordCases: [string, () => SearchQuery][] = [
      [
        "a one-word make, relevance (equal matches tie as without keywords)",
        () => query({ q: firstWordOf("car", "make"), type: "car", page: 2, pageSize: 10 }),
      ],
      [
        "make and model, cheapest first",
        () => query({ q: `${firstWordOf("van", "make")} ${firstWordOf("van", "model")}`, type: "van", sort: "price_asc" }),
      ],
      ["a typo in a make, by mileage", () => query({ q: firstWordOf("car", "make").replace(/.$/, "x"), sort: "mileage" })],
      ["two typos in a long word, newest first", () => query({ q: "vokswagan", sort: "year_desc" })],
      ["a prefix, most recent", () => query({ q: "merc", sort: "most_recent" })],
      [
        "equipment and description words, with filters",
        () => query({ q: "heated seats bluetooth", type: "car", filters: { price: { max: 25000 } }, sort: "price_desc" }),
      ],
      ["words with punctuation and digits", () => query({ q: "2.0 tdi", sort: "price_asc" })],
      ["a typo and a prefix together", () => query({ q: "automatc diese", type: "car", sort: "year_asc" })],
    ];

    for (const [label, make] of keywordCases) {
      it(`answers a keyword search like the reference: ${label}`, async () => {
        const q = make();
        const expected = referenceSearch(stock, q);
        const actual = await engines().search.search(q);
        expect(expected.total, "the case finds something").toBeGreaterThan(0);
        expect(actual.total).toBe(expected.total);
        expect(actual.ids).toEqual(expected.ids);
      });
    }

    it("finds the same vehicles as the reference under relevance, typos included, and counts options under keywords", async () => {
      for (const text of ["vauxhsll corsa", "fird fiesta", "automatic estate", "volkswagen", "panel van lwb", "pars sensors"]) {
        const q = query({ q: text, type: text.includes("van") ? "van" : "car", pageSize: stock.length, facets: FILTER_NAMES });
        const expected = referenceSearch(stock, q);
        const actual = await engines().search.search(q);
        expect(actual.total, text).toBe(expected.total);
        expect([...actual.ids].sort(), text).toEqual([...expected.ids].sort());
        for (const name of FILTER_NAMES) expect(actual.facets[name], `${text}: ${name}`).toEqual(expected.facets[name]);
      }
    });

    it("counts every filter's options like the reference", async () => {
      const filters: Filters = { make: first("car", "make"), colour: first("car", "colour"), price: { max: 30000 }, condition: "Used" };
      const q = query({ type: "car", filters, facets: FILTER_NAMES });
      const expected = referenceSearch(stock, q);
      const actual = await engines().search.search(q);
      for (const name of FILTER_NAMES) expect(actual.facets[name], name).toEqual(expected.facets[name]);
    });

    it("gives each result's record as the store holds it, field for field, the API's text too", async () => {
      const catalogue = new Catalogue(engines().store, engines().search, createLogger("silent"));
      // Read once: a read of many ids is a scan of the collection on some MongoDB-compatible servers.
      const inStore = new Map((await collect(engines().store.scan())).map((record) => [record._id, record]));
      for (const [label, make] of [...cases, ...keywordCases]) {
        const { type, q, filters, sort, page, pageSize } = make();
        const { vehicles } = await catalogue.search(type, { q, filters, sort, page, pageSize });
        const ids = vehicles.map(({ _id }) => _id);
        expect(ids, label).toEqual(referenceSearch(stock, make()).ids);
        const stored = ids.map((id) => inStore.get(id));
        expect(vehicles, label).toEqual(stored);
        const { vehiclesJson } = await catalogue.searchJson(type, { q, filters, sort, page, pageSize });
        expect(
          vehiclesJson.map((json) => JSON.parse(json) as unknown),
          label,
        ).toEqual(stored);
      }
    });

    it("answers every sort order like the reference", async () => {
      for (const sort of SORT_VALUES) {
        const q = query({ type: "car", sort, pageSize: 40 });
        expect((await engines().search.search(q)).ids, sort).toEqual(referenceSearch(stock, q).ids);
      }
    });

    it("chooses similar vehicles like the reference: at most eight, never the vehicle itself, the same model first", async () => {
      const reference: SearchEngine = {
        search: async (q) => referenceSearch(stock, q),
        get: async (id) => stock.find((record) => record._id === id && !record.hidden),
        close: async () => undefined,
      };
      const logger = createLogger("silent");
      const [engine, plain] = [new Catalogue(engines().store, engines().search, logger), new Catalogue(engines().store, reference, logger)];
      const popular = stock.find((record) => stock.filter((other) => other.vehicle.model === record.vehicle.model).length > 10)!;
      for (const record of [popular, ...stock.slice(0, 5)]) {
        const similar = await engine.similar(record);
        expect(similar.map((found) => found._id)).toEqual((await plain.similar(record)).map((found) => found._id));
        expect(similar.length).toBeLessThanOrEqual(8);
        expect(similar.map((found) => found._id)).not.toContain(record._id);
        for (const found of similar) expect(found.vehicle.vehicleType).toBe(record.vehicle.vehicleType);
      }
      const sameModel = (await engine.similar(popular)).filter((found) => found.vehicle.model === popular.vehicle.model);
      expect(sameModel.length).toBeGreaterThan(0);
    });

    it("keeps answering from the old stock while the new index is half built", async () => {
      const before = await engines().search.search(query({ type: "car", facets: ["make"] }));
      const replacement = pausingHalfway(stock.filter((r) => r.vehicle.vehicleType !== "car"));
      const rebuilding = engines().rebuild(replacement.scan);
      let pauses = 0;
      while (await replacement.nextPause(rebuilding)) {
        pauses++;
        expect(await engines().search.search(query({ type: "car", facets: ["make"] }))).toEqual(before);
        replacement.resume();
      }
      await rebuilding;
      expect(pauses).toBeGreaterThan(0);
      expect((await engines().search.search(query({ type: "car" }))).total).toBe(0);
    });
  });
}

/** A dealer group's stock: distances from a buyer to each vehicle's branch, the radius, and the Branch filter. */
function searchByDistanceAndBranch(open: (places?: BranchPlaces) => Promise<StockEngines>): void {
  describe("search by distance and branch, over generated stock at a group's three branches", () => {
    const places = BranchPlaces.ofDealer(loadDealerNow("dealer-group.json"));
    const codes = places.branches.map((branch) => branch.code);
    const stock = [...generateDemoStock({ count: 400, seed: 11, referenceDate: NOW, branches: codes })];
    // A buyer in Liverpool: Wigan and Warrington are about 16 miles away, Bolton 25.
    const liverpool = outcodeCentre("L3")!;
    let grouped: StockEngines;
    beforeEach(async () => {
      grouped = await open(places);
      await grouped.store.applyChange({ records: stock.map((record) => ({ id: record._id, record })), mode: "upsert" }, NOW);
      await grouped.rebuild(() => grouped.store.scan());
    });
    afterEach(async () => {
      await grouped.dispose();
    });
    const answersLikeTheReference = async (q: SearchQuery) => {
      const expected = referenceSearch(stock, q, places);
      const actual = await grouped.search.search(q);
      expect(actual.total).toBe(expected.total);
      expect(actual.ids).toEqual(expected.ids);
      return { actual, expected };
    };

    it("orders nearest first, vehicles equally near in the relevance order, each with its distance", async () => {
      for (const page of [1, 3, 6]) {
        const { actual, expected } = await answersLikeTheReference(
          query({ type: "car", sort: "distance", near: { point: liverpool }, page, pageSize: 40 }),
        );
        for (const [i, metres] of actual.distancesMetres!.entries()) expect(metres).toBeCloseTo(expected.distancesMetres![i]!, 0);
        const distances = actual.distancesMetres!;
        expect(distances).toEqual([...distances].sort((a, b) => a - b));
      }
    });

    it("keeps only the vehicles within the radius, in every order, and counts every option within it", async () => {
      const within20Miles = { point: liverpool, withinMetres: 20 * METRES_PER_MILE };
      for (const sort of ["distance", "relevance", "price_asc"] as const) {
        const { actual, expected } = await answersLikeTheReference(query({ sort, near: within20Miles, facets: FILTER_NAMES }));
        expect(actual.facets.branch!.map((option) => option.value)).toEqual(["warrington", "wigan"]);
        for (const name of FILTER_NAMES) expect(actual.facets[name], name).toEqual(expected.facets[name]);
      }
      const { actual } = await answersLikeTheReference(query({ near: { point: liverpool, withinMetres: 5 * METRES_PER_MILE } }));
      expect(actual.total).toBe(0);
    });

    it("answers a buyer's postcode and radius in miles: nearest first, each record with its distanceMiles, the API's text too", async () => {
      const catalogue = new Catalogue(grouped.store, grouped.search, createLogger("silent"), { branches: codes.length });
      for (const withinMiles of [undefined, 20]) {
        const request = { postcode: "L3 4BP", withinMiles, filters: {}, sort: "distance", page: 1, pageSize: 100 } as const;
        const near = { point: buyerLocation("L3 4BP"), ...(withinMiles ? { withinMetres: withinMiles * METRES_PER_MILE } : {}) };
        const expected = referenceSearch(stock, query({ type: "car", sort: "distance", near }), places);
        const { total, vehicles } = await catalogue.search("car", request);
        expect(total, `within ${withinMiles}`).toBe(expected.total);
        expect(total).toBeGreaterThan(0);
        expect(vehicles.map(({ _id }) => _id)).toEqual(expected.ids);
        const miles = vehicles.map(({ distanceMiles }) => distanceMiles!);
        expect(miles).toEqual(expected.distancesMetres!.map(milesFromMetres));
        expect(miles).toEqual([...miles].sort((a, b) => a - b));
        if (withinMiles) expect(Math.max(...miles)).toBeLessThanOrEqual(withinMiles);
        const { vehiclesJson } = await catalogue.searchJson("car", request);
        expect(vehiclesJson.map((json) => JSON.parse(json) as unknown)).toEqual(vehicles);
      }
      const unmeasured = await catalogue.search("car", { filters: {}, sort: "distance", page: 1, pageSize: 100 });
      expect(unmeasured.vehicles.every((vehicle) => vehicle.distanceMiles === undefined)).toBe(true);
    });

    it("filters by branch, counting each branch's vehicles without narrowing the branch's own options", async () => {
      const { actual } = await answersLikeTheReference(query({ type: "car", filters: { branch: "bolton" }, facets: ["branch", "make"] }));
      const all = referenceSearch(stock, query({ type: "car", facets: ["branch"] }), places);
      expect(actual.facets.branch).toEqual(all.facets.branch);
      expect(actual.facets.branch!.map((option) => option.value)).toEqual(["bolton", "warrington", "wigan"]);
      expect(actual.total).toBe(actual.facets.branch!.find((option) => option.value === "bolton")!.count);
      expect(actual.facets.make).toEqual(
        referenceSearch(stock, query({ type: "car", filters: { branch: "bolton" }, facets: ["make"] }), places).facets.make,
      );
    });

    it("ranks equally near keyword matches by how well they match, then by relevance", async () => {
      await answersLikeTheReference(query({ q: "fird fiesta", sort: "distance", near: { point: liverpool } }));
      await answersLikeTheReference(
        query({ q: "vauxhsll", type: "car", sort: "distance", near: { point: outcodeCentre("BL1")! }, page: 2, pageSize: 20 }),
      );
    });

    it("measures to the branches as published after the index was built, without rebuilding it", async () => {
      const filed = dealerBranches(loadDealerNow("dealer-group.json"));
      const nearLiverpool = query({
        type: "car",
        sort: "distance",
        near: { point: liverpool, withinMetres: 5 * METRES_PER_MILE },
        records: true,
      });
      expect((await grouped.search.search(nearLiverpool)).total).toBe(0);
      places.follow(
        filed.map((branch) => (branch.code === "bolton" ? { ...branch, address: { ...branch.address, postcode: "L3 4AQ" } } : branch)),
      );
      try {
        const { actual, expected } = await answersLikeTheReference(nearLiverpool);
        expect(actual.total).toBeGreaterThan(0);
        for (const [i, metres] of actual.distancesMetres!.entries()) expect(metres).toBeCloseTo(expected.distancesMetres![i]!, 0);
        await answersLikeTheReference(
          query({ type: "car", sort: "distance", near: { point: liverpool }, records: true, page: 2, pageSize: 40 }),
        );
      } finally {
        places.follow(filed);
      }
    });

    it("without a postcode, orders distance as relevance and measures nothing", async () => {
      const distance = await grouped.search.search(query({ type: "car", sort: "distance", pageSize: 50 }));
      const relevance = await grouped.search.search(query({ type: "car", sort: "relevance", pageSize: 50 }));
      expect(distance.ids).toEqual(relevance.ids);
      expect(distance.distancesMetres).toBeUndefined();
    });
  });
}
