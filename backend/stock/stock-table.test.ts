import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stockTableQuerySchema } from "../../domain/stock-table";
import { feedRecord, KNOWN_VEHICLES } from "../../tests/support/known-vehicles";
import { signedInMember } from "../../tests/support/staff-accounts";
import { FileLeadStore } from "../leads/file-lead-store";
import { FileVehicleStore } from "../store/file-vehicle-store";
import { StockTable } from "./stock-table";
import { FileVehicleViews } from "./vehicle-views";

const now = new Date("2026-11-20T12:00:00.000Z");
const REGISTRATIONS: Record<string, string> = {
  "fiesta-2019": "MA19 ABC",
  "focus-2021": "NJ21 XYZ",
  "bmw-320d-2018": "NJ18 BMW",
  "a-class-2022": "LN22 AAA",
};

let dataDir: string;
let store: FileVehicleStore;
let views: FileVehicleViews;
let leads: FileLeadStore;
let table: StockTable;
let staff: Awaited<ReturnType<typeof signedInMember>>;
const page = (address: string) =>
  table.page(staff.member, stockTableQuerySchema.parse(Object.fromEntries(new URLSearchParams(address))), now);
const ids = async (address: string) => (await page(address)).rows.map(({ id }) => id);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "stock-table-"));
  store = await FileVehicleStore.open(dataDir);
  await store.applyChange({
    records: KNOWN_VEHICLES.map((known) => {
      const registration = REGISTRATIONS[known.id];
      return { id: known.id, record: feedRecord({ ...known, vehicle: { ...known.vehicle, ...(registration && { registration }) } }) };
    }),
    mode: "upsert",
    reserve: new Map([["focus-2021", true]]),
    hide: new Map([["a-class-2022", true]]),
  });
  views = new FileVehicleViews(dataDir);
  leads = await FileLeadStore.open(dataDir);
  staff = await signedInMember(dataDir, "stock");
  table = new StockTable(store, views, leads);
});

afterAll(async () => {
  table.close();
  await staff.close();
  await views.close();
  await leads.close();
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("the stock table", () => {
  it("lists every vehicle in stock, hidden and reserved ones too, with its status", async () => {
    const all = await page("");
    expect(all.total).toBe(KNOWN_VEHICLES.length);
    const status = Object.fromEntries(all.rows.map(({ id, status }) => [id, status]));
    expect(status).toMatchObject({ "focus-2021": "reserved", "a-class-2022": "hidden", "fiesta-2019": "for sale" });
    expect(all.makes).toEqual([...new Set(KNOWN_VEHICLES.map(({ vehicle }) => vehicle.make))].sort((a, b) => a.localeCompare(b, "en-GB")));
  });

  it("finds a vehicle by any part of its registration, make, model or id, whatever the case", async () => {
    expect(await ids("?q=NJ21")).toEqual(["focus-2021"]);
    expect((await ids("?q=nj")).sort()).toEqual(["bmw-320d-2018", "focus-2021"]);
    expect(await ids("?q=ma19abc")).toEqual(["fiesta-2019"]);
    expect(await ids("?q=MA19 ABC")).toEqual(["fiesta-2019"]);
    expect((await ids("?q=tesla")).length).toBe(1);
    expect(await ids("?q=fiesta")).toEqual(["fiesta-2019"]);
    expect(await ids("?q=320d")).toEqual(["bmw-320d-2018"]);
    expect(await ids("?q=ford focus")).toEqual(["focus-2021"]);
    expect(await ids("?q=nothing-like-it")).toEqual([]);
  });

  it("filters by type, make, status, no photos and days in stock", async () => {
    expect((await page("?type=van")).rows.every(({ type }) => type === "van")).toBe(true);
    expect((await page("?make=ford")).rows.map(({ make }) => make)).toEqual(["Ford", "Ford", "Ford"]);
    expect(await ids("?status=reserved")).toEqual(["focus-2021"]);
    expect(await ids("?noPhotos=1")).toEqual(["sandero-unknowns"]);
    // Listed on 1 November: 19 days by the 20th; 12 November: 8 days.
    const over10 = await page("?over=10");
    expect(over10.rows.every(({ daysInStock }) => daysInStock > 10)).toBe(true);
    expect(over10.rows.map(({ id }) => id)).toContain("a-class-2022");
    expect(over10.rows.map(({ id }) => id)).not.toContain("sandero-unknowns");
  });

  it("sorts by any column, each way, ties by id", async () => {
    const days = (await page("?sort=days")).rows.map(({ daysInStock }) => daysInStock);
    expect(days).toEqual([...days].sort((a, b) => b - a));
    const daysAsc = (await page("?sort=days&dir=asc")).rows.map(({ daysInStock }) => daysInStock);
    expect(daysAsc).toEqual([...days].reverse());
    const prices = (await page("?sort=price&dir=asc")).rows.map(({ price }) => price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect((await page("?sort=status")).rows.at(-1)?.status).toBe("hidden");
    expect((await page("?sort=photos&dir=asc")).rows[0]?.id).toBe("sandero-unknowns");
  });

  it("counts views and leads of the last 30 days, and sorts by them", async () => {
    views.count("bmw-320d-2018", now);
    views.count("bmw-320d-2018", now);
    views.count("fiesta-2019", new Date(now.getTime() - 40 * 24 * 60 * 60_000));
    await views.flush();
    views.count("bmw-320d-2018", now);
    await leads.add({ kind: "enquiry", receivedAt: now, vehicle: { id: "fiesta-2019", inStock: true }, data: {}, forwarded: false });
    // Counts are kept a minute: a fresh table reads them now.
    table.close();
    table = new StockTable(store, views, leads);
    const byViews = await page("?sort=views");
    expect(byViews.rows[0]).toMatchObject({ id: "bmw-320d-2018", views: 3 });
    expect(byViews.rows.find(({ id }) => id === "fiesta-2019")).toMatchObject({ views: 0, leads: 1 });
    expect((await page("?sort=leads")).rows[0]?.id).toBe("fiesta-2019");
  });

  it("pages through the stock without overlap", async () => {
    const everything = new Set<string>();
    const first = await page("?sort=price");
    for (const { id } of first.rows) everything.add(id);
    expect(everything.size).toBe(first.total);
  });

  it("is the stock manager's: a sales account is refused", async () => {
    const sales = await signedInMember(dataDir, "sales");
    await expect(table.page(sales.member, stockTableQuerySchema.parse({}), now)).rejects.toThrow();
    await sales.close();
  });

  it("counts and shows the photos buyers see: a manager's uploads, where the feed gave none", async () => {
    const sandero = KNOWN_VEHICLES.find(({ id }) => id === "sandero-unknowns")!;
    const uploaded = [
      { id: "a".repeat(32), width: 1600, height: 1200 },
      { id: "b".repeat(32), width: 1600, height: 1200 },
    ];
    await store.applyChange({
      records: [{ id: sandero.id, record: feedRecord(sandero) }],
      mode: "upsert",
      photos: new Map([[sandero.id, { uploaded }]]),
    });
    const [row] = (await page("?q=sandero-unknowns")).rows;
    expect(row).toMatchObject({ photos: 2, thumbnail: `/media/photos/${"a".repeat(32)}/320.jpg` });
    expect(await ids("?noPhotos=1")).toEqual([]);
  });

  it("follows the stock: a change shows at the next request", async () => {
    await store.applyChange({ records: [], mode: "upsert", removeIds: ["volvo-fh-2019"] });
    expect(await ids("?q=volvo-fh")).toEqual([]);
  });
});
