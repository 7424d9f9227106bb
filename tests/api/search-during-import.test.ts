import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { generateDemoStock } from "../../backend/demo-stock/generate-demo-stock";
import { priceOf } from "../../domain/vehicle-price";
import type { VehicleRecord } from "../../domain/vehicle";
import { runCli } from "../support/run-cli";
import { startTestSite, type TestSite } from "../support/start-test-site";

/**
 * While the site takes in a large --replace import made from the command line, every
 * search answers from one version of the stock: the old one until the new index is in,
 * then the new one. Never ids from one with records from the other, which gives pages
 * shorter than their total says, or vehicles filtered by one price and shown with another.
 */

const STOCK = 20_000;
const MAX_PRICE = 15_000;
const PAGE_SIZE = 100;

const oldStock = [...generateDemoStock({ count: STOCK, seed: 7, referenceDate: new Date("2026-11-01T00:00:00Z") })];
// Every other vehicle sold, and every one left £2,500 dearer.
const newStock = oldStock
  .filter((_, i) => i % 2 === 0)
  .map((record) => ({
    ...record,
    adverts: { retailAdverts: { ...record.adverts.retailAdverts, totalPrice: { amountGBP: priceOf(record) + 2500 } } },
  }));
const cheapCars = (stock: VehicleRecord[]) => stock.filter((r) => r.vehicle.vehicleType === "car" && priceOf(r) <= MAX_PRICE).length;

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite(oldStock.map((record) => ({ id: record._id, record })));
}, 120_000);
afterAll(async () => {
  await site.close();
});

interface Answer {
  page: number;
  total: number;
  records: VehicleRecord[];
}

async function search(page: number): Promise<Answer> {
  const response = await fetch(
    `${site.url}/api/vehicles/search/car?price=-${MAX_PRICE}&sort=price_desc&page=${page}&pageSize=${PAGE_SIZE}`,
  );
  expect(response.status).toBe(200);
  return { page, total: Number(response.headers.get("x-total-count")), records: (await response.json()) as VehicleRecord[] };
}

/** What is wrong with an answer, if anything. */
function problemsOf({ page, total, records }: Answer): string[] {
  const expectedLength = Math.min(PAGE_SIZE, Math.max(0, total - (page - 1) * PAGE_SIZE));
  const problems: string[] = [];
  if (records.length !== expectedLength)
    problems.push(`page ${page} of ${total} matches held ${records.length} vehicles, not ${expectedLength}`);
  const dear = records.filter((r) => priceOf(r) > MAX_PRICE);
  if (dear.length > 0) problems.push(`page ${page} showed ${dear.length} vehicles over £${MAX_PRICE}`);
  return problems;
}

it("answers every search from one version of the stock while a --replace import goes in", async () => {
  const before = cheapCars(oldStock);
  const after = cheapCars(newStock);
  expect((await search(1)).total).toBe(before);

  const feed = path.join(site.dataDir, "replace.ndjson");
  await writeFile(feed, newStock.map((record) => `${JSON.stringify(record)}\n`).join(""));
  const importing = runCli(["import", feed, "--replace", "--allow-mass-removal"], site.dataDir).done;
  let imported = false;
  void importing.then(() => (imported = true));

  // Page 1 and the last page of the old matches, which the new stock no longer fills.
  const pages = [1, Math.ceil(before / PAGE_SIZE)];
  const problems: string[] = [];
  const totals = new Set<number>();
  let searches = 0;
  let newAnswers = 0;
  const deadline = Date.now() + 60_000;
  while (newAnswers < 20 && Date.now() < deadline) {
    const answers = await Promise.all(pages.map(search));
    searches += answers.length;
    for (const answer of answers) {
      totals.add(answer.total);
      problems.push(...problemsOf(answer));
      if (imported && answer.total === after) newAnswers++;
    }
  }

  expect((await importing).status).toBe(0);
  expect(problems).toEqual([]);
  expect([...totals].sort()).toEqual([after, before].sort());
  expect(searches).toBeGreaterThan(100);
}, 120_000);
