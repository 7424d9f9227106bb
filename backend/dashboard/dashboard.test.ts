import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dealerBranches } from "../../domain/branches";
import type { VehicleRecord } from "../../domain/vehicle";
import { signedInMember } from "../../tests/support/staff-accounts";
import { generateDemoStock } from "../demo-stock/generate-demo-stock";
import { loadDealer } from "../dealer-config";
import { FileLeadStore } from "../leads/file-lead-store";
import { leadVehicleOf, type LeadStore } from "../leads/lead-store";
import type { StaffMember } from "../staff/staff-access";
import { FileVehicleStore } from "../store/file-vehicle-store";
import { feedRecordOf } from "../stock/vehicle-desk";
import { FileVehicleViews } from "../stock/vehicle-views";
import { Dashboard } from "./dashboard";
import { Insight, groupKey } from "./insight";
import { dayOf } from "./insight-days";
import { FileInsightStore } from "./insight-store";

/**
 * The dashboard's figures as things happen: each number is what the stores' own records
 * say (the leads stored, the replies staff made, the pages served, the stock's changes),
 * counted as they happen or, for leads stored before, once from the lead store; and each
 * role sees only its part.
 */

const NOW = new Date();
const TODAY = dayOf(NOW);
const TARGET_HOURS = 2;
const BRANCHES = dealerBranches(await loadDealer("dealer.json"));

let dataDir: string;
let store: FileVehicleStore;
let leads: FileLeadStore;
let counts: FileInsightStore;
let insight: Insight;
let dashboard: Dashboard;
let stock: VehicleRecord[];
const members: Partial<Record<"sales" | "stock" | "admin", { member: StaffMember; close(): Promise<void> }>> = {};

const upsert = (...records: VehicleRecord[]) => ({
  records: records.map((record) => ({ id: record._id, record: feedRecordOf(record) })),
  mode: "upsert" as const,
});

async function addLead(to: LeadStore, kind: "enquiry" | "test-drive", receivedAt: Date, record?: VehicleRecord) {
  const lead = { kind, receivedAt, data: {}, forwarded: false, ...(record && { vehicle: leadVehicleOf(record._id, record, BRANCHES) }) };
  const { id } = await to.add(lead);
  return { id, ...lead };
}

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "dashboard-"));
  store = await FileVehicleStore.open(dataDir);
  stock = [...generateDemoStock({ count: 50 })];
  await store.applyChange(upsert(...stock));
  leads = await FileLeadStore.open(dataDir);
  counts = await FileInsightStore.open(path.join(dataDir, "insight"));
  for (const role of ["sales", "stock", "admin"] as const) members[role] = await signedInMember(dataDir, role);
});

afterEach(async () => {
  await insight?.stop();
  for (const member of Object.values(members)) await member?.close();
  await counts.close();
  await leads.close();
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function started(): Promise<void> {
  insight = new Insight(counts, store, leads, TARGET_HOURS);
  dashboard = new Dashboard(insight, TARGET_HOURS);
  insight.start();
  await insight.settled();
}

const report = (role: "sales" | "stock" | "admin") => dashboard.report(members[role]!.member, { from: TODAY, to: TODAY });

describe("leads and replies", () => {
  it("counts leads stored before the dashboard once, and those arriving after as they arrive", async () => {
    const car = stock[0]!;
    const earlier = await addLead(leads, "enquiry", new Date(NOW.getTime() - 60_000), car);
    await leads.applyWork(earlier.id, { type: "status", status: "contacted" }, "someone", new Date(NOW.getTime() - 30_000));
    await started();
    const arriving = await addLead(leads, "test-drive", new Date(), car);
    await insight.leadArrived(arriving);
    const { leads: figures } = await report("sales");
    expect(figures!.kinds).toEqual(["enquiry", "test-drive"]);
    expect(figures!.perDay).toEqual([[1, 1]]);
    expect(figures!.replies[0]).toMatchObject({ received: 2, replied: 1, onTime: 1, meanMinutes: 1 });

    // Started again on the same data: the earlier leads are not counted a second time.
    await insight.stop();
    await started();
    expect((await report("sales")).leads!.perDay).toEqual([[1, 1]]);
  });

  it("counts a first reply when staff move a lead on from new, against the target", async () => {
    await started();
    const watched = insight.watchingReplies(leads);
    const late = await addLead(leads, "enquiry", new Date(NOW.getTime() - 3 * 3_600_000));
    await insight.leadArrived(late);
    await watched.applyWork(late.id, { type: "read" }, "someone", new Date(NOW.getTime() - 60_000));
    await watched.applyWork(late.id, { type: "status", status: "contacted" }, "someone", NOW);
    // A later change is not a first reply.
    await watched.applyWork(late.id, { type: "status", status: "won" }, "someone", new Date(NOW.getTime() + 60_000));
    const day = dayOf(late.receivedAt);
    const figures = (await dashboard.report(members.sales!.member, { from: day, to: day })).leads!;
    expect(figures.replies[0]).toMatchObject({ received: 1, replied: 1, onTime: 0, meanMinutes: 180 });
  });
});

describe("makes, models and price bands", () => {
  it("counts views and leads by the vehicle's make, model and price band", async () => {
    await started();
    const car = stock[1]!;
    const views = insight.countingViews(new FileVehicleViews(dataDir));
    for (let i = 0; i < 4; i++) views.count(car._id);
    await views.close();
    await insight.leadArrived(await addLead(leads, "enquiry", new Date(), car));
    await insight.flush();
    const { groups } = await report("admin");
    const [make, model, band] = groupKey(car.vehicle.make, car.vehicle.model, car.adverts.retailAdverts.totalPrice.amountGBP).split("|");
    expect(groups!.makes.find((row) => row.label === make)).toEqual({ label: make, views: 4, leads: 1 });
    expect(groups!.models.find((row) => row.label === `${make} ${model}`)).toEqual({ label: `${make} ${model}`, views: 4, leads: 1 });
    expect(groups!.bands.find((row) => row.label === band)).toEqual({ label: band, views: 4, leads: 1 });
  });
});

describe("the stock", () => {
  it("shows the stock's ages, a sale's days to sell, and leads before and after a price reduction", async () => {
    await started();
    const sold = stock[2]!;
    const cut = stock[3]!;
    await insight.leadArrived(await addLead(leads, "enquiry", new Date(NOW.getTime() - 3 * 86_400_000), cut));
    await store.applyChange({ records: [], mode: "upsert", removeIds: [sold._id] });
    const price = cut.adverts.retailAdverts.totalPrice.amountGBP;
    await store.applyChange(
      upsert({ ...cut, adverts: { retailAdverts: { ...cut.adverts.retailAdverts, totalPrice: { amountGBP: price - 500 } } } }),
    );
    await insight.leadArrived(await addLead(leads, "enquiry", new Date(), cut));
    await insight.followStock();
    const { stock: figures } = await dashboard.report(members.stock!.member, {
      from: dayOf(new Date(NOW.getTime() - 5 * 86_400_000)),
      to: TODAY,
    });
    expect(figures!.ages.reduce((sum, count) => sum + count, 0)).toBe(stock.length - 1);
    expect(figures!.sold.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(figures!.reductions).toEqual([
      {
        vehicleId: cut._id,
        vehicle: `${cut.vehicle.make} ${cut.vehicle.model}`,
        day: TODAY,
        fromGBP: price,
        toGBP: price - 500,
        leadsBefore: 1,
        leadsAfter: 1,
      },
    ]);
  });

  it("keeps a search that found nothing without words that name no make or model", async () => {
    await started();
    const { make } = stock[0]!.vehicle;
    insight.nothingFound("van", { q: `${make} john 07700900123 smith@example.com`, filters: { make: "Zedcar", price: { max: 1000 } } });
    insight.nothingFound("van", { q: `${make} john 07700900123 smith@example.com`, filters: { make: "Zedcar", price: { max: 1000 } } });
    await insight.flush();
    const { stock: figures } = await report("stock");
    expect(figures!.nothingFound).toEqual([{ search: `vans: Zedcar, "${make.toLowerCase()}", price=-1000`, count: 2 }]);
  });
});

describe("who sees what", () => {
  it("shows sales the leads, stock managers the stock, and admins both", async () => {
    await started();
    const sales = await report("sales");
    expect(sales.leads).toBeDefined();
    expect(sales.stock).toBeUndefined();
    expect(sales.groups).toMatchObject({ showsLeads: true, showsViews: false });
    const stockView = await report("stock");
    expect(stockView.leads).toBeUndefined();
    expect(stockView.stock).toBeDefined();
    expect(stockView.groups).toMatchObject({ showsLeads: false, showsViews: true });
    const admin = await report("admin");
    expect(admin.leads && admin.stock && admin.groups?.showsLeads && admin.groups.showsViews).toBeTruthy();
  });
});
