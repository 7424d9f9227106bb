import { restoreNeutralised } from "../../domain/spreadsheet-text";
import { vehicleDetailsSchema } from "../../domain/vehicle";

/**
 * The CSV feed format: one row per vehicle, one column per field, named like the fields of
 * the JSON record (`make`, `odometerReadingMiles`, ...) with a few short names for the parts
 * outside `vehicle`. Each cell becomes the value at its path in the nested record, which is
 * then validated by the same schema as a JSON feed; that schema reads numbers and prices
 * written as text ("12,000", "£12,995"), so a cell stays text unless it holds several values.
 */

type CellKind = "text" | "list" | "images";
interface Column {
  path: readonly string[];
  kind: CellKind;
}

/** Several values in one cell, separated by "|": "Heated seats|Cruise control". */
const LIST_FIELDS = new Set(["features"]);

const RETAIL_ADVERT = ["adverts", "retailAdverts"];

/**
 * A Map, not an object literal: a header names its columns, and a column called
 * "constructor", "__proto__" or "toString" must be an unknown column, not one of Object's.
 */
const CSV_COLUMNS: ReadonlyMap<string, Column> = new Map<string, Column>([
  ["_id", { path: ["_id"], kind: "text" }],
  ...Object.keys(vehicleDetailsSchema.shape).map((field): [string, Column] => [
    field,
    { path: ["vehicle", field], kind: LIST_FIELDS.has(field) ? "list" : "text" },
  ]),
  ["price", { path: [...RETAIL_ADVERT, "totalPrice", "amountGBP"], kind: "text" }],
  ["vatStatus", { path: [...RETAIL_ADVERT, "vatStatus"], kind: "text" }],
  ["description", { path: [...RETAIL_ADVERT, "description"], kind: "text" }],
  /** Image addresses separated by "|" or spaces. */
  ["images", { path: ["media", "images"], kind: "images" }],
  ["createdAt", { path: ["createdAt"], kind: "text" }],
  ["updatedAt", { path: ["updatedAt"], kind: "text" }],
]);

/** Without these a row cannot become a vehicle; an id comes from `_id` or else `registration`. */
const REQUIRED_COLUMNS = ["vehicleType", "make", "model", "price"];

/**
 * The columns a rejected-rows download (frontend/routes/staff/stock-import-rejected.ts) puts
 * before the feed's own: where each row was and why it was refused. A corrected download is
 * uploaded as it is, so they are expected, not reported as ignored.
 */
export const REJECTION_COLUMNS = ["line", "reason"] as const;

export interface CsvHeader {
  columns: string[];
  ignored: string[];
  /** How many REJECTION_COLUMNS the header starts with: all of them in a rejected-rows download, else none. */
  rejectionColumns: number;
}

/** Checks a header row; throws a message naming every missing column. */
export function checkCsvHeader(header: readonly string[]): CsvHeader {
  const missing = REQUIRED_COLUMNS.filter((column) => !header.includes(column));
  if (!header.includes("_id") && !header.includes("registration")) missing.push("_id (or registration)");
  if (missing.length > 0) {
    throw new Error(`The CSV header is missing the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`);
  }
  const rejectionColumns = REJECTION_COLUMNS.every((column, i) => header[i] === column) ? REJECTION_COLUMNS.length : 0;
  return {
    columns: [...header],
    ignored: header.slice(rejectionColumns).filter((column) => !CSV_COLUMNS.has(column)),
    rejectionColumns,
  };
}

export function csvRowToRecord(cells: Readonly<Record<string, string>>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [name, cell] of Object.entries(cells)) {
    const column = CSV_COLUMNS.get(name);
    if (!column || cell === "") continue;
    setPath(record, column.path, cellValue(restoreNeutralised(cell), column.kind));
  }
  return record;
}

/** Every column, in the order a written CSV feed gives them. */
export const CSV_HEADER: readonly string[] = [...CSV_COLUMNS.keys()];

/** A record as a CSV feed's row, one cell per column of CSV_HEADER: what csvRowToRecord reads back. */
export function recordToCsvRow(record: object): string[] {
  return CSV_HEADER.map((name) => {
    const { path, kind } = CSV_COLUMNS.get(name)!;
    const value = path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], record);
    if (value === undefined || value === null) return "";
    if (kind === "list") return (value as string[]).join("|");
    if (kind === "images") return (value as { href: string }[]).map(({ href }) => href).join("|");
    return String(value);
  });
}

function cellValue(cell: string, kind: CellKind): unknown {
  if (kind === "list")
    return cell
      .split("|")
      .map((value) => value.trim())
      .filter(Boolean);
  if (kind === "images")
    return cell
      .split(/[|\s]+/)
      .filter(Boolean)
      .map((href) => ({ href }));
  return cell;
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
}

/** The column a record path came from, so a CSV row's problem names its column. */
export function csvColumnOf(path: readonly PropertyKey[]): string | undefined {
  const dotted = path.join(".");
  return [...CSV_COLUMNS].find(([, column]) => {
    const columnPath = column.path.join(".");
    return dotted === columnPath || dotted.startsWith(`${columnPath}.`);
  })?.[0];
}
