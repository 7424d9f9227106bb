import type { CleanAirVerdict } from "../../../domain/clean-air-zone";
import { formatMiles, formatNumber, formatPounds } from "../../../domain/format";
import type { VehicleRecord } from "../../../domain/vehicle";

/**
 * A vehicle's specification and running costs as labelled, worded values: what its page
 * lists and the compare page lines up side by side. Undefined where the record has no value.
 */

export type Details = VehicleRecord["vehicle"];
export type FactRow = [label: string, value: string | number | undefined];

const unit = (value: number | undefined, words: (value: number) => string) => (value === undefined ? undefined : words(value));

export function specification(vehicle: Details): FactRow[] {
  const always: FactRow[] = [
    ["Registration", vehicle.registration],
    ["Year", vehicle.yearOfManufacture],
    ["Mileage", unit(vehicle.odometerReadingMiles, formatMiles)],
    ["Gearbox", vehicle.transmissionType],
    ["Fuel type", vehicle.fuelType],
    ["Body type", vehicle.bodyType],
    ["Engine size", unit(vehicle.engineSize, (litres) => `${litres.toFixed(1)} litres`)],
    ["Doors", vehicle.doors],
    ["Seats", vehicle.seats],
    ["Service history", vehicle.serviceHistory],
    ["Emission class", vehicle.emissionClass],
    ["Owners", vehicle.owners],
  ];
  const whenGiven: FactRow[] = [
    ["Colour", vehicle.colour],
    ["Condition", vehicle.ownershipCondition],
    ["Engine power", unit(vehicle.enginePower, (bhp) => `${formatNumber(bhp)} bhp`)],
    ["0 to 62 mph", unit(vehicle.acceleration, (seconds) => `${formatNumber(seconds, 1)} seconds`)],
    ["Drive", vehicle.driveType],
    ["Cab type", vehicle.cabType],
    ["Wheelbase", vehicle.wheelbase],
    ["Roof height", vehicle.roofHeight],
    ["Payload", unit(vehicle.payloadKg, (kg) => `${formatNumber(kg)} kg`)],
    ["Load length", unit(vehicle.loadLengthMm, (mm) => `${formatNumber(mm)} mm`)],
    ["Gross vehicle weight", unit(vehicle.grossVehicleWeightKg, (kg) => `${formatNumber(kg)} kg`)],
  ];
  return [...always, ...whenGiven.filter(([, value]) => value !== undefined)];
}

/**
 * The few facts a buyer weighs first, beside the price: year, mileage, fuel, gearbox, body,
 * engine and owners, those the record has. An electric vehicle's engine is its range.
 */
export function keyFacts(vehicle: Details): [label: string, value: string | number][] {
  const engine =
    vehicle.batteryRange !== undefined
      ? `${formatNumber(vehicle.batteryRange)} miles range`
      : [
          unit(vehicle.engineSize, (litres) => `${litres.toFixed(1)} litres`),
          unit(vehicle.enginePower, (bhp) => `${formatNumber(bhp)} bhp`),
        ]
          .filter(Boolean)
          .join(", ");
  const facts: FactRow[] = [
    ["Year", vehicle.yearOfManufacture],
    ["Mileage", unit(vehicle.odometerReadingMiles, formatMiles)],
    ["Fuel", vehicle.fuelType],
    ["Gearbox", vehicle.transmissionType],
    ["Body", vehicle.bodyType],
    ["Engine", engine || undefined],
    ["Owners", unit(vehicle.owners, (owners) => `${owners} ${owners === 1 ? "owner" : "owners"}`)],
  ];
  return facts.filter((fact): fact is [string, string | number] => fact[1] !== undefined);
}

export function runningCosts(vehicle: Details): FactRow[] {
  const plugsIn = vehicle.batteryRange !== undefined || vehicle.fuelType?.toLowerCase() === "electric";
  return [
    ["Road tax", unit(vehicle.taxPerYear, (pounds) => `${formatPounds(pounds)} a year`)],
    ["CO2 emissions", unit(vehicle.co2Emissions, (grams) => `${formatNumber(grams)} g/km`)],
    ...(vehicle.fuelType?.toLowerCase() === "electric"
      ? []
      : ([["Fuel consumption", unit(vehicle.fuelConsumption, (mpg) => `${formatNumber(mpg, 1)} mpg`)]] as FactRow[])),
    ["Insurance group", vehicle.insuranceGroup],
    ...(plugsIn
      ? ([
          ["Battery range", unit(vehicle.batteryRange, (miles) => formatMiles(miles))],
          ["Charging time", unit(vehicle.chargingTime, (hours) => `${formatNumber(hours, 1)} hours at home`)],
        ] as FactRow[])
      : []),
  ];
}

/** The ULEZ and Clean Air Zone verdict in a buyer's words. */
export const CLEAN_AIR_VERDICT_WORDS: Record<CleanAirVerdict, string> = {
  compliant: "Meets the standard",
  "not compliant": "Does not meet the standard",
  unknown: "Not known",
};
