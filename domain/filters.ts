import { monthlyPriceFrom } from "./finance";
import { MODEL_YEARS } from "./model-years";
import { PRICE_REDUCTION_SHOWN_MS, reducedAtMs } from "./price-reduction";
import type { VehicleRecord, VehicleType } from "./vehicle";

/**
 * Every filter of the search screen, in the order the screen labels them: its query
 * parameter, its label, how it reads a record, and for numeric filters the bands offered as
 * options. The API, the search engines and the filter modal all work from this one table.
 */

export interface NumericRange {
  min?: number;
  max?: number;
}

interface FilterBase {
  label: string;
  /** The vehicle types it is offered for; all of them when absent. */
  vehicleTypes?: readonly VehicleType[];
}

export interface TextFilter extends FilterBase {
  kind: "text";
  read(record: VehicleRecord): string | number | undefined;
}

export interface RangeFilter extends FilterBase {
  kind: "range";
  read(record: VehicleRecord): number | undefined;
  /** Inclusive at both ends, like the `min-max` values a visitor sends. */
  bands: readonly NumericRange[];
  unit: { prefix?: string; suffix?: string };
  /**
   * The ends a buyer picks from, when the filter is offered as a minimum and a maximum (two
   * selects) rather than as one list of bands: "up to £15,000" is one choice, not three
   * bands. Any range still reads from an address, so a band link from anywhere works.
   */
  steps?: readonly number[];
  /** Offered as a maximum only ("Up to £250 a month"): a budget has a ceiling, not a floor. */
  upToOnly?: true;
}

/**
 * On or off: whether something happened to a vehicle lately (its price came down). It reads
 * when it happened, and the search compares that with the time of the search, not of the
 * index's build, so a vehicle drops out of it on the day the window ends.
 */
export interface RecentFilter extends FilterBase {
  kind: "recent";
  /** When it happened, in milliseconds since 1970; undefined if it has not. */
  read(record: VehicleRecord): number | undefined;
  withinMs: number;
}

export type FilterDefinition = TextFilter | RangeFilter | RecentFilter;

/** Bands between consecutive edges, opening with "up to the first" and closing with "from the last". */
function bandsBetween(edges: readonly number[]): NumericRange[] {
  return [{ max: edges[0] }, ...edges.slice(1).map((max, i) => ({ min: edges[i], max })), { min: edges[edges.length - 1] }];
}

const FIRST_SINGLE_YEAR = 2000;

/**
 * One band a year from 2000 to the last year the schema could ever accept, and everything
 * older together. Not "up to next year": bands fixed when a process starts would miss the
 * models a New Year lets in, and Meilisearch documents keep the bands they were written
 * with. Only bands that hold vehicles are offered, so the years to come cost nothing.
 */
function yearBands(): NumericRange[] {
  return [{ max: FIRST_SINGLE_YEAR - 1 }, ...YEAR_STEPS.map((year) => ({ min: year, max: year }))];
}

/** Every year the bands hold one by one: the year selects keep those the stock has (rangeSteps). */
const YEAR_STEPS = Array.from({ length: MODEL_YEARS.latest - FIRST_SINGLE_YEAR + 1 }, (_, i) => FIRST_SINGLE_YEAR + i);

/** Finer where most stock is priced, as the market sites step them; trucks reach the top steps. */
const PRICE_STEPS = [
  1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 12500, 15000, 17500, 20000, 22500, 25000, 30000, 35000, 40000, 45000, 50000,
  60000, 70000, 80000, 90000, 100000, 125000, 150000, 200000,
];

/** Cars and vans in the first steps, trucks' hundreds of thousands of miles in the last. */
const MILEAGE_STEPS = [
  5000, 10000, 15000, 20000, 25000, 30000, 40000, 50000, 60000, 70000, 80000, 90000, 100000, 125000, 150000, 200000, 300000, 500000, 750000,
  1000000,
];

/** Budgets as buyers state them, up to what most of the stock costs a month. */
const MONTHLY_STEPS = [100, 150, 200, 250, 300, 350, 400, 450, 500, 600];

const COMMERCIAL: readonly VehicleType[] = ["van", "truck"];
const VANS: readonly VehicleType[] = ["van"];
const details = (record: VehicleRecord) => record.vehicle;

export const FILTERS = {
  make: { kind: "text", label: "Make", read: (r) => details(r).make },
  model: { kind: "text", label: "Model", read: (r) => details(r).model },
  cabType: { kind: "text", label: "Cab Type", vehicleTypes: COMMERCIAL, read: (r) => details(r).cabType },
  wheelbase: { kind: "text", label: "Wheelbase", vehicleTypes: COMMERCIAL, read: (r) => details(r).wheelbase },
  // A van's load space, as van buyers shortlist by it; a lorry is bought by its body and gross weight instead.
  roofHeight: { kind: "text", label: "Roof Height", vehicleTypes: VANS, read: (r) => details(r).roofHeight },
  payload: {
    kind: "range",
    label: "Payload",
    vehicleTypes: VANS,
    read: (r) => details(r).payloadKg,
    bands: bandsBetween([750, 1000, 1250, 1500]),
    unit: { suffix: " kg" },
  },
  loadLength: {
    kind: "range",
    label: "Load Length",
    vehicleTypes: VANS,
    read: (r) => details(r).loadLengthMm,
    bands: bandsBetween([2000, 2500, 3000, 3500, 4000]),
    unit: { suffix: " mm" },
  },
  derivative: { kind: "text", label: "Derivative", read: (r) => details(r).derivative },
  // New or Used, as the feed states it; the options are the values the stock holds.
  condition: { kind: "text", label: "Condition", read: (r) => details(r).ownershipCondition },
  price: {
    kind: "range",
    label: "Price",
    read: (r) => r.adverts.retailAdverts.totalPrice.amountGBP,
    bands: bandsBetween([5000, 10000, 15000, 20000, 25000, 30000, 40000, 50000, 75000, 100000]),
    unit: { prefix: "£" },
    steps: PRICE_STEPS,
  },
  // "Monthly Prices From" on the representative terms (VAT added where the price excludes it), the figure each card shows:
  // the engines filter on it as on any range, so a budget finds exactly the vehicles whose monthly price is within it.
  monthlyPrice: {
    kind: "range",
    label: "Monthly Budget",
    read: (r) => monthlyPriceFrom(r.adverts.retailAdverts.totalPrice.amountGBP, r.adverts.retailAdverts.vatStatus),
    bands: bandsBetween(MONTHLY_STEPS),
    unit: { prefix: "£", suffix: " a month" },
    steps: MONTHLY_STEPS,
    upToOnly: true,
  },
  year: { kind: "range", label: "Year", read: (r) => details(r).yearOfManufacture, bands: yearBands(), unit: {}, steps: YEAR_STEPS },
  mileage: {
    kind: "range",
    label: "Mileage",
    read: (r) => details(r).odometerReadingMiles,
    bands: bandsBetween([10000, 20000, 30000, 40000, 50000, 60000, 80000, 100000, 150000, 200000, 300000]),
    unit: { suffix: " miles" },
    steps: MILEAGE_STEPS,
  },
  gearbox: { kind: "text", label: "Gearbox", read: (r) => details(r).transmissionType },
  bodyType: { kind: "text", label: "Body Type", read: (r) => details(r).bodyType },
  colour: { kind: "text", label: "Colour", read: (r) => details(r).colour },
  doors: { kind: "text", label: "Doors", read: (r) => details(r).doors },
  seats: { kind: "text", label: "Seats", read: (r) => details(r).seats },
  fuelType: { kind: "text", label: "Fuel Type", read: (r) => details(r).fuelType },
  batteryRange: {
    kind: "range",
    label: "Battery Range",
    read: (r) => details(r).batteryRange,
    bands: bandsBetween([100, 150, 200, 250, 300, 350]),
    unit: { suffix: " miles" },
  },
  chargingTime: {
    kind: "range",
    label: "Charging Time",
    read: (r) => details(r).chargingTime,
    bands: bandsBetween([4, 6, 8, 10, 12]),
    unit: { suffix: " hours" },
  },
  engineSize: {
    kind: "range",
    label: "Engine Size",
    read: (r) => details(r).engineSize,
    bands: bandsBetween([1, 1.4, 1.6, 2, 2.5, 3, 4, 8, 12]),
    unit: { suffix: "L" },
  },
  enginePower: {
    kind: "range",
    label: "Engine Power",
    read: (r) => details(r).enginePower,
    bands: bandsBetween([75, 100, 150, 200, 250, 300, 400, 500]),
    unit: { suffix: " bhp" },
  },
  acceleration: {
    kind: "range",
    label: "Acceleration (0-62 mph)",
    read: (r) => details(r).acceleration,
    bands: bandsBetween([5, 6, 8, 10, 12, 15]),
    unit: { suffix: "s" },
  },
  fuelConsumption: {
    kind: "range",
    label: "Fuel Consumption",
    read: (r) => details(r).fuelConsumption,
    bands: bandsBetween([30, 40, 50, 60, 70]),
    unit: { suffix: " mpg" },
  },
  co2Emissions: {
    kind: "range",
    label: "CO2 Emissions",
    read: (r) => details(r).co2Emissions,
    bands: bandsBetween([50, 100, 120, 150, 200, 250]),
    unit: { suffix: " g/km" },
  },
  taxPerYear: {
    kind: "range",
    label: "Tax Per Year",
    read: (r) => details(r).taxPerYear,
    bands: bandsBetween([50, 200, 400, 600]),
    unit: { prefix: "£" },
  },
  insuranceGroup: {
    kind: "range",
    label: "Insurance Group",
    read: (r) => details(r).insuranceGroup,
    bands: [
      { min: 1, max: 10 },
      { min: 11, max: 20 },
      { min: 21, max: 30 },
      { min: 31, max: 40 },
      { min: 41, max: 50 },
    ],
    unit: {},
  },
  driveType: { kind: "text", label: "Drive Type", read: (r) => details(r).driveType },
  vatStatus: { kind: "text", label: "VAT Status", read: (r) => r.adverts.retailAdverts.vatStatus },
  reduced: { kind: "recent", label: "Recently reduced", read: reducedAtMs, withinMs: PRICE_REDUCTION_SHOWN_MS },
  // A dealer group's site; offered only when the dealer has more than one (catalogue.ts).
  branch: { kind: "text", label: "Branch", read: (r) => r.branch },
} as const satisfies Record<string, FilterDefinition>;

export type FilterName = keyof typeof FILTERS;
export const FILTER_NAMES = Object.keys(FILTERS) as FilterName[];

type FilterNameOfKind<K extends FilterDefinition["kind"]> = {
  [N in FilterName]: (typeof FILTERS)[N]["kind"] extends K ? N : never;
}[FilterName];
export type TextFilterName = FilterNameOfKind<"text">;
export type RangeFilterName = FilterNameOfKind<"range">;
export type RecentFilterName = FilterNameOfKind<"recent">;

export const TEXT_FILTER_NAMES = FILTER_NAMES.filter((name): name is TextFilterName => FILTERS[name].kind === "text");
export const RANGE_FILTER_NAMES = FILTER_NAMES.filter((name): name is RangeFilterName => FILTERS[name].kind === "range");
export const RECENT_FILTER_NAMES = FILTER_NAMES.filter((name): name is RecentFilterName => FILTERS[name].kind === "recent");

/** How an on/off filter is written in a query string when on (`reduced=1`). */
export const FILTER_ON = "1";

/**
 * The earliest moment a recent filter's event may have happened for a search made at `now`.
 * Taken to the minute, so the same search within a minute asks the same question and a
 * search engine's kept answer to it still holds.
 */
export function recentSince(name: RecentFilterName, now = Date.now()): number {
  return Math.floor(now / MINUTE_MS) * MINUTE_MS - FILTERS[name].withinMs;
}

const MINUTE_MS = 60_000;

/**
 * Filters that belong to another: a model to its make, a derivative to its model. Choosing
 * a new parent clears them, and they do not narrow their parent's options, so a visitor
 * who has chosen a Ford Focus is still offered every make.
 */
export const FILTER_DEPENDENTS: Partial<Record<FilterName, readonly FilterName[]>> = {
  make: ["model", "derivative"],
  model: ["derivative"],
};

/**
 * The filters left out when counting a filter's options: its own (counts are disjunctive,
 * so each option shows what choosing it instead would give) and those that depend on it.
 */
export function countedWithout(facet: FilterName): readonly FilterName[] {
  return [facet, ...(FILTER_DEPENDENTS[facet] ?? [])];
}

/** Whether a filter is offered for a vehicle type (cab type and wheelbase are for vans and trucks, payload for vans). */
export function filterAppliesTo(name: FilterName, type: VehicleType): boolean {
  const types = (FILTERS[name] as FilterDefinition).vehicleTypes;
  return types === undefined || types.includes(type);
}

/** One option of a filter, and how many vehicles choosing it would give. */
export interface FacetOption {
  /** A text value as stored, or a range band as `min-max`. */
  value: string;
  count: number;
  /** How a page shows a value that is a code (a branch's name for its code); the value itself when absent. */
  label?: string;
}

/** Filters as a query asks for them: text compared case-insensitively, ranges inclusive, on/off ones only when on. */
export type Filters = Partial<Record<TextFilterName, string> & Record<RangeFilterName, NumericRange> & Record<RecentFilterName, true>>;

/** A filter's value as a query holds it. */
export type FilterValue = string | NumericRange | true;

/**
 * The key two spellings of one text value share ("Mercedes-Benz", "mercedes-benz "). Folded
 * as Meilisearch folds facet values (trim, Unicode compatibility decomposition, lower case),
 * so that both search engines agree on what matches.
 */
export function textKey(value: string | number): string {
  return String(value).trim().normalize("NFKD").toLowerCase();
}

/**
 * A text filter's value as the stock spells it, so "ford" in an address reads "Ford" on the
 * page: the option it matches, or the value as given when it matches none.
 */
export function spelledAsStock(value: string, options: readonly FacetOption[] = []): string {
  return options.find((option) => textKey(option.value) === textKey(value))?.value ?? value;
}

// At most 9 digits and 4 decimals: a longer number would be written back in exponent form
// ("1e+21"), which Meilisearch's filter parser rejects, so it is refused here for both engines.
const NUMBER = String.raw`\d{1,9}(?:\.\d{1,4})?`;
const RANGE_PATTERN = new RegExp(`^(${NUMBER})?-(${NUMBER})?$`);
const EXACT_PATTERN = new RegExp(`^${NUMBER}$`);

function quoted(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

/** `5000-10000`, `-20000`, `2018-`, or one number meaning exactly that value; else why not. */
export function parseRange(value: string): NumericRange | { problem: string } {
  const trimmed = value.trim();
  if (EXACT_PATTERN.test(trimmed)) return { min: Number(trimmed), max: Number(trimmed) };
  const match = RANGE_PATTERN.exec(trimmed);
  if (!match || (match[1] === undefined && match[2] === undefined)) {
    return { problem: `must be a range like 5000-10000, -20000 or 2018- (got ${quoted(value)})` };
  }
  const range: NumericRange = {};
  if (match[1] !== undefined) range.min = Number(match[1]);
  if (match[2] !== undefined) range.max = Number(match[2]);
  if (range.min !== undefined && range.max !== undefined && range.min > range.max) {
    return { problem: `starts above where it ends (${range.min} is more than ${range.max})` };
  }
  return range;
}

/** A range as the contract writes it: `5000-10000`, `-20000`, `2018-`. */
export function formatRange({ min, max }: NumericRange): string {
  return `${min ?? ""}-${max ?? ""}`;
}

export function inRange(value: number, { min, max }: NumericRange): boolean {
  return (min === undefined || value >= min) && (max === undefined || value <= max);
}
