import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileVehicleStore } from "../../backend/store/file-vehicle-store";
import { capturedLogger } from "../support/captured-logger";
import { validApplication } from "../support/finance-applications";
import { freePort } from "../support/free-port";
import { feedRecord, KNOWN_VEHICLES, knownStockChange } from "../support/known-vehicles";
import { startTestSite, type TestSite } from "../support/start-test-site";

/**
 * The site with its stock in the embedded store and MEILI_URL at a loopback port nothing
 * listens on: every connection to Meilisearch is refused, as when its container is stopped.
 * What needs search answers a quick 503 with Retry-After; the rest of the site works.
 */
const logs = capturedLogger();
let site: TestSite;
beforeAll(async () => {
  const closedPort = await freePort();
  site = await startTestSite(knownStockChange(), {
    env: { MEILI_URL: `http://127.0.0.1:${closedPort}`, MEILI_SEARCH_KEY: "a-search-key" },
    logger: logs.logger,
  });
});
afterAll(async () => {
  await site?.close();
});

async function timed(address: string, init?: RequestInit) {
  const started = performance.now();
  const response = await fetch(`${site.url}${address}`, init);
  const body = await response.text();
  return { response, body, ms: performance.now() - started };
}

describe("with Meilisearch unreachable", () => {
  it.each(["/api/search/car?make=Ford", "/api/vehicles/search/car?sort=price_asc", "/api/vehicles/distinct/van", "/api/vehicles"])(
    "%s answers 503 search_unavailable with Retry-After, within 2 s",
    async (address) => {
      const { response, body, ms } = await timed(address);
      expect(response.status).toBe(503);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(JSON.parse(body)).toEqual({ error: { code: "search_unavailable", message: expect.stringContaining("try again") } });
      expect(ms).toBeLessThan(2000);
    },
  );

  it("still serves a vehicle's record from the store", async () => {
    const { response, body } = await timed(`/api/vehicles/${KNOWN_VEHICLES[0]!.id}`);
    expect(response.status).toBe(200);
    expect(JSON.parse(body)._id).toBe(KNOWN_VEHICLES[0]!.id);
  });

  it("still takes a finance application", async () => {
    const { response } = await timed("/api/finance-application", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...validApplication(), vehicleId: KNOWN_VEHICLES[0]!.id }),
    });
    expect(response.status).toBe(201);
  });

  it("stays live, and reports itself not ready because of search alone", async () => {
    expect((await timed("/healthz")).response.status).toBe(200);
    const ready = await timed("/healthz/ready");
    expect(ready.response.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({
      status: "unavailable",
      engines: { search: { up: false, downSince: expect.any(String) }, store: { up: true } },
    });
  });

  it("logs the outage once, not once per request, and without the query", async () => {
    await Promise.all(Array.from({ length: 10 }, () => timed("/api/search/car?make=Kia&model=Ceed")));
    const outageLines = logs
      .text()
      .split("\n")
      .filter((line) => line.includes("engine is unavailable"));
    expect(outageLines).toHaveLength(1);
    expect(JSON.parse(outageLines[0]!)).toMatchObject({ level: 40, engine: "search" });
    expect(logs.text()).not.toMatch(/"level":50/);
    expect(outageLines[0]).not.toContain("Ceed");
  });

  it("follows the embedded store: a vehicle another process stores is served within seconds", async () => {
    const store = await FileVehicleStore.open(site.dataDir);
    await store.applyChange({
      records: [{ id: "imported-later", record: feedRecord({ ...KNOWN_VEHICLES[0]!, id: "imported-later" }) }],
      mode: "upsert",
    });
    await store.close();
    await expect.poll(async () => (await fetch(`${site.url}/api/vehicles/imported-later`)).status, { timeout: 8000 }).toBe(200);
  });
});
