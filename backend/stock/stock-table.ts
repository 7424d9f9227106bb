import type { StockColumn, StockStatus, StockTableQuery } from "../../domain/stock-table";
import { directionOf, STOCK_PAGE_SIZE } from "../../domain/stock-table";
import type { VehicleRecord } from "../../domain/vehicle";
import type { VehicleType } from "../../domain/vehicle-types";
import { photoUrl, shownImages } from "../../domain/vehicle-photos";
import { priceOf } from "../../domain/vehicle-price";
import { eventLoopTurns } from "../event-loop-turns";
import type { LeadStore } from "../leads/lead-store";
import { requireRole } from "../staff/permissions";
import type { StaffMember } from "../staff/staff-access";
import type { VehicleStore } from "../store/vehicle-store";
import type { VehicleViewCounter } from "./vehicle-views";

/**
 * The stock table: every vehicle in stock, filtered, searched, sorted by any column and
 * paged, for the stock manager. Fast at 100,000 vehicles because the work is done once per
 * stock change, not per request: the rows are read from the store when the stock changes
 * (the store's watch), with each column's order worked out then; views and leads over the
 * last 30 days are counted at most once a minute, with their orders. A request then marks
 * the rows its filters keep and walks the sorted column's order to its page: two passes over
 * the stock, no sort (docs/benchmarks.md, "Stock table").
 */

export interface StockRow {
  id: string;
  registration?: string;
  type: VehicleType;
  make: string;
  model: string;
  derivative?: string;
  price: number;
  /** When it was first listed, in ms since 1970. */
  listedAtMs: number;
  photos: number;
  thumbnail?: string;
  status: StockStatus;
}

export interface StockTablePage {
  rows: (StockRow & { daysInStock: number; views: number; leads: number })[];
  total: number;
  /** Every make in stock, A–Z, for the make filter. */
  makes: string[];
}

export const ACTIVITY_DAYS = 30;
const ACTIVITY_FRESH_MS = 60_000;
const DAY_MS = 24 * 60 * 60_000;
const LEADS_PAGE = 100;
const STATUS_ORDER: Record<StockStatus, number> = { "for sale": 0, reserved: 1, hidden: 2 };

interface Built {
  rows: StockRow[];
  /** Lower-cased registration without spaces, make, model and id: what a search looks in. */
  haystacks: string[];
  makes: string[];
  /** Each static column's order (ascending, ties by id). */
  orders: Map<StockColumn, Uint32Array>;
  /** Each row's place in id order: ties are broken on it, a number, rather than comparing ids each time. */
  idRank: Uint32Array;
}

interface Activity {
  at: number;
  views: Float64Array;
  leads: Float64Array;
  orders: Map<StockColumn, Uint32Array>;
  /** The rows these counts were made for. */
  of: Built;
}

export class StockTable {
  private built?: Promise<Built>;
  private activity?: Promise<Activity>;
  private readonly stopWatching: () => void;

  constructor(
    private readonly store: VehicleStore,
    private readonly views: VehicleViewCounter,
    private readonly leads: LeadStore,
  ) {
    this.stopWatching = store.watch(() => {
      this.built = undefined;
    });
  }

  close(): void {
    this.stopWatching();
  }

  async page(member: StaffMember, query: StockTableQuery, now = new Date()): Promise<StockTablePage> {
    requireRole(member, "stock");
    const built = await this.rows();
    const activity = await this.activityOf(built, now);
    const keep = matcher(built, query, now);
    const order = orderOf(built, activity, query.sort);
    const descending = directionOf(query) === "desc";
    const from = (query.page - 1) * STOCK_PAGE_SIZE;
    const picked: number[] = [];
    let total = 0;
    for (let k = 0; k < order.length; k++) {
      const i = order[descending ? order.length - 1 - k : k]!;
      if (!keep(i)) continue;
      if (total >= from && picked.length < STOCK_PAGE_SIZE) picked.push(i);
      total++;
    }
    return {
      rows: picked.map((i) => ({
        ...built.rows[i]!,
        daysInStock: daysSince(built.rows[i]!.listedAtMs, now),
        views: activity.views[i]!,
        leads: activity.leads[i]!,
      })),
      total,
      makes: built.makes,
    };
  }

  /** Reads the stock again now, rather than at the next request after a change (the bench times it). */
  rebuild(): Promise<void> {
    this.built = undefined;
    this.activity = undefined;
    return this.rows().then(() => undefined);
  }

  private rows(): Promise<Built> {
    if (!this.built) {
      const building = build(this.store.snapshot?.() ?? this.store);
      this.built = building;
      building.catch(() => {
        if (this.built === building) this.built = undefined;
      });
    }
    return this.built;
  }

  private async activityOf(built: Built, now: Date): Promise<Activity> {
    const current = await this.activity?.catch(() => undefined);
    if (current && current.of === built && now.getTime() - current.at < ACTIVITY_FRESH_MS) return current;
    const counting = this.countActivity(built, now);
    this.activity = counting;
    return counting;
  }

  private async countActivity(built: Built, now: Date): Promise<Activity> {
    const [viewTotals, leadTotals] = await Promise.all([this.views.totals(ACTIVITY_DAYS, now), this.leadTotals(now)]);
    const views = new Float64Array(built.rows.length);
    const leads = new Float64Array(built.rows.length);
    built.rows.forEach(({ id }, i) => {
      views[i] = viewTotals.get(id) ?? 0;
      leads[i] = leadTotals.get(id) ?? 0;
    });
    const orders = new Map<StockColumn, Uint32Array>([
      ["views", ordered(built, (i) => views[i]!)],
      ["leads", ordered(built, (i) => leads[i]!)],
    ]);
    return { at: now.getTime(), views, leads, orders, of: built };
  }

  /** Leads about each vehicle received in the last 30 days (a dealer's month of leads: hundreds, read a page at a time). */
  private async leadTotals(now: Date): Promise<Map<string, number>> {
    const totals = new Map<string, number>();
    const from = new Date(now.getTime() - ACTIVITY_DAYS * DAY_MS);
    for (let page = 1; ; page++) {
      const { leads } = await this.leads.list({ from, page, pageSize: LEADS_PAGE });
      for (const { vehicle } of leads) if (vehicle) totals.set(vehicle.id, (totals.get(vehicle.id) ?? 0) + 1);
      if (leads.length < LEADS_PAGE) return totals;
    }
  }
}

function rowOf(record: VehicleRecord): StockRow {
  const { vehicle } = record;
  // What buyers see: the manager's uploads when there are any, else the feed's pictures.
  const shown = shownImages(record);
  const main = shown[0];
  return {
    id: record._id,
    ...(vehicle.registration !== undefined && { registration: vehicle.registration }),
    type: vehicle.vehicleType,
    make: vehicle.make,
    model: vehicle.model,
    ...(vehicle.derivative !== undefined && { derivative: vehicle.derivative }),
    price: priceOf(record),
    listedAtMs: Date.parse(record.createdAt),
    photos: shown.length,
    ...(main && { thumbnail: main.photo ? photoUrl(main.photo.id, 320, "jpg") : main.href }),
    status: record.hidden ? "hidden" : record.reserved ? "reserved" : "for sale",
  };
}

async function build(stock: Pick<VehicleStore, "scan">): Promise<Built> {
  const rows: StockRow[] = [];
  const takeTurn = eventLoopTurns();
  for await (const record of stock.scan()) {
    rows.push(rowOf(record));
    await takeTurn();
  }
  const haystacks = rows.map(({ registration, make, model, id }) =>
    [registration?.replace(/\s+/g, "") ?? "", make, model, id].join(" ").toLowerCase(),
  );
  const makes = [...new Set(rows.map(({ make }) => make))].sort((a, b) => a.localeCompare(b, "en-GB"));
  const byIdOrder = Uint32Array.from({ length: rows.length }, (_, i) => i).sort((a, b) =>
    rows[a]!.id < rows[b]!.id ? -1 : rows[a]!.id > rows[b]!.id ? 1 : 0,
  );
  const idRank = new Uint32Array(rows.length);
  byIdOrder.forEach((row, rank) => (idRank[row] = rank));
  const built: Built = { rows, haystacks, makes, orders: new Map(), idRank };
  const text = (i: number) => rows[i]!;
  built.orders.set(
    "registration",
    orderedText(built, (i) => text(i).registration?.replace(/\s+/g, "") ?? ""),
  );
  built.orders.set(
    "vehicle",
    orderedText(built, (i) => `${text(i).make} ${text(i).model} ${text(i).derivative ?? ""}`),
  );
  built.orders.set(
    "price",
    ordered(built, (i) => rows[i]!.price),
  );
  // Days in stock rise as the listing time falls.
  built.orders.set(
    "days",
    ordered(built, (i) => -rows[i]!.listedAtMs),
  );
  built.orders.set(
    "photos",
    ordered(built, (i) => rows[i]!.photos),
  );
  built.orders.set(
    "status",
    ordered(built, (i) => STATUS_ORDER[rows[i]!.status]),
  );
  return built;
}

function indexes(built: Built): Uint32Array {
  return Uint32Array.from({ length: built.rows.length }, (_, i) => i);
}

function ordered(built: Built, value: (i: number) => number): Uint32Array {
  const values = Float64Array.from({ length: built.rows.length }, (_, i) => value(i));
  const { idRank } = built;
  return indexes(built).sort((a, b) => values[a]! - values[b]! || idRank[a]! - idRank[b]!);
}

function orderedText(built: Built, value: (i: number) => string): Uint32Array {
  const values = Array.from({ length: built.rows.length }, (_, i) => value(i).toLowerCase());
  const { idRank } = built;
  return indexes(built).sort((a, b) => (values[a]! < values[b]! ? -1 : values[a]! > values[b]! ? 1 : idRank[a]! - idRank[b]!));
}

function orderOf(built: Built, activity: Activity, column: StockColumn): Uint32Array {
  return built.orders.get(column) ?? activity.orders.get(column)!;
}

const daysSince = (ms: number, now: Date) => Math.max(0, Math.floor((now.getTime() - ms) / DAY_MS));

/** Whether a row passes the query's filters and search. */
function matcher(built: Built, query: StockTableQuery, now: Date): (i: number) => boolean {
  const words = (query.q ?? "").toLowerCase().replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  const make = query.make?.toLowerCase();
  // Listed before this moment: in stock more than `over` whole days.
  const listedBefore = query.over === undefined ? Infinity : now.getTime() - (query.over + 1) * DAY_MS;
  return (i) => {
    const row = built.rows[i]!;
    if (query.type && row.type !== query.type) return false;
    if (make && row.make.toLowerCase() !== make) return false;
    if (query.status && row.status !== query.status) return false;
    if (query.noPhotos && row.photos > 0) return false;
    if (row.listedAtMs > listedBefore) return false;
    return words.every((word) => built.haystacks[i]!.includes(word));
  };
}
