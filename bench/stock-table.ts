import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { generateDemoStock } from "../backend/demo-stock/generate-demo-stock";
import { FileLeadStore } from "../backend/leads/file-lead-store";
import { StockTable } from "../backend/stock/stock-table";
import { feedRecordOf } from "../backend/stock/vehicle-desk";
import { FileVehicleViews } from "../backend/stock/vehicle-views";
import { FileVehicleStore } from "../backend/store/file-vehicle-store";
import { stockTableQuerySchema } from "../domain/stock-table";
import { signedInAs, signedInMember } from "../tests/support/staff-accounts";
import { spawnBuiltSite } from "../tests/support/built-site";
import { stats, type Stats } from "./search-queries";

/**
 * The stock table (/staff/stock) at a stock size: the first page of the table as the stock
 * manager opens it and as they sort, filter and search it, timed two ways. The service alone
 * (StockTable.page, in this process), and the whole page as HTML from the production build
 * signed in as a stock manager, fetched over loopback one request at a time (a page carries
 * no Server-Timing, so this is the full response time, slightly above the server's). Also
 * how long reading the whole stock into the table takes, and how long a price cut takes to
 * show in the table once the store holds it (the store's own write of the change is not counted).
 */

export interface StockTableFigures {
  size: number;
  buildMs: number;
  /** From a price cut stored to the table's first page showing it. */
  changeShown: Stats;
  service: Stats;
  page: Stats;
}

const ROUNDS = 20;
/** Price cuts timed: few, as each rewrites the whole stock file; their p95 is the slowest. */
const CHANGES = 5;

/** Addresses of the table a manager opens: as it opens, sorted each way, filtered and searched. */
const ADDRESSES = [
  "",
  "?sort=days",
  "?sort=days&dir=asc",
  "?sort=price",
  "?sort=views",
  "?sort=registration",
  "?q=NJ21",
  "?q=hyundai",
  "?q=i20",
  "?make=Ford&sort=days",
  "?noPhotos=1",
  "?over=60&sort=price&dir=asc",
  "?type=van&status=for+sale",
];

export async function benchStockTable(size: number, port: number): Promise<StockTableFigures> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `bench-stock-table-${size}-`));
  try {
    const stock = [...generateDemoStock({ count: size, referenceDate: new Date("2026-11-01T00:00:00Z") })];
    const store = await FileVehicleStore.open(dataDir);
    await store.applyChange({ records: stock.map((record) => ({ id: record._id, record })), mode: "upsert" });
    stock.length = 0;

    const views = new FileVehicleViews(dataDir);
    const leads = await FileLeadStore.open(dataDir);
    const staff = await signedInMember(dataDir, "stock");
    const table = new StockTable(store, views, leads);
    const buildStarted = performance.now();
    await table.rebuild();
    const buildMs = performance.now() - buildStarted;
    const queries = ADDRESSES.map((address) => stockTableQuerySchema.parse(Object.fromEntries(new URLSearchParams(address))));
    const serviceTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const query of queries) {
        const started = performance.now();
        await table.page(staff.member, query);
        serviceTimes.push(performance.now() - started);
      }
    }
    const changeTimes: number[] = [];
    const cheapestFirst = stockTableQuerySchema.parse({ sort: "price", dir: "asc" });
    for (let change = 0; change < CHANGES; change++) {
      const [dearest] = (await table.page(staff.member, stockTableQuerySchema.parse({ sort: "price", dir: "desc" }))).rows;
      const record = (await store.get(dearest!.id))!;
      const { retailAdverts } = record.adverts;
      // Each cut below the ones before, so the vehicle cut is the cheapest.
      const cut = {
        ...record,
        adverts: { retailAdverts: { ...retailAdverts, totalPrice: { ...retailAdverts.totalPrice, amountGBP: CHANGES - change } } },
      };
      await store.applyChange({ records: [{ id: cut._id, record: feedRecordOf(cut) }], mode: "upsert" });
      const started = performance.now();
      const [first] = (await table.page(staff.member, cheapestFirst)).rows;
      changeTimes.push(performance.now() - started);
      if (first?.id !== cut._id) throw new Error(`The price cut of ${cut._id} did not show in the table`);
    }
    table.close();
    await staff.close();
    await views.close();
    await leads.close();
    await store.close();

    // The account signedInMember made above.
    const { sessionId } = await signedInAs(dataDir, "stock");
    const { server, url } = await spawnBuiltSite({ dataDir, port });
    try {
      const get = async (address: string) => {
        const started = performance.now();
        const response = await fetch(`${url}/staff/stock${address}`, { headers: { Cookie: `__Host-staff_session=${sessionId}` } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`/staff/stock${address} answered ${response.status}`);
        return performance.now() - started;
      };
      // The first request reads the stock into the table; then warm, as a running site is.
      for (const address of ADDRESSES) await get(address);
      const pageTimes: number[] = [];
      for (let round = 0; round < ROUNDS; round++) for (const address of ADDRESSES) pageTimes.push(await get(address));
      return { size, buildMs, changeShown: stats(changeTimes), service: stats(serviceTimes), page: stats(pageTimes) };
    } finally {
      // Gone before its folder is deleted: a site writes its views and logs as it stops.
      const exited = once(server, "exit");
      server.kill("SIGTERM");
      await exited;
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function stockTableRows(figures: readonly StockTableFigures[]): string[] {
  if (figures.length === 0) return [];
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return [
    `Stock table (/staff/stock), first page of 50, over ${ADDRESSES.length} addresses (sorts, filters, searches) × ${ROUNDS}:`,
    "",
    `| vehicles | service median | service p95 | whole page median | whole page p95 | whole stock read into the table | price cut shown, median of ${CHANGES} | slowest |`,
    "|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...figures.map(
      (f) =>
        `| ${f.size.toLocaleString("en-GB")} | ${ms(f.service.median)} | ${ms(f.service.p95)} | ${ms(f.page.median)} | ${ms(f.page.p95)} | ${(f.buildMs / 1000).toFixed(2)} s | ${ms(f.changeShown.median)} | ${ms(f.changeShown.p95)} |`,
    ),
    "",
  ];
}
