import { z } from "zod";
import { BRANCH_CODE_PATTERN } from "./dealer";
import { HAND_EDITABLE_FIELDS } from "./hand-editable-fields";
import { MODEL_YEARS } from "./model-years";
import { parsePounds } from "./money";
import { FORMULA_PROBLEM, looksLikeFormula } from "./spreadsheet-text";
import { VEHICLE_ID_PATTERN } from "./vehicle-id";
import { vehiclePhotosSchema } from "./vehicle-photo-schema";
import { VEHICLE_TYPES, type VehicleType } from "./vehicle-types";
import { parseWrittenNumber } from "./written-number";

export { VEHICLE_ID_PATTERN, VEHICLE_TYPES, type VehicleType };

/**
 * The vehicle record: the one shape the API returns, the store keeps, the indexer validates
 * and the pages read (the public API sends it as it is). Fields named like the filters they feed, so a filter
 * name finds its field without a lookup table of synonyms.
 */

export const vehicleTypeSchema = z.enum(VEHICLE_TYPES);

export const vehicleIdSchema = z.string({ error: "must be text" }).regex(VEHICLE_ID_PATTERN, "must be 1-64 letters, digits, '-' or '_'");

/** Feeds write "no value" as null, "" or nothing at all; they all mean the same here. */
const blankToUndefined = (value: unknown) => (value === null || value === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** Text a spreadsheet would not run as a formula when the stock is exported or the feed opened (domain/spreadsheet-text.ts). */
const text = (max = 80) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !looksLikeFormula(value), FORMULA_PROBLEM);
/** Feeds written by hand or by a spreadsheet give numbers as text ("12,000"): read as a CSV cell is. */
const writtenNumber = (schema: z.ZodNumber) =>
  z.preprocess((value) => (typeof value === "string" ? (parseWrittenNumber(value) ?? value) : value), schema);
const number = (min: number, max: number) => writtenNumber(z.number().min(min).max(max));
const whole = (min: number, max: number) => writtenNumber(z.number().int().min(min).max(max));

/** Any UK plate style (current, prefix, suffix, dateless, NI): letters and digits, 2-7 of them. */
export const registrationSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^(?=(?:[A-Z0-9] ?){2,7}$)[A-Z0-9]+(?: [A-Z0-9]+)?$/, "is not a UK registration plate");

/**
 * Images may live on this site ("/media/...") or on an https host; anything else
 * (javascript:, data:, another host reached through "//", "/\\" or a line break that URL
 * parsers silently drop) would be an injection route into every page that shows the image.
 */
export const imageHrefSchema = z
  .string()
  .trim()
  .max(2048)
  .regex(/^[^\s\p{Cc}]*$/u, { error: "must not contain spaces, line breaks or other control characters", abort: true })
  .refine(isSitePathOrHttpsAddress, "must be a site path starting with / or an https:// address");

const THIS_SITE = "https://this-site.invalid";

function isSitePathOrHttpsAddress(href: string): boolean {
  if (href.startsWith("/")) return URL.canParse(href, THIS_SITE) && new URL(href, THIS_SITE).origin === THIS_SITE;
  return URL.canParse(href) && new URL(href).protocol === "https:";
}

const latestModelYear = () => new Date().getUTCFullYear() + 1;

export const vehicleDetailsSchema = z.object({
  vehicleType: vehicleTypeSchema,
  ownershipCondition: optional(z.enum(["New", "Used"])),
  make: text(),
  model: text(),
  derivative: optional(text(160)),
  registration: optional(registrationSchema),
  yearOfManufacture: optional(
    whole(MODEL_YEARS.earliest, MODEL_YEARS.latest).refine((year) => year <= latestModelYear(), "is in the future"),
  ),
  odometerReadingMiles: optional(whole(0, 3_000_000)),
  transmissionType: optional(text(40)),
  fuelType: optional(text(40)),
  bodyType: optional(text(60)),
  colour: optional(text(40)),
  doors: optional(whole(0, 10)),
  seats: optional(whole(1, 99)),
  serviceHistory: optional(text(60)),
  emissionClass: optional(text(40)),
  owners: optional(whole(0, 99)),
  cabType: optional(text(40)),
  wheelbase: optional(text(40)),
  driveType: optional(text(40)),
  /** A van's roof as its maker names it: "Low", "Medium", "High" (H1, H2, H3 on most badges). */
  roofHeight: optional(text(40)),
  /** Kilograms a van may carry: its gross vehicle weight less its kerb weight. */
  payloadKg: optional(whole(0, 50_000)),
  /** Millimetres of load floor, bulkhead to rear doors. */
  loadLengthMm: optional(whole(0, 20_000)),
  /** The most a vehicle may weigh laden, in kilograms: 3,500 is the most a car licence allows. */
  grossVehicleWeightKg: optional(whole(0, 100_000)),
  /** Litres, as a buyer reads a badge ("2.0"). */
  engineSize: optional(number(0, 30)),
  /** Brake horsepower. */
  enginePower: optional(number(0, 2000)),
  /** Seconds from 0 to 62 mph. */
  acceleration: optional(number(0, 100)),
  /** Combined miles per gallon. */
  fuelConsumption: optional(number(0, 1000)),
  /** Grams of CO2 per kilometre. */
  co2Emissions: optional(number(0, 2000)),
  /** Vehicle excise duty in pounds a year. */
  taxPerYear: optional(number(0, 10_000)),
  insuranceGroup: optional(whole(1, 50)),
  /** Miles on a full battery (electric and plug-in vehicles). */
  batteryRange: optional(number(0, 2000)),
  /** Hours to charge fully from a home wallbox. */
  chargingTime: optional(number(0, 100)),
  /** Equipment a buyer looks for, as the feed words it: "Heated front seats", "Apple CarPlay". */
  features: optional(z.array(text(80)).max(100)),
});

/** A vehicle's price: pounds, to the penny. */
export const priceGBPSchema = z
  .number({ error: ({ code }) => (code === "invalid_type" ? "must be an amount in pounds, like 12995 or £12,995.50" : undefined) })
  .positive()
  .max(10_000_000)
  .multipleOf(0.01);

export const retailAdvertSchema = z.object({
  totalPrice: z.object({
    // Feeds written by hand or by a spreadsheet give the price as text ("£12,995"): read as the stock console reads it.
    amountGBP: z.preprocess((price) => (typeof price === "string" ? (parsePounds(price) ?? price) : price), priceGBPSchema),
  }),
  /** "Ex VAT" / "+ VAT" mean VAT is added to the price; "Inc VAT" and "No VAT" mean it is not. */
  vatStatus: optional(text(20)),
  description: optional(text(4000)),
});

const mediaSchema = z.object({
  images: z
    .array(z.object({ href: imageHrefSchema }))
    .max(100)
    .default([]),
});

/**
 * A record as a stock feed supplies it. The id may be left to the registration, and the
 * times to the store; a feed that knows when a vehicle was first listed may say so.
 */
export const vehicleFeedRecordSchema = z.object({
  _id: optional(vehicleIdSchema),
  vehicle: vehicleDetailsSchema,
  media: z.preprocess(blankToUndefined, mediaSchema.default({ images: [] })),
  adverts: z.object({ retailAdverts: retailAdvertSchema }),
  createdAt: optional(z.iso.datetime()),
  updatedAt: optional(z.iso.datetime()),
  /** The code of the branch it stands at (domain/branches.ts); none, the dealer's first branch. */
  branch: optional(z.string().trim().toLowerCase().regex(BRANCH_CODE_PATTERN, "must be a branch code, like wigan")),
});

/** A price reduction as the store remembers it: the price it came down from, and when. */
export const priceReductionSchema = z.object({
  fromGBP: priceGBPSchema,
  at: z.iso.datetime(),
});

/**
 * A record as it is stored and served. The store adds what no feed can say (a feed's own
 * values for these are dropped with its other unknown fields); both are optional, so stock
 * stored before they existed reads as it did.
 */
export const vehicleRecordSchema = vehicleFeedRecordSchema.extend({
  _id: vehicleIdSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** The last price reduction, until a rise (domain/price-reduction.ts). */
  priceReduction: priceReductionSchema.optional(),
  /** Hidden by the stock manager: kept in stock, but out of search and off the public pages until shown again. */
  hidden: z.literal(true).optional(),
  /** Photos the site stores and serves itself (domain/vehicle-photos.ts): the stock manager's, and the feed's once fetched. */
  photos: vehiclePhotosSchema.optional(),
  /** Reserved by the stock manager (a deposit taken): still shown and found, marked "Reserved", after available vehicles in the default order. */
  reserved: z.literal(true).optional(),
  /** Fields the stock manager changed by hand (domain/hand-editable-fields.ts): a feed does not overwrite them until the mark is cleared. */
  handEdited: z.array(z.enum(HAND_EDITABLE_FIELDS)).optional(),
});

export type VehicleDetails = z.infer<typeof vehicleDetailsSchema>;
export type VehicleFeedRecord = z.infer<typeof vehicleFeedRecordSchema>;
export type VehicleRecord = z.infer<typeof vehicleRecordSchema>;
export type PriceReduction = z.infer<typeof priceReductionSchema>;

/**
 * The id a feed record is stored under: its own `_id`, or else its registration without
 * spaces, which is how most dealer systems key stock. Undefined when it has neither.
 */
export function feedRecordId(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as { _id?: unknown; vehicle?: { registration?: unknown } | null };
  if (typeof record._id === "string" && vehicleIdSchema.safeParse(record._id).success) return record._id;
  const registration = record.vehicle?.registration;
  if (typeof registration !== "string") return undefined;
  const compact = registration.replace(/\s+/g, "").toUpperCase();
  return vehicleIdSchema.safeParse(compact).success ? compact : undefined;
}
