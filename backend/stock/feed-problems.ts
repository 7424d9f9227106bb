import type { z } from "zod";
import { formatNumber } from "../../domain/format";
import { csvColumnOf } from "./csv-columns";

/**
 * Why a feed row was refused, in words a stock manager can act on: the field as a person
 * calls it, what is wrong with it, what the row gave, and where to look, by the name the
 * feed itself uses (a CSV column, or a JSON field path) and the line:
 * "Price is missing (column price, line 14)".
 */

export interface RowPlace {
  format: "csv" | "json";
  line: number;
}

/** Fields as people call them; a field not listed goes by its own name. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  _id: "Id",
  vehicleType: "Vehicle type",
  ownershipCondition: "Condition",
  make: "Make",
  model: "Model",
  derivative: "Derivative",
  registration: "Registration",
  yearOfManufacture: "Year",
  odometerReadingMiles: "Mileage",
  transmissionType: "Gearbox",
  fuelType: "Fuel type",
  bodyType: "Body type",
  colour: "Colour",
  doors: "Doors",
  seats: "Seats",
  serviceHistory: "Service history",
  emissionClass: "Emission class",
  owners: "Owners",
  cabType: "Cab type",
  wheelbase: "Wheelbase",
  driveType: "Drive",
  roofHeight: "Roof height",
  payloadKg: "Payload",
  loadLengthMm: "Load length",
  grossVehicleWeightKg: "Gross vehicle weight",
  engineSize: "Engine size",
  enginePower: "Engine power",
  acceleration: "0 to 62 mph time",
  fuelConsumption: "Fuel consumption",
  co2Emissions: "CO2 emissions",
  taxPerYear: "Road tax",
  insuranceGroup: "Insurance group",
  batteryRange: "Battery range",
  chargingTime: "Charging time",
  features: "Features",
  amountGBP: "Price",
  vatStatus: "VAT status",
  description: "Description",
  href: "An image address",
  images: "Images",
  createdAt: "Date first listed",
  updatedAt: "Date updated",
  vehicle: "The vehicle's details",
  adverts: "The advert",
};

/** What a row cannot be without: a record missing a whole part is missing these in it. */
const REQUIRED_FIELDS: readonly (readonly string[])[] = [
  ["vehicle", "vehicleType"],
  ["vehicle", "make"],
  ["vehicle", "model"],
  ["adverts", "retailAdverts", "totalPrice", "amountGBP"],
];

const MOST_DESCRIBED = 3;

/** A refused row's problems, the first few of them, each with its place. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], place: RowPlace): string {
  const described = issues.flatMap((issue) => {
    if (!isMissing(issue)) return [`${labelOf(issue.path)} ${problemOf(issue)}${given(issue)} (${whereIs(issue.path, place)})`];
    // A part left out (no "adverts" at all) is the fields in it that must be there.
    const inside = REQUIRED_FIELDS.filter((field) => issue.path.length < field.length && issue.path.every((key, i) => field[i] === key));
    return (inside.length > 0 ? inside : [issue.path]).map((path) => `${labelOf(path)} is missing (${whereIs(path, place)})`);
  });
  const shown = described.slice(0, MOST_DESCRIBED);
  const more = described.length - MOST_DESCRIBED;
  if (more > 0) shown.push(`and ${more} more problem${more > 1 ? "s" : ""} on line ${place.line}`);
  return shown.join("; ");
}

/** Where a row names no vehicle, in the feed's own terms. */
export function noIdentity(place: RowPlace): string {
  const where = place.format === "csv" ? "columns _id and registration" : "fields _id and vehicle.registration";
  return `The row has neither an id nor a registration to say which vehicle it is (${where}, line ${place.line})`;
}

function isMissing(issue: z.core.$ZodIssue): boolean {
  if (issue.code === "invalid_type") return issue.input === undefined;
  // Text that is only spaces is as good as none.
  return issue.code === "too_small" && issue.origin === "string" && issue.minimum === 1;
}

function labelOf(path: readonly PropertyKey[]): string {
  const field = path.findLast((key) => typeof key === "string");
  if (field === undefined) return "The row";
  const label = FIELD_LABELS[field] ?? field;
  const last = path[path.length - 1];
  return typeof last === "number" ? `${label} item ${last + 1}` : label;
}

function whereIs(path: readonly PropertyKey[], { format, line }: RowPlace): string {
  if (format === "csv") {
    const column = csvColumnOf(path);
    if (column) return `column ${column}, line ${line}`;
  }
  const field = path.map((key, i) => (typeof key === "number" ? `[${key}]` : `${i > 0 ? "." : ""}${String(key)}`)).join("");
  return field === "" ? `line ${line}` : `field ${field}, line ${line}`;
}

/** A schema's own wording where it has one ("is not a UK registration plate"), else zod's put plainly. */
function problemOf(issue: z.core.$ZodIssue): string {
  const own = !/^(Invalid|Too (small|big))/.test(issue.message);
  switch (issue.code) {
    case "invalid_type":
      if (own) return issue.message;
      return (
        { number: "must be a number", int: "must be a whole number", string: "must be text", array: "must be a list" }[
          issue.expected as string
        ] ?? (issue.path.length === 0 ? "must be a record, in braces { }" : "must be a group of fields, in braces { }")
      );
    case "too_small":
      if (issue.origin === "string") return `must be at least ${issue.minimum} characters long`;
      if (issue.origin === "array") return `must have at least ${issue.minimum}`;
      return `must be ${issue.inclusive ? "at least" : "more than"} ${figure(issue.minimum)}`;
    case "too_big":
      if (issue.origin === "string") return `must be at most ${figure(issue.maximum)} characters long`;
      if (issue.origin === "array") return `must have at most ${figure(issue.maximum)}`;
      return `must be ${issue.inclusive ? "at most" : "less than"} ${figure(issue.maximum)}`;
    case "invalid_value":
      return `must be ${issue.values.length > 1 ? "one of " : ""}${issue.values.map(String).join(", ")}`;
    case "not_multiple_of":
      return issue.divisor === 0.01 ? "must be in pounds and whole pence" : `must be a multiple of ${issue.divisor}`;
    case "invalid_format":
      if (own) return issue.message;
      return issue.format === "datetime" ? "must be a date and time like 2025-03-01T09:30:00Z" : `must be a ${issue.format}`;
    default:
      return issue.message;
  }
}

/** "3,500,000", but "2027": a year reads wrong with a comma in it. */
function figure(value: number | bigint): string {
  const number = Number(value);
  return Math.abs(number) < 10_000 ? String(number) : formatNumber(number);
}

/** What the row gave, after the problem: "must be a number, not "lots"", "is in the future: 2031". */
function given(issue: z.core.$ZodIssue): string {
  const { input } = issue;
  if (input === undefined || input === null || typeof input === "object") return "";
  // Quoted as JSON writes it, so a line break shows as \n, but with its quotes as typed.
  const text = (JSON.stringify(input) ?? String(input)).replaceAll('\\"', '"');
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return problemOf(issue).startsWith("must") ? `, not ${shown}` : `: ${shown}`;
}
