import type { VehicleDetails, VehicleRecord, VehicleType } from "../../domain/vehicle";
import { chooseBodywork } from "./bodywork";
import { basicEquipment, descriptionOf, equipmentOf } from "./equipment";
import { chooseImages } from "./listing-images";
import { vanLoadSpace } from "./load-space";
import { FUEL_COMMONNESS, MODEL_RANGE, type Derivative, type ModelLine } from "./model-range";
import { choosePaintColour } from "./paint-colours";
import { askingPrice, listPriceWhenNew } from "./pricing";
import { mix32, SeededRandom, WeightedChoice } from "./random";
import { RegistrationIssuer } from "./registration-plates";
import { specFigures } from "./spec-figures";
import {
  FIRST_STOCK_YEAR,
  ageInYears,
  annualMiles,
  chooseNewRegistration,
  chooseUsedRegistration,
  monthOf,
  odometerMiles,
  yearsOnSale,
  type YearMonth,
} from "./stock-age";
import { stockId } from "./stock-id";
import { chooseOwners, chooseServiceHistory } from "./vehicle-history";
import { vehicleTaxPerYear } from "./vehicle-tax";

/**
 * Realistic UK dealer stock, generated on demand for the demo site, tests and benchmarks.
 * Record i is drawn from its own random stream keyed by (seed, i), so it is the same
 * whatever `count` is; the one thing carried between records is the set of plates issued
 * so far, which keeps registrations unique and depends only on the records before.
 */

export interface DemoStockOptions {
  count: number;
  seed?: number;
  /** "Now" for the stock: nothing is registered or listed after it. Defaults to the start of today (UTC). */
  referenceDate?: Date;
  /** A dealer group's branch codes: each vehicle stands at one of them. One or none: records name no branch. */
  branches?: readonly string[];
}

const DEFAULT_SEED = 0x5eed;
const TYPE_MIX = WeightedChoice.of<VehicleType>({ car: 75, van: 20, truck: 5 });
/** Pre-registered, nearly-new stock. */
const NEW_STOCK_SHARE = 0.05;
/** Commercials are priced before VAT, except some (often bought from non-VAT-registered sellers) that carry none. */
const NO_VAT_SHARE = 0.12;
/** Like real feeds, some records leave out a few spec values. */
const INCOMPLETE_SHARE = 0.05;
const MAX_FIELDS_LEFT_OUT = 3;
const FIELDS_FEEDS_LEAVE_OUT = [
  "derivative",
  "serviceHistory",
  "owners",
  "doors",
  "seats",
  "acceleration",
  "co2Emissions",
  "emissionClass",
  "taxPerYear",
  "insuranceGroup",
] as const satisfies readonly (keyof VehicleDetails)[];
const NOTHING_LEFT_OUT: ReadonlySet<string> = new Set();
const LISTING_WINDOW_MS = 120 * 24 * 60 * 60 * 1000;
/** Salts the seed of the streams a van's load space is drawn from, apart from the records' own. */
const LOAD_SPACE_STREAMS = 0x10ad5;
/** Salts the choice of branch, apart from the records' own streams, so a group's stock is the single dealer's at its branches. */
const BRANCH_STREAMS = 0xb4a7c;

interface OnSaleLine {
  line: ModelLine;
  /** Those of the line's derivatives sold between FIRST_STOCK_YEAR and the reference year. */
  derivatives: WeightedChoice<Derivative>;
}

interface StockContext {
  seed: number;
  referenceDate: Date;
  reference: YearMonth;
  catalogue: Record<VehicleType, WeightedChoice<OnSaleLine>>;
  plates: RegistrationIssuer;
}

export function* generateDemoStock({
  count,
  seed = DEFAULT_SEED,
  referenceDate = startOfUtcDay(new Date()),
  branches = [],
}: DemoStockOptions): Generator<VehicleRecord> {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a whole number, not ${count}`);
  const reference = monthOf(referenceDate);
  if (reference.year < FIRST_STOCK_YEAR) {
    throw new RangeError(`referenceDate must be in ${FIRST_STOCK_YEAR} or later: the stock starts then`);
  }
  const stock: StockContext = {
    seed,
    referenceDate,
    reference,
    catalogue: stockCatalogue(reference.year),
    plates: new RegistrationIssuer(),
  };
  for (let index = 0; index < count; index++) {
    const record = demoRecord(index, stock);
    yield branches.length > 1
      ? { ...record, branch: branches[new SeededRandom(mix32(seed ^ BRANCH_STREAMS), index).between(0, branches.length - 1)] }
      : record;
  }
}

function demoRecord(index: number, stock: StockContext): VehicleRecord {
  const { reference } = stock;
  const random = new SeededRandom(stock.seed, index);
  const vehicleType = TYPE_MIX.pick(random);
  const { line, derivatives } = stock.catalogue[vehicleType].pick(random);
  const derivative = derivatives.pick(random);
  const isNew = random.chance(NEW_STOCK_SHARE) && yearsOnSale(derivative, reference.year)?.last === reference.year;
  const registered = isNew ? chooseNewRegistration(reference, random) : chooseUsedRegistration(derivative, reference, random);
  const ageYears = ageInYears(registered, reference);
  const bodywork = chooseBodywork(line, derivative, random);
  const colour = choosePaintColour(vehicleType, random);
  const milesPerYear = annualMiles(vehicleType, bodywork.bodyType);
  const mileage = odometerMiles(milesPerYear, ageYears, isNew, random);
  const listPrice = listPriceWhenNew(derivative, registered.year, reference.year);
  const price = askingPrice({ vehicleType, fuel: derivative.fuel, listPrice, isNew, ageYears, mileage, milesPerYear }, random);
  const figures = specFigures(line, derivative, registered.year);
  const owners = chooseOwners(isNew, ageYears, random);
  const serviceHistory = chooseServiceHistory(ageYears, random);
  const vatStatus = vehicleType === "car" ? undefined : random.chance(NO_VAT_SHARE) ? "No VAT" : "Ex VAT";
  const images = chooseImages(bodywork.shape, colour, random);
  const listed = listingTimes(registered, stock.referenceDate, random);
  const leftOut = random.chance(INCOMPLETE_SHARE) ? fieldsLeftOut(random) : NOTHING_LEFT_OUT;
  // Drawn last: a plate already issued makes the issuer draw again, which must not shift the draws above.
  const registration = stock.plates.issue(registered, random);
  // From a stream of its own, so the figures added to vans moved no value drawn above.
  const loadSpace =
    line.vehicleType === "van"
      ? vanLoadSpace(line, derivative.fuel === "Electric", bodywork, new SeededRandom(mix32(stock.seed ^ LOAD_SPACE_STREAMS), index))
      : {};

  const vehicle: VehicleDetails = {
    vehicleType,
    ownershipCondition: isNew ? "New" : "Used",
    make: line.make,
    model: line.model,
    derivative: bodywork.derivative,
    registration,
    yearOfManufacture: registered.year,
    odometerReadingMiles: mileage,
    transmissionType: derivative.transmission,
    fuelType: derivative.fuel,
    bodyType: bodywork.bodyType,
    colour,
    doors: bodywork.doors,
    seats: bodywork.seats,
    serviceHistory,
    emissionClass: figures.emissionClass,
    owners,
    cabType: bodywork.cabType,
    wheelbase: bodywork.wheelbase,
    ...loadSpace,
    driveType: derivative.drive,
    engineSize: derivative.engineLitres,
    enginePower: derivative.bhp,
    acceleration: figures.acceleration,
    fuelConsumption: figures.fuelConsumption,
    co2Emissions: figures.co2Emissions,
    taxPerYear: vehicleTaxPerYear({ line, registered, ageYears, listPrice, co2Emissions: figures.co2Emissions }),
    insuranceGroup: figures.insuranceGroup,
    batteryRange: figures.batteryRange,
    chargingTime: figures.chargingTime,
  };
  const features = equipmentOf(line, derivative, vehicle);
  const description = descriptionOf(vehicle, features, basicEquipment(line));
  return {
    _id: stockId(stock.seed, index),
    vehicle: withoutBlanks({ ...vehicle, features }, leftOut),
    media: { images },
    adverts: { retailAdverts: { totalPrice: { amountGBP: price }, ...(vatStatus ? { vatStatus } : {}), description } },
    ...listed,
  };
}

/** Per vehicle type, the model lines with something to sell between FIRST_STOCK_YEAR and the reference year. */
function stockCatalogue(referenceYear: number): Record<VehicleType, WeightedChoice<OnSaleLine>> {
  const onSale = (vehicleType: VehicleType) =>
    new WeightedChoice(
      MODEL_RANGE[vehicleType].flatMap((line): [OnSaleLine, number][] => {
        const derivatives = line.derivatives
          .filter((derivative) => yearsOnSale(derivative, referenceYear))
          .map((derivative): [Derivative, number] => [derivative, FUEL_COMMONNESS[vehicleType][derivative.fuel] ?? 1]);
        return derivatives.length > 0 ? [[{ line, derivatives: new WeightedChoice(derivatives) }, line.weight]] : [];
      }),
    );
  return { car: onSale("car"), van: onSale("van"), truck: onSale("truck") };
}

function fieldsLeftOut(random: SeededRandom): ReadonlySet<string> {
  const count = random.between(1, MAX_FIELDS_LEFT_OUT);
  return new Set(Array.from({ length: count }, () => random.pick(FIELDS_FEEDS_LEAVE_OUT)));
}

/** Drops the values a record does not have, so they are absent rather than present as undefined. */
function withoutBlanks(details: VehicleDetails, leftOut: ReadonlySet<string>): VehicleDetails {
  const kept: Record<string, unknown> = {};
  // for...in rather than Object.entries: this runs once per record and entries' arrays cost a third of the time.
  for (const key in details) {
    const value = details[key as keyof VehicleDetails];
    if (value !== undefined && !leftOut.has(key)) kept[key] = value;
  }
  return kept as VehicleDetails;
}

/** Listed within the last 120 days, but not before the month the vehicle was registered; updated since. */
function listingTimes(registered: YearMonth, referenceDate: Date, random: SeededRandom) {
  const now = referenceDate.getTime();
  const registeredFrom = Date.UTC(registered.year, registered.month - 1, 1);
  const window = Math.max(0, Math.min(LISTING_WINDOW_MS, now - registeredFrom));
  const created = now - wholeSeconds(random.next() * window);
  const updated = created + wholeSeconds(random.next() * (now - created));
  return { createdAt: new Date(created).toISOString(), updatedAt: new Date(updated).toISOString() };
}

function wholeSeconds(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}
