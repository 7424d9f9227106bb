import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { FileVehicleStore } from "../../backend/store/file-vehicle-store";
import { spawnBuiltSite, type SiteProcess } from "../support/built-site";
import { freePort } from "../support/free-port";
import { KNOWN_VEHICLES, knownStockChange } from "../support/known-vehicles";

/**
 * The built site's pages with stock in the embedded store and MEILI_URL at a loopback port
 * nothing listens on (Meilisearch stopped): the home page and vehicle pages still work, and
 * the search page says plainly that search is down, with the dealer's number.
 */
const DEALER_PHONE = "0151 496 0000";

let site: SiteProcess;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "dealer-site-outage-"));
  const store = await FileVehicleStore.open(dataDir);
  await store.applyChange({ records: knownStockChange(), mode: "upsert" });
  await store.close();
  site = await spawnBuiltSite({
    dataDir,
    port: await freePort(),
    env: { MEILI_URL: `http://127.0.0.1:${await freePort()}`, MEILI_SEARCH_KEY: "a-search-key" },
    timeoutMs: 30_000,
  });
});
afterAll(async () => {
  if (site) {
    const exited = new Promise((resolve) => site.server.once("exit", resolve));
    site.server.kill("SIGTERM");
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
});

async function page(address: string) {
  const started = performance.now();
  const response = await fetch(`${site.url}${address}`);
  return { status: response.status, headers: response.headers, html: await response.text(), ms: performance.now() - started };
}

it("serves the home page without its offers", async () => {
  const { status, html } = await page("/");
  expect(status).toBe(200);
  expect(html).toContain("Find your next car, van or truck");
  expect(html).not.toContain('id="offers-heading"');
  expect(html).toContain(DEALER_PHONE);
});

it("answers the search page with 503, Retry-After and the dealer's number, within 2 s", async () => {
  const { status, headers, html, ms } = await page("/car-search?make=Ford");
  expect(status).toBe(503);
  expect(Number(headers.get("retry-after"))).toBeGreaterThan(0);
  expect(html).toContain("Search isn&#x27;t working just now");
  expect(html).toContain(`href="tel:${DEALER_PHONE.replaceAll(" ", "")}"`);
  expect(html).toContain('href="/car-search?make=Ford"');
  expect(html).toContain("Try again");
  // The header and footer are there, as on every page.
  expect(html).toMatch(/<header[\s\S]*<main[\s\S]*<footer/);
  expect(ms).toBeLessThan(2000);
});

it("serves a vehicle's page, without similar vehicles", async () => {
  const { status, html } = await page(`/vehicles/${KNOWN_VEHICLES[0]!.id}`);
  expect(status).toBe(200);
  expect(html).toContain(KNOWN_VEHICLES[0]!.vehicle.model);
});

it("serves a category page without its make list", async () => {
  const { status, html } = await page("/cars/used");
  expect(status).toBe(200);
  expect(html).toContain(DEALER_PHONE);
});
