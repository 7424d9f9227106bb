import type { DemoBodyShape } from "../media/demo-image-catalogue";
import type { CarBody, CarLine, Derivative, ModelLine, TruckBody, TruckLine, VanBody, VanLine, VanSize } from "./model-range";
import { WeightedChoice, type SeededRandom } from "./random";

/**
 * The body a demo vehicle is built with: its body type, the silhouette its pictures use,
 * doors and seats, and for commercials the cab and wheelbase they are sold by.
 */

export type BodyType = CarBody | VanBody | TruckBody;
export type VanCab = "Single Cab" | "Crew Cab" | "Double Cab";
export type TruckCab = "Day Cab" | "Sleeper Cab" | "High Sleeper Cab";
/** One set of codes for vans and trucks alike, so the wheelbase filter has one vocabulary. */
export type Wheelbase = "SWB" | "MWB" | "LWB" | "XLWB";

export interface Bodywork {
  bodyType: BodyType;
  shape: DemoBodyShape;
  doors: number;
  seats: number;
  cabType?: VanCab | TruckCab;
  wheelbase?: Wheelbase;
  /** The derivative as a listing names it; commercials add the wheelbase or axles and body they are sold by. */
  derivative: string;
}

const CAR_BODIES: Record<CarBody, { shape: DemoBodyShape; doors: number; seats: number }> = {
  Hatchback: { shape: "hatchback", doors: 5, seats: 5 },
  Saloon: { shape: "saloon", doors: 4, seats: 5 },
  Estate: { shape: "estate", doors: 5, seats: 5 },
  SUV: { shape: "suv", doors: 5, seats: 5 },
  Coupe: { shape: "coupe", doors: 2, seats: 4 },
  Convertible: { shape: "convertible", doors: 2, seats: 4 },
  MPV: { shape: "mpv", doors: 5, seats: 7 },
};

const VAN_SIZES: Record<VanSize, { shape: DemoBodyShape; bodies: WeightedChoice<VanBody>; wheelbases: WeightedChoice<Wheelbase> }> = {
  small: {
    shape: "small-van",
    bodies: WeightedChoice.of<VanBody>({ "Panel Van": 85, "Crew Van": 15 }),
    wheelbases: WeightedChoice.of<Wheelbase>({ SWB: 70, LWB: 30 }),
  },
  medium: {
    shape: "panel-van",
    bodies: WeightedChoice.of<VanBody>({ "Panel Van": 78, "Crew Van": 16, Minibus: 6 }),
    wheelbases: WeightedChoice.of<Wheelbase>({ SWB: 55, LWB: 45 }),
  },
  large: {
    shape: "large-van",
    bodies: WeightedChoice.of<VanBody>({ "Panel Van": 60, "Crew Van": 8, "Chassis Cab": 5, Dropside: 10, Luton: 12, Minibus: 5 }),
    wheelbases: WeightedChoice.of<Wheelbase>({ MWB: 45, LWB: 40, XLWB: 15 }),
  },
  // Pick-ups come in one wheelbase, so their listings never mention it.
  pickup: {
    shape: "pickup",
    bodies: WeightedChoice.of<VanBody>({ "Double Cab": 1 }),
    wheelbases: WeightedChoice.of<Wheelbase>({ SWB: 1 }),
  },
};

/** Panel and crew vans are drawn at the van's own size; the other bodies have a silhouette of their own. */
const VAN_BODIES: Record<VanBody, { shape?: DemoBodyShape; doors: number; cabs: WeightedChoice<VanCab> }> = {
  "Panel Van": { doors: 4, cabs: WeightedChoice.of<VanCab>({ "Single Cab": 1 }) },
  "Crew Van": { doors: 5, cabs: WeightedChoice.of<VanCab>({ "Crew Cab": 1 }) },
  "Double Cab": { doors: 4, cabs: WeightedChoice.of<VanCab>({ "Double Cab": 1 }) },
  // No chassis-cab silhouette is drawn; a dropside is the nearest.
  "Chassis Cab": { shape: "dropside", doors: 2, cabs: WeightedChoice.of<VanCab>({ "Single Cab": 85, "Crew Cab": 15 }) },
  Dropside: { shape: "dropside", doors: 2, cabs: WeightedChoice.of<VanCab>({ "Single Cab": 80, "Crew Cab": 20 }) },
  Luton: { shape: "luton", doors: 2, cabs: WeightedChoice.of<VanCab>({ "Single Cab": 1 }) },
  Minibus: { shape: "minibus", doors: 4, cabs: WeightedChoice.of<VanCab>({ "Crew Cab": 1 }) },
};

const TRUCK_DOORS = 2;
const TRUCK_BODIES: Record<TruckBody, { shape: DemoBodyShape; cabs: WeightedChoice<TruckCab>; wheelbases: WeightedChoice<Wheelbase> }> = {
  "Tractor Unit": {
    shape: "tractor-unit",
    cabs: WeightedChoice.of<TruckCab>({ "Sleeper Cab": 55, "High Sleeper Cab": 40, "Day Cab": 5 }),
    wheelbases: WeightedChoice.of<Wheelbase>({ SWB: 60, MWB: 40 }),
  },
  Box: {
    shape: "box-truck",
    cabs: WeightedChoice.of<TruckCab>({ "Day Cab": 75, "Sleeper Cab": 25 }),
    wheelbases: WeightedChoice.of<Wheelbase>({ MWB: 35, LWB: 45, XLWB: 20 }),
  },
  Curtainsider: {
    shape: "curtainsider",
    cabs: WeightedChoice.of<TruckCab>({ "Day Cab": 65, "Sleeper Cab": 35 }),
    wheelbases: WeightedChoice.of<Wheelbase>({ MWB: 30, LWB: 45, XLWB: 25 }),
  },
  Tipper: {
    shape: "tipper-truck",
    cabs: WeightedChoice.of<TruckCab>({ "Day Cab": 95, "Sleeper Cab": 5 }),
    wheelbases: WeightedChoice.of<Wheelbase>({ SWB: 50, MWB: 50 }),
  },
  Flatbed: {
    shape: "flatbed-truck",
    cabs: WeightedChoice.of<TruckCab>({ "Day Cab": 80, "Sleeper Cab": 20 }),
    wheelbases: WeightedChoice.of<Wheelbase>({ MWB: 30, LWB: 50, XLWB: 20 }),
  },
};

export function chooseBodywork(line: ModelLine, derivative: Derivative, random: SeededRandom): Bodywork {
  switch (line.vehicleType) {
    case "car":
      return carBodywork(line, derivative);
    case "van":
      return vanBodywork(line, derivative, random);
    case "truck":
      return truckBodywork(line, derivative, random);
  }
}

function carBodywork(line: CarLine, derivative: Derivative): Bodywork {
  const body = CAR_BODIES[line.body];
  return {
    bodyType: line.body,
    shape: body.shape,
    doors: derivative.doors ?? body.doors,
    seats: line.seats ?? body.seats,
    derivative: derivative.name,
  };
}

function vanBodywork(line: VanLine, derivative: Derivative, random: SeededRandom): Bodywork {
  const size = VAN_SIZES[line.size];
  const bodyType = size.bodies.pick(random);
  const body = VAN_BODIES[bodyType];
  const cabType = body.cabs.pick(random);
  const wheelbase = size.wheelbases.pick(random);
  const nameParts = line.size === "pickup" ? [derivative.name, bodyType] : [derivative.name, wheelbase, bodyType];
  return {
    bodyType,
    shape: body.shape ?? size.shape,
    doors: body.doors,
    seats: vanSeats(line.size, bodyType, cabType),
    cabType,
    wheelbase,
    derivative: nameParts.join(" "),
  };
}

function vanSeats(size: VanSize, body: VanBody, cab: VanCab): number {
  if (body === "Minibus") return size === "large" ? 17 : 9;
  if (cab === "Single Cab") return size === "small" ? 2 : 3;
  if (cab === "Double Cab") return 5;
  return size === "small" ? 5 : 6;
}

function truckBodywork(line: TruckLine, derivative: Derivative, random: SeededRandom): Bodywork {
  const body = TRUCK_BODIES[line.body];
  const cabType = body.cabs.pick(random);
  return {
    bodyType: line.body,
    shape: body.shape,
    doors: TRUCK_DOORS,
    // A day cab keeps the middle seat that a sleeper gives up for its bunk.
    seats: cabType === "Day Cab" ? 3 : 2,
    cabType,
    wheelbase: body.wheelbases.pick(random),
    derivative: `${derivative.name} ${derivative.drive} ${line.body}`,
  };
}
