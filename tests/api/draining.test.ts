import { rm } from "node:fs/promises";
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { knownStockChange } from "../support/known-vehicles";
import { startTestSite } from "../support/start-test-site";

/**
 * An instance told to stop drains first: its readiness check says "draining" (503) so a load
 * balancer takes it out of the pool, while it still answers what it gets, asking each client
 * to close its connection; then it stops taking connections and finishes what it holds.
 */
const get = (url: string) =>
  new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
    request(url, (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }));
    })
      .on("error", reject)
      .end();
  });

describe("draining", () => {
  it("fails readiness at once, answers meanwhile, then stops taking connections", async () => {
    const site = await startTestSite(knownStockChange(), { env: { SHUTDOWN_DRAIN_SECONDS: "1" } });
    let stopping: Promise<void> | undefined;
    try {
      expect((await get(`${site.url}/healthz/ready`)).status).toBe(200);
      const live = JSON.parse((await get(`${site.url}/healthz`)).body) as { status: string; version: string };
      expect(live).toMatchObject({ status: "ok", version: expect.stringMatching(/^\d+\.\d+\.\d+/) });

      stopping = site.stop({ drain: true });
      const ready = await get(`${site.url}/healthz/ready`);
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toEqual({ status: "draining" });
      const liveness = await get(`${site.url}/healthz`);
      expect(liveness.status).toBe(200);
      expect(JSON.parse(liveness.body)).toMatchObject({ status: "draining" });
      const vehicle = await get(`${site.url}/api/vehicles/fiesta-2019`);
      expect(vehicle.status).toBe(200);
      expect(vehicle.connection).toBe("close");

      await stopping;
      await expect(get(`${site.url}/healthz`)).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await (stopping ?? site.stop());
      await rm(site.dataDir, { recursive: true, force: true });
    }
  });
});
