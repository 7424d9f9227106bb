import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capturedLogger } from "../support/captured-logger";
import { validApplication } from "../support/finance-applications";
import { freePort } from "../support/free-port";
import type { ChildServer } from "../support/servers/child-server";
import { directUrl, startFerretDb } from "../support/servers/mongodb-server";
import { describeUnavailable, reportRan } from "../support/test-servers";
import { startTestSite, type TestSite } from "../support/start-test-site";

/**
 * Containers in the wrong order: the site starts while nothing listens at MONGODB_URL, and
 * the MongoDB-protocol server (FerretDB, from FERRETDB_BINARY) starts after it, on that port.
 * The site connects, sets its stores up, loads its stock and serves it, without a restart.
 * It needs a server this run starts itself on a port chosen beforehand, so FerretDB alone.
 */
const SUITE = "the site started before its MongoDB";
const ferretdb = process.env.FERRETDB_BINARY;

if (!ferretdb) {
  describeUnavailable(
    SUITE,
    "FERRETDB_BINARY is not set, and only a server this run starts on a port chosen beforehand can start after the site",
  );
} else {
  reportRan(SUITE, [{ label: `FerretDB, started from FERRETDB_BINARY (${ferretdb})` }]);
  const logs = capturedLogger();
  let port: number;
  let site: TestSite;
  let server: ChildServer | undefined;
  beforeAll(async () => {
    port = await freePort();
    // Demo stock, which the site loads into an empty store once it answers.
    site = await startTestSite([], { env: { MONGODB_URL: directUrl(port), DEMO_STOCK_SIZE: "40" }, logger: logs.logger });
  });
  afterAll(async () => {
    await site?.close();
    await server?.stop();
  });

  const get = async (address: string) => {
    const response = await fetch(`${site.url}${address}`);
    return { status: response.status, body: await response.text() };
  };

  describe(SUITE, () => {
    it("answers 503 for stock while MongoDB is not there", async () => {
      expect((await get("/healthz")).status).toBe(200);
      expect((await get("/api/search/car")).status).toBe(503);
      expect((await get("/healthz/ready")).status).toBe(503);
    });

    it("serves its stock once MongoDB starts, and says once that the store is back", async () => {
      server = await startFerretDb(ferretdb, port);
      await expect.poll(async () => (await get("/api/search/car")).status, { timeout: 20_000, interval: 500 }).toBe(200);
      const { vehicles } = JSON.parse((await get("/api/search/car?pageSize=1")).body) as { vehicles: { _id: string }[] };
      expect(vehicles).toHaveLength(1);
      expect((await get(`/api/vehicles/${vehicles[0]!._id}`)).status).toBe(200);
      await expect.poll(async () => (await get("/healthz/ready")).status, { timeout: 5000 }).toBe(200);

      const lines = logs.text().split("\n");
      expect(lines.filter((line) => line.includes("engine is unavailable"))).toHaveLength(1);
      expect(lines.filter((line) => line.includes("engine is back"))).toHaveLength(1);
      expect(logs.text()).not.toMatch(/"level":50/);
    });

    it("takes a lead in the store it has just set up", async () => {
      const { vehicles } = JSON.parse((await get("/api/search/car?pageSize=1")).body) as { vehicles: { _id: string }[] };
      const response = await fetch(`${site.url}/api/finance-application`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...validApplication(), vehicleId: vehicles[0]!._id }),
      });
      expect(response.status).toBe(201);
    });
  });
}
