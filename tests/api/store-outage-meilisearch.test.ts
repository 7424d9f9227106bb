import { MongoClient } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareIds } from "../../domain/sort";
import type { VehicleRecord } from "../../domain/vehicle";
import { priceOf } from "../../domain/vehicle-price";
import { MongoVehicleStore } from "../../backend/store/mongo-vehicle-store";
import type { BuiltSite } from "../support/built-site";
import { pairedSiteForTests, type PairedSite } from "../support/paired-site";
import { directUrl } from "../support/servers/mongodb-server";

/**
 * The built site on FerretDB and Meilisearch, set up by stock:setup, and then the store
 * stopped: every page of results (the search screens, offers, the full list), the search
 * API, the distinct call and the home page still answer 200, from Meilisearch alone, with
 * the records the store held; a vehicle's page (and the API's vehicle) is drawn from
 * Meilisearch's copy of its record; what only the store can answer (a vehicle Meilisearch
 * does not hold, which may have been sold) answers 503. It needs a store this run starts
 * itself, so that it can be stopped: FerretDB.
 */
const SUITE = "search answered by Meilisearch while the store is stopped";
const VEHICLES = 60;
const startPairedSite = await pairedSiteForTests(SUITE, process.env.FERRETDB_BINARY, VEHICLES);

if (startPairedSite) {
  let paired: PairedSite;
  let site: BuiltSite;
  /** Every vehicle as the store held it before it stopped, cheapest first. */
  let stored: VehicleRecord[];
  beforeAll(async () => {
    paired = await startPairedSite();
    site = paired.site;
    const client = new MongoClient(directUrl(paired.store.port));
    try {
      const vehicles = await MongoVehicleStore.open(client.db(paired.pairing.siteEnv.MONGODB_DB));
      const all: VehicleRecord[] = [];
      for await (const record of vehicles.scan()) all.push(record);
      stored = all.sort((a, b) => priceOf(a) - priceOf(b) || compareIds(a._id, b._id));
    } finally {
      await client.close();
    }
  }, 180_000);
  afterAll(async () => {
    await paired?.stop();
  });

  const json = async (address: string) => {
    const { status, headers, body } = await site.get(address);
    return { status, headers, body: status === 200 ? (JSON.parse(body) as unknown) : body };
  };
  const ofType = (type: string) => stored.filter(({ vehicle }) => vehicle.vehicleType === type);

  describe(SUITE, () => {
    it("is ready while both engines answer", async () => {
      expect((await site.get("/healthz/ready")).status).toBe(200);
    });

    it("answers the search API, the search screen's call and the distinct call from Meilisearch, with the store's records", async () => {
      await paired.store.stop();
      const cars = ofType("car");
      const search = await json("/api/vehicles/search/car?sort=price_asc&pageSize=100");
      expect(search.status).toBe(200);
      expect(search.headers["x-total-count"]).toBe(String(cars.length));
      expect(search.body).toEqual(cars);

      const make = cars[0]!.vehicle.make;
      const screen = await json(`/api/search/car?make=${encodeURIComponent(make)}&sort=price_asc`);
      expect(screen.status).toBe(200);
      expect(screen.body).toMatchObject({
        total: cars.filter((car) => car.vehicle.make === make).length,
        options: { make: expect.any(Array) },
      });

      const distinct = await json(`/api/vehicles/distinct/car?make=${encodeURIComponent(make)}`);
      expect(distinct.status).toBe(200);
      expect(distinct.body).toMatchObject({
        make: expect.arrayContaining([make]),
        model: expect.arrayContaining([cars[0]!.vehicle.model]),
      });
    });

    it("renders pages of results and the home page from Meilisearch", async () => {
      const van = ofType("van")[0]!;
      const pages = [`/van-search?make=${encodeURIComponent(van.vehicle.make)}`, "/car-search?sort=price_asc", "/offers", "/vehicles", "/"];
      for (const address of pages) {
        const { status, body } = await site.get(address);
        expect(status, address).toBe(200);
        if (address.startsWith("/van-search")) expect(body, address).toContain(`/vehicles/${van._id}`);
      }
      const home = (await site.get("/")).body;
      expect(home).toMatch(new RegExp(`${VEHICLES}(<!-- -->)? vehicles`));
      expect(home).toContain(`<option value="${stored.find(({ vehicle }) => vehicle.vehicleType === "car")!.vehicle.make}"`);
    });

    it("with the store stopped, a vehicle page still answers 200 from the search engine", async () => {
      const vehicle = stored.at(-1)!;
      const page = await site.get(`/vehicles/${vehicle._id}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain(vehicle.vehicle.make);
      expect(page.body).toContain(vehicle.vehicle.model);
      const api = await json(`/api/vehicles/${vehicle._id}`);
      expect(api.status).toBe(200);
      expect(api.body).toEqual(vehicle);
    });

    it("answers 503 for what only the store can answer, and says the store is down, not search", async () => {
      // Not in Meilisearch: only the store could say whether it was sold, or never stocked.
      expect((await site.get("/vehicles/never-stocked")).status).toBe(503);
      expect((await site.get(`/api/vehicle-lookup?ids=${stored[0]!._id}`)).status).toBe(503);
      expect((await site.get("/healthz")).status).toBe(200);
      const ready = await json("/healthz/ready");
      expect(ready.status).toBe(503);
      expect(JSON.parse(String(ready.body))).toMatchObject({ engines: { search: { up: true }, store: { up: false } } });
      expect(site.log()).toContain("The store engine is unavailable");
      expect(site.log()).not.toContain("The search engine is unavailable");
    });
  });
}
