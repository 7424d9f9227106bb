import type { LookedUpVehicle } from "../../../backend/catalogue";
import { cleanAirZoneStatus } from "../../../domain/clean-air-zone";
import { monthlyPriceFrom } from "../../../domain/finance";
import { formatPounds } from "../../../domain/format";
import type { VehicleRecord } from "../../../domain/vehicle";
import { shownImages, type ShownImage } from "../../../domain/vehicle-photos";
import { placeholderImageOf } from "../VehicleCard";
import { CLEAN_AIR_VERDICT_WORDS, runningCosts, specification, type FactRow } from "../vehicle/vehicle-fact-rows";

/** A group of the compare table's rows under one heading. */
export interface CompareSection {
  heading: string;
  rows: { label: string; values: string[]; differs: boolean }[];
}

/** One vehicle compared: what the table's head names it by. */
export interface ComparedVehicle {
  id: string;
  name: string;
  derivative?: string;
  image: ShownImage;
}

/** What the compare page says of a vehicle it cannot line up: sold since it was chosen, or never known here. */
export interface LeftOut {
  id: string;
  name?: string;
  reason: "sold" | "unknown";
}

export interface Comparison {
  vehicles: ComparedVehicle[];
  sections: CompareSection[];
  leftOut: LeftOut[];
}

/**
 * The vehicles side by side: price and the monthly price as the cards quote it, then every
 * specification and running-cost row the vehicle page shows (a row any of them has, "N/A"
 * where another lacks it), each marked where the vehicles differ.
 */
export function comparisonOf(looked: readonly LookedUpVehicle[]): Comparison {
  const records = looked.flatMap((vehicle) => (vehicle.status === "for sale" ? [vehicle.record] : []));
  const leftOut = looked.flatMap((vehicle): LeftOut[] => {
    if (vehicle.status === "sold") return [{ id: vehicle.id, name: `${vehicle.sold.make} ${vehicle.sold.model}`, reason: "sold" }];
    return vehicle.status === "unknown" ? [{ id: vehicle.id, reason: "unknown" }] : [];
  });
  return {
    vehicles: records.map((record) => ({
      id: record._id,
      name: `${record.vehicle.make} ${record.vehicle.model}`,
      derivative: record.vehicle.derivative,
      image: shownImages(record)[0] ?? { href: placeholderImageOf(record.vehicle.vehicleType) },
    })),
    sections: [
      section("Price", records, priceRows),
      section("Specification", records, (record) => specification(record.vehicle)),
      section("Running costs", records, runningCostRows),
    ],
    leftOut,
  };
}

function priceRows({ adverts }: VehicleRecord): FactRow[] {
  const { totalPrice, vatStatus } = adverts.retailAdverts;
  return [
    ["Price", `${formatPounds(totalPrice.amountGBP)}${vatStatus ? ` (${vatStatus})` : ""}`],
    ["Monthly price", `From ${formatPounds(monthlyPriceFrom(totalPrice.amountGBP, vatStatus))} a month`],
  ];
}

function runningCostRows({ vehicle }: VehicleRecord): FactRow[] {
  const { verdict } = cleanAirZoneStatus(vehicle.vehicleType, vehicle.fuelType, vehicle.emissionClass);
  return [...runningCosts(vehicle), ["ULEZ and Clean Air Zones", CLEAN_AIR_VERDICT_WORDS[verdict]]];
}

function section(heading: string, records: readonly VehicleRecord[], rowsOf: (record: VehicleRecord) => FactRow[]): CompareSection {
  const perVehicle = records.map(
    (record) => new Map(rowsOf(record).map(([label, value]) => [label, value === undefined ? "N/A" : String(value)])),
  );
  const labels = [...new Set(perVehicle.flatMap((rows) => [...rows.keys()]))];
  return {
    heading,
    rows: labels.map((label) => {
      const values = perVehicle.map((rows) => rows.get(label) ?? "N/A");
      return { label, values, differs: new Set(values).size > 1 };
    }),
  };
}
