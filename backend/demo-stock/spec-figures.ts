import type { CarLine, Derivative, FuelType, ModelLine, VanLine, VanSize } from "./model-range";

/**
 * The figures a listing quotes for a derivative: acceleration, economy, CO2, battery,
 * insurance group and emission standard. They are estimated from mass, power and fuel
 * with simple physics-shaped formulas, so they agree with each other and with the fuel
 * type rather than being copied from brochures.
 */

export interface SpecFigures {
  acceleration?: number;
  fuelConsumption?: number;
  co2Emissions?: number;
  batteryRange?: number;
  chargingTime?: number;
  insuranceGroup?: number;
  emissionClass?: string;
}

const VAN_KERB_KG: Record<VanSize, number> = { small: 1450, medium: 2000, large: 2300, pickup: 2100 };
/** Kerb weights in the range are for combustion versions, unless a model is only sold electric; batteries add this. */
const BATTERY_KG: Partial<Record<FuelType, number>> = { Electric: 350, "Plug-in Hybrid": 200 };

/** g/km of CO2 = factor / mpg; the factor is grams of CO2 per litre burnt (2,310 petrol, 2,680 diesel) x 282.5 / 100. */
const CO2_PER_MPG = { petrol: 6525, diesel: 7570 };
/** Litres per 100 km relative to a petrol engine of the same power and mass (a plug-in's engine is petrol). */
const FUEL_USE_FACTOR: Partial<Record<FuelType, number>> = { Diesel: 0.82, Hybrid: 0.75 };
/** Boxy bodies and payloads cost vans about a quarter more fuel than a car of the same mass. */
const VAN_DRAG_FACTOR = 1.25;
/** Vehicles registered before WLTP took over in 2018 are listed with their kinder NEDC figures. */
const LAST_NEDC_YEAR = 2017;
const NEDC_ECONOMY_BONUS = 1.15;
/** Share of WLTP driving a plug-in does on battery falls off with range as exp(-km / 40). */
const PLUG_IN_UTILITY_KM = 40;
const KM_PER_MILE = 1.609_344;

/** Miles per kWh of WLTP range, and the charger a buyer would use (kW), by vehicle type. */
const CHARGING = {
  car: { milesPerKWh: 4.5, chargerKW: 7 },
  van: { milesPerKWh: 3, chargerKW: 7 },
  truck: { milesPerKWh: 1.1, chargerKW: 22 },
};
/** Plug-in hybrids carry small batteries behind slower on-board chargers. */
const PLUG_IN_CHARGING = { milesPerKWh: 3, chargerKW: 3.3 };

/** The year Euro 6 became mandatory for new registrations, by type (HGVs first, vans last). */
const EURO_6_FROM = { car: 2015, van: 2016, truck: 2014 };

export function specFigures(line: ModelLine, derivative: Derivative, year: number): SpecFigures {
  const electric = derivative.fuel === "Electric";
  const economy = electric ? undefined : quotedEconomy(line, derivative, year);
  return {
    acceleration: acceleration(line, derivative),
    fuelConsumption: economy?.mpg,
    co2Emissions: electric ? 0 : economy?.co2,
    batteryRange: derivative.batteryRangeMiles,
    chargingTime: chargingHours(line, derivative),
    insuranceGroup: line.vehicleType === "car" ? insuranceGroup(derivative) : undefined,
    emissionClass: electric ? undefined : year >= EURO_6_FROM[line.vehicleType] ? "Euro 6" : "Euro 5",
  };
}

/** 0-62 mph grows a little less than linearly with mass per horsepower; electric motors launch harder. */
function acceleration(line: ModelLine, derivative: Derivative): number | undefined {
  // Nobody quotes 0-62 for a lorry.
  if (line.vehicleType === "truck") return undefined;
  const launch = derivative.fuel === "Electric" ? 0.88 : 1;
  const seconds = 1.17 * Math.pow(kerbKg(line, derivative) / derivative.bhp, 0.92) * launch;
  return roundTo(Math.max(2.5, seconds), 0.1);
}

function kerbKg(line: CarLine | VanLine, derivative: Derivative): number {
  const listed = line.vehicleType === "car" ? line.kerbKg : VAN_KERB_KG[line.size];
  const onlyElectric = line.derivatives.every((other) => other.fuel === "Electric");
  return onlyElectric ? listed : listed + (BATTERY_KG[derivative.fuel] ?? 0);
}

function quotedEconomy(line: ModelLine, derivative: Derivative, year: number): { mpg: number; co2?: number } {
  if (line.vehicleType === "truck") {
    // HGV economy falls with gross weight; HGVs have no official CO2 figure.
    return { mpg: roundTo(42 / Math.pow(line.grossTonnes, 0.45), 0.1) };
  }
  const fuelFactor = FUEL_USE_FACTOR[derivative.fuel] ?? 1;
  const bodyFactor = line.vehicleType === "van" ? VAN_DRAG_FACTOR : 1;
  const litresPer100Km = (1.8 + 0.0022 * kerbKg(line, derivative) + 0.011 * derivative.bhp) * fuelFactor * bodyFactor;
  const cycleBonus = year <= LAST_NEDC_YEAR ? NEDC_ECONOMY_BONUS : 1;
  const engineMpg = (282.481 / litresPer100Km) * cycleBonus;
  const co2PerMpg = derivative.fuel === "Diesel" ? CO2_PER_MPG.diesel : CO2_PER_MPG.petrol;
  const engineCo2 = co2PerMpg / engineMpg;
  const co2 =
    derivative.fuel === "Plug-in Hybrid"
      ? engineCo2 * Math.exp(-((derivative.batteryRangeMiles ?? 0) * KM_PER_MILE) / PLUG_IN_UTILITY_KM)
      : engineCo2;
  return { mpg: roundTo(co2PerMpg / co2, 0.1), co2: Math.round(co2) };
}

function chargingHours(line: ModelLine, derivative: Derivative): number | undefined {
  if (derivative.batteryRangeMiles === undefined) return undefined;
  const { milesPerKWh, chargerKW } = derivative.fuel === "Electric" ? CHARGING[line.vehicleType] : PLUG_IN_CHARGING;
  const hours = derivative.batteryRangeMiles / milesPerKWh / chargerKW;
  return Math.max(0.5, roundTo(hours, 0.5));
}

/** Insurers group by power and by what the car costs to repair or replace. */
function insuranceGroup(derivative: Derivative): number {
  const group = Math.round(derivative.bhp / 12 + derivative.newPrice / 3000 - 2);
  return Math.min(50, Math.max(1, group));
}

function roundTo(value: number, step: number): number {
  // Dividing by the whole number of steps per unit avoids results like 0.30000000000000004.
  const stepsPerUnit = 1 / step;
  return Math.round(value * stepsPerUnit) / stepsPerUnit;
}
