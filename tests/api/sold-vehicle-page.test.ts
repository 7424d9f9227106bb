import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileVehicleStore } from "../../backend/store/file-vehicle-store";
import { KNOWN_VEHICLES, knownStockChange } from "../support/known-vehicles";
import { startBuiltSite, type BuiltSite } from "../support/built-site";
import { sellVehicle } from "../support/start-test-site";

/**
 * A vehicle's page after it is sold: shared links and search engines still ask for it, and a
 * buyer is told it has gone, what it was, and what is like it, rather than that it never was.
 */
let site: BuiltSite;
let dataDir: string;
const SOLD = "focus-2021";
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "sold-vehicle-page-"));
  const store = await FileVehicleStore.open(dataDir);
  await store.applyChange({ records: knownStockChange(), mode: "upsert" });
  await store.close();
  await sellVehicle(SOLD)(dataDir);
  site = await startBuiltSite({}, { dataDir });
});
afterAll(async () => {
  await site?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe("a sold vehicle's page", () => {
  it("answers 410 saying the vehicle has been sold, what it was, and similar cars in stock, kept out of search engines", async () => {
    const answer = await site.get(`/vehicles/${SOLD}`);
    expect(answer.status).toBe(410);
    // React marks where text parts meet with empty comments.
    const page = { body: answer.body.replaceAll("<!-- -->", "") };
    expect(page.body).toContain("This vehicle has been sold");
    const { vehicle } = KNOWN_VEHICLES.find((known) => known.id === SOLD)!;
    expect(page.body).toContain(
      `The ${vehicle.make} ${vehicle.model} ${vehicle.derivative} (${vehicle.yearOfManufacture}, 18,000 miles, £15,495)`,
    );
    expect(page.body).toMatch(/<meta name="robots" content="noindex"\/>/);
    expect(page.body).toContain("Similar cars in stock");
    // A car within a fifth of its price is offered (the BMW at £16,995); the sold one is not linked as for sale.
    expect(page.body).toMatch(/href="\/vehicles\/bmw-320d-2018"/);
    expect(page.body).not.toMatch(new RegExp(`href="/vehicles/${SOLD}"`));
  });

  it("is rendered afresh each time, never kept by the page cache", async () => {
    const answers = [await site.get(`/vehicles/${SOLD}`), await site.get(`/vehicles/${SOLD}`)];
    expect(answers.map((answer) => answer.status)).toEqual([410, 410]);
    expect(answers.map((answer) => answer.headers["x-page-cache"] ?? "none")).not.toContain("hit");
  });

  it("still answers 404 Vehicle not found. for a vehicle never listed", async () => {
    const page = await site.get("/vehicles/never-listed-here");
    expect(page.status).toBe(404);
    expect(page.body).toContain("Vehicle not found.");
  });
});
