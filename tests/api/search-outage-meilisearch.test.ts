import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileVehicleStore } from "../../backend/store/file-vehicle-store";
import { capturedLogger } from "../support/captured-logger";
import { KNOWN_VEHICLES, knownStockChange } from "../support/known-vehicles";
import { openMeiliSandbox, sandboxName, type MeiliSandbox } from "../support/sandboxes";
import { suiteServers } from "../support/suite-servers";
import { describeUnavailable } from "../support/test-servers";
import { startTestSite, type TestSite } from "../support/start-test-site";

/**
 * The site searching a real Meilisearch that is frozen (SIGSTOP: connections accepted, never
 * answered) and then let go mid-run, and finally stopped. It needs a Meilisearch this run
 * starts itself (MEILI_BINARY or meilisearch on PATH), since only its own process can be frozen.
 */
const SUITE = "search outages with a real Meilisearch frozen and stopped";
const servers = await suiteServers(SUITE, ["meili"]);
const meili = servers?.meili;

if (meili && !meili.signal) {
  describeUnavailable(SUITE, `${meili.label} was not started by this run, so it cannot be frozen`);
} else if (meili?.signal) {
  const signal = meili.signal;
  const logs = capturedLogger();
  let sandbox: MeiliSandbox;
  let site: TestSite;
  beforeAll(async () => {
    sandbox = await openMeiliSandbox(meili, sandboxName("outage"));
    site = await startTestSite(knownStockChange(), {
      env: { MEILI_URL: meili.url, MEILI_SEARCH_KEY: sandbox.searchKey, MEILI_INDEX: sandbox.name },
      logger: logs.logger,
    });
    const store = await FileVehicleStore.open(site.dataDir);
    await sandbox.indexer.fullSync(() => store.scan());
    await store.close();
  });
  afterAll(async () => {
    signal("SIGCONT");
    await site?.close();
  });

  const get = async (address: string) => {
    const started = performance.now();
    const response = await fetch(`${site.url}${address}`);
    await response.arrayBuffer();
    return { status: response.status, retryAfter: response.headers.get("retry-after"), ms: performance.now() - started };
  };
  const fordSearch = "/api/search/car?make=Ford";

  describe(SUITE, () => {
    it("searches while Meilisearch answers", async () => {
      expect((await get(fordSearch)).status).toBe(200);
    });

    it("answers 503 within the search deadline while Meilisearch is frozen, and the rest of the site works", async () => {
      signal("SIGSTOP");
      const search = await get(fordSearch);
      expect(search).toMatchObject({ status: 503, retryAfter: expect.any(String) });
      // The deadline is 2 s; the margin is for a busy test machine.
      expect(search.ms).toBeLessThan(3500);
      expect((await get(`/api/vehicles/${KNOWN_VEHICLES[0]!.id}`)).status).toBe(200);
      expect((await get("/healthz")).status).toBe(200);
      expect((await get("/healthz/ready")).status).toBe(503);
    });

    it("searches again as soon as Meilisearch is let go, and says so once", async () => {
      signal("SIGCONT");
      await expect.poll(async () => (await get(fordSearch)).status, { timeout: 10_000 }).toBe(200);
      expect((await get("/healthz/ready")).status).toBe(200);
      const lines = logs.text().split("\n");
      expect(lines.filter((line) => line.includes("engine is unavailable"))).toHaveLength(1);
      expect(lines.filter((line) => line.includes("engine is back"))).toHaveLength(1);
    });

    it("answers 503 at once when Meilisearch is stopped", async () => {
      signal("SIGTERM");
      await expect.poll(async () => (await get(fordSearch)).status, { timeout: 10_000 }).toBe(503);
      const search = await get(fordSearch);
      expect(search.status).toBe(503);
      expect(search.ms).toBeLessThan(1000);
    });
  });
}
