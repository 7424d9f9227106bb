import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capturedLogger } from "../support/captured-logger";
import { validApplication } from "../support/finance-applications";
import { freePort } from "../support/free-port";
import { KNOWN_VEHICLES } from "../support/known-vehicles";
import { startTestSite, type TestSite } from "../support/start-test-site";

/**
 * The site started with MONGODB_URL at a loopback port nothing listens on, as when its
 * container starts before MongoDB's: it starts all the same, stays live, says the store is
 * down, and answers a quick 503 for whatever needs the store.
 */
const logs = capturedLogger();
let site: TestSite;
let startMs: number;
beforeAll(async () => {
  const started = performance.now();
  site = await startTestSite([], {
    env: { MONGODB_URL: `mongodb://127.0.0.1:${await freePort()}/?directConnection=true` },
    logger: logs.logger,
  });
  startMs = performance.now() - started;
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

describe("with MongoDB unreachable from the start", () => {
  it("starts, after one try of the store", () => {
    expect(site.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // The driver gives up on selecting a server after 2 s; the margin is for a busy machine.
    expect(startMs).toBeLessThan(5000);
  });

  it("stays live, answering at once, and reports itself not ready because of the store", async () => {
    const live = await timed("/healthz");
    expect(live.response.status).toBe(200);
    // Not held by the store: well under the driver's 2 s wait for a server (a busy machine has taken 0.5 s).
    expect(live.ms).toBeLessThan(1500);
    const ready = await timed("/healthz/ready");
    expect(ready.response.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({
      status: "unavailable",
      engines: { store: { up: false, downSince: expect.any(String) } },
    });
  });

  it.each([`/api/vehicles/${KNOWN_VEHICLES[0]!.id}`, "/api/search/car?make=Ford", "/api/vehicles/distinct/van"])(
    "%s answers 503 store_unavailable with Retry-After, within the store's deadline",
    async (address) => {
      const { response, body, ms } = await timed(address);
      expect(response.status).toBe(503);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(JSON.parse(body)).toEqual({ error: { code: "store_unavailable", message: expect.stringContaining("try again") } });
      expect(ms).toBeLessThan(3500);
    },
  );

  it("answers a finance application 503 store_unavailable within the lead deadline", async () => {
    const { response, body, ms } = await timed("/api/finance-application", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...validApplication(), vehicleId: KNOWN_VEHICLES[0]!.id }),
    });
    expect(response.status).toBe(503);
    expect(JSON.parse(body).error.code).toBe("store_unavailable");
    expect(ms).toBeLessThan(5500);
  });

  it("logs the outage once, while it keeps trying the store in the background", async () => {
    await new Promise((resolve) => setTimeout(resolve, 4500));
    const outageLines = logs
      .text()
      .split("\n")
      .filter((line) => line.includes("engine is unavailable"));
    expect(outageLines).toHaveLength(1);
    expect(JSON.parse(outageLines[0]!)).toMatchObject({ level: 40, engine: "store" });
    expect(logs.text()).not.toMatch(/"level":50/);
  });
});
