import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STOCK_COLUMN_NAMES, stockTableQuerySchema } from "../../domain/stock-table";
import type { VehicleRecord } from "../../domain/vehicle";
import { signedInMember } from "../../tests/support/staff-accounts";
import { generateDemoStock } from "../demo-stock/generate-demo-stock";
import { FileLeadStore } from "../leads/file-lead-store";
import { FileVehicleStore } from "../store/file-vehicle-store";
import { StockTable } from "./stock-table";
import { feedRecordOf } from "./vehicle-desk";
import { FileVehicleViews } from "./vehicle-views";

/**
 * The stock table follows the store's changes rather than reading the stock again: after each
 * change, every order, filter and count must be what a table reading the whole stock gives.
 */

const now = new Date("2026-11-20T12:00:00.000Z");
const VEHICLES = 300;

/** Every column each way, a second page, and each filter. */
const ADDRESSES = [
  ...STOCK_COLUMN_NAMES.flatMap((column) => [`?sort=${column}&dir=asc`, `?sort=${column}&dir=desc`]),
  "?sort=price&page=2",
  "?status=reserved",
  "?status=hidden&sort=price",
  "?make=Ford&sort=days",
  "?q=ford",
  "?noPhotos=1",
  "?type=van&sort=price&dir=asc",
  "?over=60",
];

let dataDir: string;
let store: FileVehicleStore;
let views: FileVehicleViews;
let leads: FileLeadStore;
let staff: Awaited<ReturnType<typeof signedInMember>>;
let table: StockTable;
let logged: unknown[];

const pageOf = (of: StockTable, address: string) =>
  of.page(staff.member, stockTableQuerySchema.parse(Object.fromEntries(new URLSearchParams(address))), now);

async function expectSameAsWholeRead(): Promise<void> {
  const fresh = new StockTable(store, views, leads);
  try {
    for (const address of ADDRESSES) {
      const [followed, read] = [await pageOf(table, address), await pageOf(fresh, address)];
      expect({ address, ...followed }).toEqual({ address, ...read });
    }
  } finally {
    fresh.close();
  }
}

const stored = async (id: string) => (await store.get(id))!;
const withPrice = (record: VehicleRecord, amountGBP: number): VehicleRecord => ({
  ...record,
  adverts: { retailAdverts: { ...record.adverts.retailAdverts, totalPrice: { ...record.adverts.retailAdverts.totalPrice, amountGBP } } },
});
const upsert = (...records: VehicleRecord[]) => ({
  records: records.map((record) => ({ id: record._id, record: feedRecordOf(record) })),
  mode: "upsert" as const,
});

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "stock-table-follows-"));
  store = await FileVehicleStore.open(dataDir);
  const stock = [...generateDemoStock({ count: VEHICLES, referenceDate: new Date("2026-11-01T00:00:00Z") })];
  await store.applyChange({ ...upsert(...stock), reserve: new Map([[stock[0]!._id, true]]), hide: new Map([[stock[1]!._id, true]]) });
  views = new FileVehicleViews(dataDir);
  leads = await FileLeadStore.open(dataDir);
  staff = await signedInMember(dataDir, "stock");
  logged = [];
  table = new StockTable(store, views, leads, { info: (fields: unknown) => logged.push(fields) });
  await pageOf(table, "");
});

afterEach(async () => {
  table.close();
  await staff.close();
  await views.close();
  await leads.close();
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("the stock table after a change", () => {
  it("moves a vehicle whose price was cut to its new place, without reading the stock again", async () => {
    const wholeReads = vi.spyOn(store, "snapshot");
    const [dearest] = (await pageOf(table, "?sort=price")).rows;
    await store.applyChange(upsert(withPrice(await stored(dearest!.id), 1)));
    const cheapest = (await pageOf(table, "?sort=price&dir=asc")).rows[0];
    expect(cheapest).toMatchObject({ id: dearest!.id, price: 1 });
    await expectSameAsWholeRead();
    // The whole read above is the fresh table's: the followed one read none.
    expect(wholeReads).toHaveBeenCalledTimes(1);
  });

  it("shows an added vehicle in every order, and its make in the make filter", async () => {
    const template = await stored((await pageOf(table, "")).rows[5]!.id);
    const added = { ...template, _id: "added-vehicle", vehicle: { ...template.vehicle, make: "Zedcar", registration: "ZZ26 NEW" } };
    await store.applyChange(upsert(added));
    const page = await pageOf(table, "?q=zz26new");
    expect(page.rows.map(({ id }) => id)).toEqual(["added-vehicle"]);
    expect(page.makes).toContain("Zedcar");
    expect((await pageOf(table, "")).total).toBe(VEHICLES + 1);
    await expectSameAsWholeRead();
  });

  it("drops removed vehicles from every order, and their make once none is left", async () => {
    const { makes } = await pageOf(table, "");
    const ofEachMake = await Promise.all(
      makes.map(async (make) => ({ make, ...(await pageOf(table, `?make=${encodeURIComponent(make)}`)) })),
    );
    const rarest = ofEachMake.reduce((fewest, next) => (next.total < fewest.total ? next : fewest));
    expect(rarest.total).toBeLessThanOrEqual(50);
    await store.applyChange({ records: [], mode: "upsert", removeIds: rarest.rows.map(({ id }) => id) });
    const after = await pageOf(table, "");
    expect(after.total).toBe(VEHICLES - rarest.total);
    expect(after.makes).toEqual(makes.filter((make) => make !== rarest.make));
    await expectSameAsWholeRead();
  });

  it("shows a reserved vehicle as reserved, in the status order and filter", async () => {
    const { rows } = await pageOf(table, "?status=for+sale");
    const reserving = rows[3]!.id;
    await store.applyChange({ ...upsert(await stored(reserving)), reserve: new Map([[reserving, true]]) });
    expect((await pageOf(table, "?status=reserved")).rows.map(({ id }) => id)).toContain(reserving);
    expect((await pageOf(table, `?q=${reserving}`)).rows[0]).toMatchObject({ id: reserving, status: "reserved" });
    await expectSameAsWholeRead();
  });

  it("keeps every order and filter as a whole read gives them through many mixed changes", async () => {
    let seed = 12345;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const wholeReads = vi.spyOn(store, "snapshot");
    for (let round = 0; round < 12; round++) {
      const { rows } = await pageOf(table, `?sort=vehicle&page=${1 + random(5)}`);
      const pick = () => rows[random(rows.length)]!.id;
      const repriced = await Promise.all([pick(), pick()].map(async (id) => withPrice(await stored(id), 1000 + random(40_000))));
      const template = await stored(pick());
      const added = { ...template, _id: `added-${round}`, vehicle: { ...template.vehicle, model: `Model ${random(9)}` } };
      const reserved = pick();
      await store.applyChange({
        ...upsert(...repriced, added, await stored(reserved)),
        reserve: new Map([[reserved, random(2) === 0]]),
        removeIds: [pick()].filter((id) => !repriced.some(({ _id }) => _id === id) && id !== reserved),
      });
    }
    await expectSameAsWholeRead();
    expect(wholeReads).toHaveBeenCalledTimes(1);
  });

  it("reads the whole stock again when the store can no longer say what changed, and says why", async () => {
    const [first] = (await pageOf(table, "?sort=price")).rows;
    vi.spyOn(store, "changesSince").mockResolvedValueOnce({ kind: "resync", reason: "the follower is too far behind" });
    const wholeReads = vi.spyOn(store, "snapshot");
    await store.applyChange({ records: [], mode: "upsert", removeIds: [first!.id] });
    expect((await pageOf(table, "?sort=price")).rows.map(({ id }) => id)).not.toContain(first!.id);
    expect(wholeReads).toHaveBeenCalledTimes(1);
    expect(logged).toEqual([{ reason: "the follower is too far behind" }]);
    await expectSameAsWholeRead();
  });

  it("follows a change another process wrote to the stock file", async () => {
    const [dearest] = (await pageOf(table, "?sort=price")).rows;
    const other = await FileVehicleStore.open(dataDir);
    try {
      await other.applyChange(upsert(withPrice(await stored(dearest!.id), 2)));
    } finally {
      await other.close();
    }
    await expect.poll(async () => (await pageOf(table, "?sort=price&dir=asc")).rows[0]?.id, { timeout: 10_000 }).toBe(dearest!.id);
    expect(logged).toEqual([]);
    await expectSameAsWholeRead();
  });
});
