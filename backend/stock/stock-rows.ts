import type { StockColumn, StockStatus } from "../../domain/stock-table";
import type { VehicleRecord } from "../../domain/vehicle";
import type { VehicleType } from "../../domain/vehicle-types";
import { photoUrl, shownImages } from "../../domain/vehicle-photos";
import { priceOf } from "../../domain/vehicle-price";
import { sortTakingTurns } from "../event-loop-turns";

/**
 * The stock table's rows, with each column's order worked out, one version per stock change.
 * A version is never edited: a change makes the next one from it, touching only the rows the
 * change touched and merging them into each column's order (one pass over it, not a sort),
 * so a request reading a version while the next is made reads a table that holds together.
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

/** Views and leads of each vehicle over the last 30 days, as counted at `countedAt` (ms since 1970). */
export interface Activity {
  countedAt: number;
  views: ReadonlyMap<string, number>;
  leads: ReadonlyMap<string, number>;
}

export const NOT_COUNTED: Activity = { countedAt: -Infinity, views: new Map(), leads: new Map() };

const STATUS_ORDER: Record<StockStatus, number> = { "for sale": 0, reserved: 1, hidden: 2 };

type Key = number | string;

/** Each column's key, sorted ascending, ties by id. */
const COLUMN_KEYS: Record<StockColumn, (row: StockRow, activity: Activity) => Key> = {
  registration: (row) => row.registration?.replace(/\s+/g, "").toLowerCase() ?? "",
  vehicle: (row) => `${row.make} ${row.model} ${row.derivative ?? ""}`.toLowerCase(),
  price: (row) => row.price,
  // Days in stock rise as the listing time falls.
  days: (row) => -row.listedAtMs,
  photos: (row) => row.photos,
  views: (row, activity) => activity.views.get(row.id) ?? 0,
  leads: (row, activity) => activity.leads.get(row.id) ?? 0,
  status: (row) => STATUS_ORDER[row.status],
};
const COUNTED_COLUMNS: readonly StockColumn[] = ["views", "leads"];

interface ColumnOrder {
  /** Each slot's key. */
  keys: readonly Key[];
  /** The live slots, in the column's order. */
  order: Uint32Array;
}

/**
 * Where each vehicle's row is kept, shared by a table's versions: only the newest version is
 * ever changed, and the older ones never look here.
 */
interface Slots {
  byId: Map<string, number>;
  /** Slots of removed vehicles, for the next ones added. */
  free: number[];
  makeCounts: Map<string, number>;
}

export class StockRows {
  private superseded = false;

  private constructor(
    /** Each slot's row; a removed vehicle's slot is empty until a vehicle added later takes it. */
    readonly rows: readonly (StockRow | undefined)[],
    /** Lower-cased registration without spaces, make, model and id: what a search looks in. */
    readonly haystacks: readonly string[],
    /** Every make in stock, A–Z, for the make filter. */
    readonly makes: readonly string[],
    readonly activity: Activity,
    private readonly columns: ReadonlyMap<StockColumn, ColumnOrder>,
    private readonly slots: Slots,
  ) {}

  /** The rows of the whole stock, each column sorted (taking turns: seconds of work at 100,000 vehicles). */
  static async read(records: AsyncIterable<VehicleRecord>, activity: Activity): Promise<StockRows> {
    const slots: Slots = { byId: new Map(), free: [], makeCounts: new Map() };
    const rows: StockRow[] = [];
    for await (const record of records) {
      const row = rowOf(record);
      slots.byId.set(row.id, rows.length);
      rows.push(row);
      countMake(slots.makeCounts, row.make, 1);
    }
    const columns = new Map<StockColumn, ColumnOrder>();
    for (const column of Object.keys(COLUMN_KEYS) as StockColumn[]) columns.set(column, await sorted(rows, COLUMN_KEYS[column], activity));
    return new StockRows(rows, rows.map(haystackOf), makesOf(slots.makeCounts), activity, columns, slots);
  }

  /** The next version: these vehicles added or changed, as they are now, and these removed. */
  async changed(upserts: AsyncIterable<VehicleRecord>, removedIds: readonly string[]): Promise<StockRows> {
    const incoming: StockRow[] = [];
    for await (const record of upserts) incoming.push(rowOf(record));
    // A change heard of twice (or a signal with no change) is found empty the second time.
    if (incoming.length === 0 && removedIds.length === 0) return this;
    this.supersede();
    const rows = this.rows.slice();
    const haystacks = this.haystacks.slice();
    const { byId, free, makeCounts } = this.slots;
    const makesBefore = makeCounts.size;
    const touched = new Set<number>();
    for (const id of removedIds) {
      const slot = byId.get(id);
      if (slot === undefined) continue;
      countMake(makeCounts, rows[slot]!.make, -1);
      rows[slot] = undefined;
      haystacks[slot] = "";
      byId.delete(id);
      free.push(slot);
      touched.add(slot);
    }
    for (const row of incoming) {
      let slot = byId.get(row.id);
      if (slot === undefined) {
        slot = free.pop() ?? rows.length;
        byId.set(row.id, slot);
      } else countMake(makeCounts, rows[slot]!.make, -1);
      countMake(makeCounts, row.make, 1);
      rows[slot] = row;
      haystacks[slot] = haystackOf(row);
      touched.add(slot);
    }
    const columns = new Map<StockColumn, ColumnOrder>();
    for (const [column, order] of this.columns) columns.set(column, await merged(order, rows, touched, COLUMN_KEYS[column], this.activity));
    // Listed again only when a make came or went.
    const makes = makeCounts.size === makesBefore && this.makes.every((make) => makeCounts.has(make)) ? this.makes : makesOf(makeCounts);
    return new StockRows(rows, haystacks, makes, this.activity, columns, this.slots);
  }

  /** The next version, with views and leads as newly counted and their columns sorted again. */
  async withActivity(activity: Activity): Promise<StockRows> {
    this.supersede();
    const columns = new Map(this.columns);
    for (const column of COUNTED_COLUMNS) columns.set(column, await sorted(this.rows, COLUMN_KEYS[column], activity));
    return new StockRows(this.rows, this.haystacks, this.makes, activity, columns, this.slots);
  }

  /** The live slots in the column's ascending order. */
  order(column: StockColumn): Uint32Array {
    return this.columns.get(column)!.order;
  }

  private supersede(): void {
    if (this.superseded) throw new Error("Only the newest version of the stock table's rows can be changed");
    this.superseded = true;
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

const haystackOf = ({ registration, make, model, id }: StockRow) =>
  [registration?.replace(/\s+/g, "") ?? "", make, model, id].join(" ").toLowerCase();

function countMake(counts: Map<string, number>, make: string, by: 1 | -1): void {
  const count = (counts.get(make) ?? 0) + by;
  if (count === 0) counts.delete(make);
  else counts.set(make, count);
}

const makesOf = (counts: ReadonlyMap<string, number>) => [...counts.keys()].sort((a, b) => a.localeCompare(b, "en-GB"));

/** Ascending by key, ties by id: a total order, as every id is different. */
function compareBy(keys: readonly Key[], rows: readonly (StockRow | undefined)[]): (a: number, b: number) => number {
  return (a, b) => {
    const x = keys[a]!;
    const y = keys[b]!;
    if (x !== y) return x < y ? -1 : 1;
    const idA = rows[a]!.id;
    const idB = rows[b]!.id;
    return idA < idB ? -1 : idA > idB ? 1 : 0;
  };
}

async function sorted(
  rows: readonly (StockRow | undefined)[],
  keyOf: (typeof COLUMN_KEYS)[StockColumn],
  activity: Activity,
): Promise<ColumnOrder> {
  const keys: Key[] = [];
  const live: number[] = [];
  rows.forEach((row, slot) => {
    if (!row) return;
    keys[slot] = keyOf(row, activity);
    live.push(slot);
  });
  return { keys, order: await sortTakingTurns(Uint32Array.from(live), compareBy(keys, rows)) };
}

/** The column's order with the touched slots taken out and those still holding a row put back where they now belong. */
async function merged(
  previous: ColumnOrder,
  rows: readonly (StockRow | undefined)[],
  touched: ReadonlySet<number>,
  keyOf: (typeof COLUMN_KEYS)[StockColumn],
  activity: Activity,
): Promise<ColumnOrder> {
  const keys = previous.keys.slice();
  const placed: number[] = [];
  for (const slot of touched) {
    const row = rows[slot];
    if (!row) continue;
    keys[slot] = keyOf(row, activity);
    placed.push(slot);
  }
  const compare = compareBy(keys, rows);
  const incoming = await sortTakingTurns(Uint32Array.from(placed), compare);
  const order = new Uint32Array(previous.order.length + incoming.length);
  let length = 0;
  let next = 0;
  for (const slot of previous.order) {
    if (touched.has(slot)) continue;
    while (next < incoming.length && compare(incoming[next]!, slot) < 0) order[length++] = incoming[next++]!;
    order[length++] = slot;
  }
  while (next < incoming.length) order[length++] = incoming[next++]!;
  return { keys, order: order.subarray(0, length) };
}
