import path from "node:path";
import { writeFile } from "node:fs/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import { knownStockChange } from "../support/known-vehicles";
import { runCli } from "../support/run-cli";
import { startTestSite, type TestSite } from "../support/start-test-site";

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite(knownStockChange().slice(0, 3));
});
afterAll(async () => {
  await site.close();
});

const totalCars = async () => Number((await fetch(`${site.url}/api/vehicles/search/car`)).headers.get("x-total-count"));

it("serves stock imported from the command line without a restart", async () => {
  expect(await totalCars()).toBe(3);
  const feed = path.join(site.dataDir, "feed.csv");
  await writeFile(feed, "_id,vehicleType,make,model,price\nnew-1,car,Kia,Ceed,11995\nnew-2,car,Kia,Sportage,18995\n");
  const { status } = await runCli(["import", feed], site.dataDir).done;
  expect(status).toBe(0);
  await expect.poll(totalCars, { timeout: 10_000 }).toBe(5);
  const kia = await (await fetch(`${site.url}/api/vehicles/distinct/car?make=Kia`)).json();
  expect(kia).toMatchObject({ model: ["Ceed", "Sportage"] });
});

it("rebuilds when a reindex is asked for from the command line, answering throughout", async () => {
  const indexedBefore = (await (await fetch(`${site.url}/healthz`)).json()).indexedAt;
  const { status } = await runCli(["reindex"], site.dataDir).done;
  expect(status).toBe(0);
  const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${site.url}/api/vehicles/search/car`)));
  expect(answers.every((response) => response.status === 200)).toBe(true);
  await expect.poll(async () => (await (await fetch(`${site.url}/healthz`)).json()).indexedAt, { timeout: 10_000 }).not.toBe(indexedBefore);
});
