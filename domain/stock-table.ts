import { z } from "zod";
import { VEHICLE_TYPES } from "./vehicle-types";

/**
 * The stock table's address: what it shows, filtered, searched, sorted and paged. One
 * schema, read by the page's loader and written back into every header's sort link and
 * page link, so the table works as plain links without JavaScript.
 */

export const STOCK_STATUSES = ["for sale", "reserved", "hidden"] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/** The sortable columns, with the order a first click on each sorts by (numbers: largest first). */
export const STOCK_COLUMNS = {
  registration: { label: "Registration", firstDirection: "asc" },
  vehicle: { label: "Vehicle", firstDirection: "asc" },
  price: { label: "Price", firstDirection: "desc" },
  days: { label: "Days in stock", firstDirection: "desc" },
  photos: { label: "Photos", firstDirection: "desc" },
  views: { label: "Views (30 days)", firstDirection: "desc" },
  leads: { label: "Leads (30 days)", firstDirection: "desc" },
  status: { label: "Status", firstDirection: "asc" },
} as const satisfies Record<string, { label: string; firstDirection: "asc" | "desc" }>;
export type StockColumn = keyof typeof STOCK_COLUMNS;
export const STOCK_COLUMN_NAMES = Object.keys(STOCK_COLUMNS) as [StockColumn, ...StockColumn[]];

export const STOCK_PAGE_SIZE = 50;

const blank = (value: unknown) => (value === "" ? undefined : value);

export const stockTableQuerySchema = z.object({
  /** Any part of a registration ("NJ21"), make ("hyundai"), model ("i20") or id; every word must be found. */
  q: z.preprocess(blank, z.string().trim().max(64).optional()),
  type: z.preprocess(blank, z.enum(VEHICLE_TYPES).optional()),
  make: z.preprocess(blank, z.string().trim().max(80).optional()),
  status: z.preprocess(blank, z.enum(STOCK_STATUSES).optional()),
  /** "1": only vehicles without a photo. */
  noPhotos: z.preprocess(blank, z.literal("1").optional()),
  /** Only vehicles in stock more than this many days. */
  over: z.preprocess(blank, z.coerce.number().int().min(0).max(100_000).optional()),
  sort: z.preprocess(blank, z.enum(STOCK_COLUMN_NAMES).default("vehicle")),
  dir: z.preprocess(blank, z.enum(["asc", "desc"]).optional()),
  page: z.preprocess(blank, z.coerce.number().int().min(1).max(100_000).default(1)),
});
export type StockTableQuery = z.infer<typeof stockTableQuerySchema>;

/** The direction the table is sorted in: the one asked for, or the column's first. */
export const directionOf = ({ sort, dir }: Pick<StockTableQuery, "sort" | "dir">) => dir ?? STOCK_COLUMNS[sort].firstDirection;

/** The table's address with some of its query changed; the page goes back to 1 unless given. */
export function stockTableHref(query: StockTableQuery, change: Partial<StockTableQuery>): string {
  const next: Partial<StockTableQuery> = { ...query, page: 1, ...change };
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(next)) {
    if (value === undefined || (name === "page" && value === 1)) continue;
    params.set(name, String(value));
  }
  const search = params.toString();
  return `/staff/stock${search ? `?${search}` : ""}`;
}
