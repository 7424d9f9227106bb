import { parsePounds } from "../../domain/money";
import { vehicleDetailsSchema } from "../../domain/vehicle";

/**
 * The CSV feed format: one row per vehicle, one column per field, named like the fields of
 * the JSON record (`make`, `odometerReadingMiles`, ...) with a few short names for the parts
 * outside `vehicle`. Each cell becomes the value at its path in the nested record, which is
 * then validated by the same schema as a JSON feed.
 */

type CellKind = "text" | "number" | "money" | "list" | "images";
interface Column {
  path: readonly string[];
  kind: CellKind;
}

const NUMBER_FIELDS = new Set([
  "yearOfManufacture",
  "odometerReadingMiles",
  "doors",
  "seats",
  "owners",
  "engineSize",
  "enginePower",
  "acceleration",
  "fuelConsumption",
  "co2Emissions",
  "taxPerYear",
  "insuranceGroup",
  "batteryRange",
  "chargingTime",
  "payloadKg",
  "loadLengthMm",
  "grossVehicleWeightKg",
]);

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
    { path: ["vehicle", field], kind: NUMBER_FIELDS.has(field) ? "number" : LIST_FIELDS.has(field) ? "list" : "text" },
  ]),
  ["price", { path: [...RETAIL_ADVERT, "totalPrice", "amountGBP"], kind: "money" }],
  ["vatStatus", { path: [...RETAIL_ADVERT, "vatStatus"], kind: "text" }],
  ["description", { path: [...RETAIL_ADVERT, "description"], kind: "text" }],
  /** Image addresses separated by "|" or spaces. */
  ["images", { path: ["media", "images"], kind: "images" }],
  ["createdAt", { path: ["createdAt"], kind: "text" }],
  ["updatedAt", { path: ["updatedAt"], kind: "text" }],
]);

/** Without these a row cannot become a vehicle; an id comes from `_id` or else `registration`. */
const REQUIRED_COLUMNS = ["vehicleType", "make", "model", "price"];

/** "12495", "12,495" and "12495.00" are numbers; anything else is left as text for the schema to reject. */
const NUMERIC_CELL = /^-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;

export interface CsvHeader {
  columns: string[];
  ignored: string[];
}

/** Checks a header row; throws a message naming every missing column. */
export function checkCsvHeader(header: readonly string[]): CsvHeader {
  const missing = REQUIRED_COLUMNS.filter((column) => !header.includes(column));
  if (!header.includes("_id") && !header.includes("registration")) missing.push("_id (or registration)");
  if (missing.length > 0) {
    throw new Error(`The CSV header is missing the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`);
  }
  return { columns: [...header], ignored: header.filter((column) => !CSV_COLUMNS.has(column)) };
}

export function csvRowToRecord(cells: Readonly<Record<string, string>>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [name, cell] of Object.entries(cells)) {
    const column = CSV_COLUMNS.get(name);
    if (!column || cell === "") continue;
    setPath(record, column.path, cellValue(cell, column.kind));
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
  if (kind === "number") return NUMERIC_CELL.test(cell) ? Number(cell.replaceAll(",", "")) : cell;
  if (kind === "money") return parsePounds(cell) ?? cell;
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
