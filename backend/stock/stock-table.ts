import type { StockTableQuery } from "../../domain/stock-table";
import { directionOf, STOCK_PAGE_SIZE } from "../../domain/stock-table";
import type { LeadStore } from "../leads/lead-store";
import type { Logger } from "../logger";
import { requireRole } from "../staff/permissions";
import type { StaffMember } from "../staff/staff-access";
import { StockFollower } from "../store/stock-follower";
import type { VehicleStore } from "../store/vehicle-store";
import { NOT_COUNTED, StockRows, type Activity, type StockRow } from "./stock-rows";
import type { VehicleViewCounter } from "./vehicle-views";

/**
 * The stock table: every vehicle in stock, filtered, searched, sorted by any column and
 * paged, for the stock manager. Fast at 100,000 vehicles because the work is done as the
 * stock changes, not per request: the stock is read whole once, and after that each change
 * the store reports touches only the rows it changed, keeping each column's order (the
 * store's change feed, followed as the search indexes follow it; stock-rows.ts); views and
 * leads over the last 30 days are counted at most once a minute, with their orders. A
 * request then marks the rows its filters keep and walks the sorted column's order to its
 * page: two passes over the stock, no sort (docs/benchmarks.md, "Stock table").
 */

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

export class StockTable {
  /** The newest version of the rows made so far. */
  private latest: StockRows | undefined;
  /** The steps making the next versions, run one after another, each from the one before. */
  private steps: Promise<unknown> = Promise.resolve();
  /** Whether any request has asked for the table: until then, changes are not followed. */
  private wanted = false;
  private readonly follower: StockFollower;
  private readonly stopWatching: () => void;

  constructor(
    store: VehicleStore,
    private readonly views: VehicleViewCounter,
    private readonly leads: LeadStore,
    logger?: Pick<Logger, "info">,
  ) {
    this.follower = new StockFollower(store, logger);
    this.stopWatching = store.watch(() => {
      if (this.wanted) void this.step((rows) => this.followed(rows)).catch(() => undefined);
    });
  }

  close(): void {
    this.stopWatching();
  }

  async page(member: StaffMember, query: StockTableQuery, now = new Date()): Promise<StockTablePage> {
    requireRole(member, "stock");
    this.wanted = true;
    // Waits for the changes heard of so far: a price cut shows in the next page asked for.
    let table = await this.step(async (rows) => rows ?? this.followed(undefined));
    if (isStale(table.activity, now)) {
      table = await this.step(async (rows) => {
        const current = rows ?? (await this.followed(undefined));
        return isStale(current.activity, now) ? current.withActivity(await this.countActivity(now)) : current;
      });
    }
    const { activity } = table;
    const keep = matcher(table, query, now);
    const order = table.order(query.sort);
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
      rows: picked.map((i) => {
        const row = table.rows[i]!;
        return {
          ...row,
          daysInStock: daysSince(row.listedAtMs, now),
          views: activity.views.get(row.id) ?? 0,
          leads: activity.leads.get(row.id) ?? 0,
        };
      }),
      total,
      makes: [...table.makes],
    };
  }

  /** Reads the whole stock again now, rather than follow its changes (the bench times it). */
  async rebuild(): Promise<void> {
    this.wanted = true;
    await this.step((rows) => {
      this.follower.restart();
      return this.followed(rows);
    });
  }

  /**
   * Runs `make` after the steps before it, with the newest version made so far (none at first,
   * or after the stock could not be read), and keeps what it makes as the newest. A step that
   * fails leaves the version before it as the newest, and the follower where it was.
   */
  private step(make: (rows: StockRows | undefined) => Promise<StockRows>): Promise<StockRows> {
    const made = this.steps.then(() => make(this.latest)).then((rows) => (this.latest = rows));
    this.steps = made.catch(() => undefined);
    return made;
  }

  /** The next version of `rows` after what changed in the stock since them; the whole stock without them. */
  private followed(rows: StockRows | undefined): Promise<StockRows> {
    if (!rows) this.follower.restart();
    return this.follower.step((step) =>
      step.kind === "whole" ? StockRows.read(step.records, rows?.activity ?? NOT_COUNTED) : rows!.changed(step.upserts, step.removedIds),
    );
  }

  private async countActivity(now: Date): Promise<Activity> {
    const [views, leads] = await Promise.all([this.views.totals(ACTIVITY_DAYS, now), this.leadTotals(now)]);
    return { countedAt: now.getTime(), views, leads };
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

const isStale = (activity: Activity, now: Date) => now.getTime() - activity.countedAt >= ACTIVITY_FRESH_MS;

const daysSince = (ms: number, now: Date) => Math.max(0, Math.floor((now.getTime() - ms) / DAY_MS));

/** Whether a row passes the query's filters and search. */
function matcher(table: StockRows, query: StockTableQuery, now: Date): (i: number) => boolean {
  const words = (query.q ?? "").toLowerCase().replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  const make = query.make?.toLowerCase();
  // Listed before this moment: in stock more than `over` whole days.
  const listedBefore = query.over === undefined ? Infinity : now.getTime() - (query.over + 1) * DAY_MS;
  return (i) => {
    const row = table.rows[i]!;
    if (query.type && row.type !== query.type) return false;
    if (make && row.make.toLowerCase() !== make) return false;
    if (query.status && row.status !== query.status) return false;
    if (query.noPhotos && row.photos > 0) return false;
    if (row.listedAtMs > listedBefore) return false;
    return words.every((word) => table.haystacks[i]!.includes(word));
  };
}
