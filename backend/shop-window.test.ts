import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { feedRecord, KNOWN_VEHICLES, knownStockChange } from "../tests/support/known-vehicles";
import { Catalogue } from "./catalogue";
import { createLogger } from "./logger";
import { EmbeddedSearch } from "./search/embedded-search";
import { FileVehicleStore } from "./store/file-vehicle-store";

const NOW = new Date("2026-11-20T12:00:00.000Z");

let directory: string;
let store: FileVehicleStore;
let catalogue: Catalogue;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "shop-window-"));
  store = await FileVehicleStore.open(directory);
  catalogue = new Catalogue(store, new EmbeddedSearch(), createLogger("silent"));
});
afterEach(async () => {
  await catalogue.stop();
  await store.close();
  await rm(directory, { recursive: true, force: true });
});

async function stock(extra: Parameters<typeof feedRecord>[0][] = []) {
  const records = [...knownStockChange(), ...extra.map((known) => ({ id: known.id, record: feedRecord(known) }))];
  await store.applyChange({ records, mode: "upsert" }, NOW);
  await catalogue.start();
}

describe("shopWindow", () => {
  it("shows each type's lowest monthly price among vehicles at most 6 years old with at most 60,000 miles", async () => {
    await stock();
    // The Fiesta (2019) and the Sandero (no year) are cheaper but older or unknown; the Transporter has 80,000 miles.
    expect((await catalogue.shopWindow(NOW)).map((record) => record._id)).toEqual([
      "focus-2021",
      "transit-custom-2020",
      "scania-r450-2017",
    ]);
  });

  it("compares monthly prices, which add VAT to prices that exclude it", async () => {
    const transit = KNOWN_VEHICLES.find((known) => known.id === "transit-custom-2020")!;
    // Dearer than the Ex VAT Transit's £18,995, but cheaper once VAT is added to that.
    await stock([{ ...transit, id: "transit-inc-vat", price: 20_000, vatStatus: "Inc VAT" }]);
    expect((await catalogue.shopWindow(NOW))[1]?._id).toBe("transit-inc-vat");
  });

  it("widens to 10 years and 100,000 miles before falling back to the type's lowest price", async () => {
    const volvo = KNOWN_VEHICLES.find((known) => known.id === "volvo-fh-2019")!;
    await stock([{ ...volvo, id: "volvo-low-miles", price: 70_000, vehicle: { ...volvo.vehicle, odometerReadingMiles: 95_000 } }]);
    expect((await catalogue.shopWindow(NOW))[2]?._id).toBe("volvo-low-miles");
  });

  it("leaves out a type with no stock", async () => {
    await stock();
    await store.applyChange(
      { records: knownStockChange().filter(({ record }) => record.vehicle.vehicleType !== "truck"), mode: "replace" },
      NOW,
    );
    await catalogue.reindex();
    expect((await catalogue.shopWindow(NOW)).map((record) => record.vehicle.vehicleType)).toEqual(["car", "van"]);
  });
});
