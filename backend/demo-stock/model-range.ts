import type { VehicleType } from "../../domain/vehicle";

/**
 * The makes, models and derivatives the demo stock is drawn from, per vehicle type, with
 * how common each model is in UK dealer stock (weights are per 10,000 vehicles of the type)
 * and the years it was sold. Figures are close to the real UK range, not exact.
 */

export type FuelType = "Petrol" | "Diesel" | "Electric" | "Hybrid" | "Plug-in Hybrid";
export type Transmission = "Manual" | "Automatic";
/** Cars and vans by driven wheels; trucks by axle configuration, as the trade writes them. */
export type DriveType = "Front Wheel Drive" | "Rear Wheel Drive" | "Four Wheel Drive" | "4x2" | "6x2" | "6x4" | "8x4";

export type CarBody = "Hatchback" | "Saloon" | "Estate" | "SUV" | "Coupe" | "Convertible" | "MPV";
export type VanBody = "Panel Van" | "Crew Van" | "Double Cab" | "Chassis Cab" | "Dropside" | "Luton" | "Minibus";
export type TruckBody = "Tractor Unit" | "Box" | "Curtainsider" | "Tipper" | "Flatbed";
/** Vans come in several bodies; their size decides which (see bodywork.ts). */
export type VanSize = "small" | "medium" | "large" | "pickup";

export interface Derivative {
  name: string;
  fuel: FuelType;
  /** Absent for electric vehicles. */
  engineLitres?: number;
  bhp: number;
  transmission: Transmission;
  drive: DriveType;
  /** List price in the last year it was sold (today's price while still on sale); ex VAT for commercials. */
  newPrice: number;
  /** Electric and plug-in hybrids only. */
  batteryRangeMiles?: number;
  /** Doors, where the name states them ("5dr"). */
  doors?: number;
  firstYear: number;
  /** Absent while still on sale. */
  lastYear?: number;
}

interface LineBase {
  make: string;
  model: string;
  weight: number;
  derivatives: readonly Derivative[];
}
export interface CarLine extends LineBase {
  vehicleType: "car";
  body: CarBody;
  kerbKg: number;
  /** Absent when the body's usual number applies. */
  seats?: number;
}
export interface VanLine extends LineBase {
  vehicleType: "van";
  size: VanSize;
}
export interface TruckLine extends LineBase {
  vehicleType: "truck";
  body: TruckBody;
  grossTonnes: number;
}
export type ModelLine = CarLine | VanLine | TruckLine;

// Rows are written tersely so a model's range fits in a few lines.
type FuelCode = "P" | "D" | "H" | "PHEV" | "EV";
type DriveCode = "FWD" | "RWD" | "4WD" | "4x2" | "6x2" | "6x4" | "8x4";
interface RowExtras {
  /** Battery range in miles: required for EV and PHEV rows. */
  range?: number;
  from?: number;
  to?: number;
}
/** Litres are 0 for electric rows. */
type Row = readonly [
  name: string,
  fuel: FuelCode,
  litres: number,
  bhp: number,
  gearbox: "M" | "A",
  drive: DriveCode,
  newPrice: number,
  extras?: RowExtras,
];

const FUELS: Record<FuelCode, FuelType> = {
  P: "Petrol",
  D: "Diesel",
  H: "Hybrid",
  PHEV: "Plug-in Hybrid",
  EV: "Electric",
};
const DRIVES: Record<DriveCode, DriveType> = {
  FWD: "Front Wheel Drive",
  RWD: "Rear Wheel Drive",
  "4WD": "Four Wheel Drive",
  "4x2": "4x2",
  "6x2": "6x2",
  "6x4": "6x4",
  "8x4": "8x4",
};

interface LineSpec {
  model: string;
  weight: number;
  /** First year sold, and last when no longer sold. */
  years: readonly [number, number?];
  rows: readonly Row[];
}

function derivatives(make: string, spec: LineSpec): Derivative[] {
  const [lineFrom, lineTo] = spec.years;
  return spec.rows.map(([name, fuelCode, litres, bhp, gearbox, driveCode, newPrice, extras = {}]) => {
    const fuel = FUELS[fuelCode];
    const plugsIn = fuel === "Electric" || fuel === "Plug-in Hybrid";
    if (plugsIn !== (extras.range !== undefined)) {
      throw new Error(`${make} ${spec.model} ${name}: a battery range belongs to electric and plug-in rows only`);
    }
    const doors = /\b(\d)dr\b/.exec(name)?.[1];
    return {
      name,
      fuel,
      engineLitres: fuel === "Electric" ? undefined : litres,
      bhp,
      transmission: gearbox === "M" ? "Manual" : "Automatic",
      drive: DRIVES[driveCode],
      newPrice,
      batteryRangeMiles: extras.range,
      doors: doors === undefined ? undefined : Number(doors),
      firstYear: Math.max(lineFrom, extras.from ?? lineFrom),
      lastYear: extras.to === undefined || lineTo === undefined ? (extras.to ?? lineTo) : Math.min(extras.to, lineTo),
    };
  });
}

function cars(make: string, specs: readonly (LineSpec & { body: CarBody; kerbKg: number; seats?: number })[]): CarLine[] {
  return specs.map((spec) => ({
    vehicleType: "car",
    make,
    model: spec.model,
    weight: spec.weight,
    body: spec.body,
    kerbKg: spec.kerbKg,
    seats: spec.seats,
    derivatives: derivatives(make, spec),
  }));
}

function vans(make: string, specs: readonly (LineSpec & { size: VanSize })[]): VanLine[] {
  return specs.map((spec) => ({
    vehicleType: "van",
    make,
    model: spec.model,
    weight: spec.weight,
    size: spec.size,
    derivatives: derivatives(make, spec),
  }));
}

function trucks(make: string, specs: readonly (LineSpec & { body: TruckBody; grossTonnes: number })[]): TruckLine[] {
  return specs.map((spec) => ({
    vehicleType: "truck",
    make,
    model: spec.model,
    weight: spec.weight,
    body: spec.body,
    grossTonnes: spec.grossTonnes,
    derivatives: derivatives(make, spec),
  }));
}

const CARS: CarLine[] = [
  ...cars("Ford", [
    { model: "Fiesta", body: "Hatchback", weight: 330, years: [2012, 2023], kerbKg: 1150, rows: [
      ["1.0 EcoBoost Titanium 5dr", "P", 1.0, 100, "M", "FWD", 19_500],
      ["1.25 Zetec 5dr", "P", 1.25, 82, "M", "FWD", 14_200, { to: 2017 }],
      ["1.0 EcoBoost ST-Line 5dr", "P", 1.0, 125, "M", "FWD", 20_900, { from: 2018 }],
      ["1.1 Trend 5dr", "P", 1.1, 75, "M", "FWD", 16_500, { from: 2018 }],
      ["1.5 TDCi Zetec 5dr", "D", 1.5, 85, "M", "FWD", 16_800, { to: 2019 }],
      ["1.0 EcoBoost Titanium 5dr Auto", "P", 1.0, 100, "A", "FWD", 20_900],
      ["1.5 EcoBoost ST-3 3dr", "P", 1.5, 200, "M", "FWD", 25_500, { from: 2018 }],
    ] },
    { model: "Focus", body: "Hatchback", weight: 260, years: [2012, 2025], kerbKg: 1300, rows: [
      ["1.0 EcoBoost Titanium 5dr", "P", 1.0, 125, "M", "FWD", 25_500],
      ["1.5 EcoBlue ST-Line 5dr", "D", 1.5, 120, "M", "FWD", 27_000, { from: 2018 }],
      ["1.6 TDCi Zetec 5dr", "D", 1.6, 115, "M", "FWD", 19_500, { to: 2017 }],
      ["1.0 EcoBoost Hybrid mHEV ST-Line X 5dr", "P", 1.0, 155, "M", "FWD", 29_500, { from: 2020 }],
      ["2.3 EcoBoost ST-3 5dr", "P", 2.3, 280, "M", "FWD", 35_500, { from: 2019 }],
    ] },
    { model: "Focus", body: "Estate", weight: 50, years: [2012, 2025], kerbKg: 1380, rows: [
      ["1.5 EcoBlue Titanium 5dr", "D", 1.5, 120, "M", "FWD", 28_500, { from: 2018 }],
      ["1.0 EcoBoost ST-Line 5dr", "P", 1.0, 125, "M", "FWD", 27_000],
      ["2.0 TDCi Titanium 5dr Powershift", "D", 2.0, 150, "A", "FWD", 24_000, { to: 2018 }],
    ] },
    { model: "Kuga", body: "SUV", weight: 170, years: [2012], kerbKg: 1650, rows: [
      ["1.5 EcoBoost ST-Line 5dr", "P", 1.5, 150, "M", "FWD", 30_500],
      ["2.0 EcoBlue Titanium 5dr", "D", 2.0, 150, "M", "FWD", 31_000, { from: 2020 }],
      ["2.0 TDCi Titanium X 5dr Auto AWD", "D", 2.0, 180, "A", "4WD", 32_000, { to: 2019 }],
      ["2.5 PHEV ST-Line 5dr CVT", "PHEV", 2.5, 225, "A", "FWD", 38_500, { from: 2020, range: 40 }],
      ["2.5 FHEV Titanium 5dr CVT AWD", "H", 2.5, 190, "A", "4WD", 37_000, { from: 2021 }],
    ] },
    { model: "Puma", body: "SUV", weight: 160, years: [2019], kerbKg: 1280, rows: [
      ["1.0 EcoBoost Hybrid mHEV ST-Line 5dr", "P", 1.0, 125, "M", "FWD", 25_500],
      ["1.0 EcoBoost Hybrid mHEV Titanium 5dr", "P", 1.0, 125, "M", "FWD", 24_500],
      ["1.5 EcoBoost ST 5dr", "P", 1.5, 200, "M", "FWD", 32_000, { from: 2020 }],
      ["Gen-E 43kWh Premium 5dr Auto", "EV", 0, 168, "A", "FWD", 30_000, { from: 2025, range: 233 }],
    ] },
    { model: "Mustang Mach-E", body: "SUV", weight: 25, years: [2021], kerbKg: 2100, rows: [
      ["Standard Range RWD 5dr Auto", "EV", 0, 269, "A", "RWD", 45_000, { range: 273 }],
      ["Extended Range AWD 5dr Auto", "EV", 0, 351, "A", "4WD", 56_000, { range: 335 }],
    ] },
    { model: "EcoSport", body: "SUV", weight: 45, years: [2014, 2022], kerbKg: 1300, rows: [
      ["1.0 EcoBoost Titanium 5dr", "P", 1.0, 125, "M", "FWD", 20_500],
      ["1.5 TDCi Zetec 5dr", "D", 1.5, 95, "M", "FWD", 17_500, { to: 2018 }],
    ] },
    { model: "S-MAX", body: "MPV", weight: 25, years: [2012, 2023], kerbKg: 1750, seats: 7, rows: [
      ["2.0 EcoBlue Titanium 5dr", "D", 2.0, 150, "M", "FWD", 33_000, { from: 2019 }],
      ["2.0 TDCi Titanium 5dr Powershift", "D", 2.0, 180, "A", "FWD", 31_000, { to: 2018 }],
      ["2.5 FHEV Titanium 5dr CVT", "H", 2.5, 190, "A", "FWD", 38_000, { from: 2021 }],
    ] },
    { model: "Galaxy", body: "MPV", weight: 15, years: [2012, 2023], kerbKg: 1800, seats: 7, rows: [
      ["2.0 EcoBlue Titanium 5dr Auto", "D", 2.0, 150, "A", "FWD", 36_000, { from: 2019 }],
      ["2.0 TDCi Zetec 5dr", "D", 2.0, 150, "M", "FWD", 29_000, { to: 2018 }],
    ] },
    { model: "Mustang", body: "Coupe", weight: 15, years: [2015], kerbKg: 1750, rows: [
      ["5.0 V8 GT 2dr", "P", 5.0, 450, "M", "RWD", 55_000],
      ["2.3 EcoBoost 2dr Auto", "P", 2.3, 290, "A", "RWD", 38_000, { to: 2020 }],
    ] },
    { model: "Ka+", body: "Hatchback", weight: 20, years: [2016, 2019], kerbKg: 1000, rows: [
      ["1.2 Zetec 5dr", "P", 1.2, 85, "M", "FWD", 11_500],
    ] },
  ]),
  ...cars("Vauxhall", [
    { model: "Corsa", body: "Hatchback", weight: 320, years: [2012], kerbKg: 1150, rows: [
      ["1.2 SE 5dr", "P", 1.2, 70, "M", "FWD", 13_000, { to: 2019 }],
      ["1.4 SRi 3dr", "P", 1.4, 90, "M", "FWD", 15_000, { to: 2019 }],
      ["1.2 Turbo SRi 5dr", "P", 1.2, 100, "M", "FWD", 21_500, { from: 2020 }],
      ["1.2 Design 5dr", "P", 1.2, 75, "M", "FWD", 18_500, { from: 2020 }],
      ["100kW SRi 50kWh 5dr Auto", "EV", 0, 134, "A", "FWD", 31_000, { from: 2020, range: 209 }],
    ] },
    { model: "Astra", body: "Hatchback", weight: 210, years: [2012], kerbKg: 1300, rows: [
      ["1.4T SRi 5dr", "P", 1.4, 150, "M", "FWD", 21_000, { to: 2019 }],
      ["1.6 CDTi Elite Nav 5dr", "D", 1.6, 136, "M", "FWD", 23_000, { to: 2019 }],
      ["1.2 Turbo SRi 5dr", "P", 1.2, 130, "M", "FWD", 24_000, { from: 2020 }],
      ["1.5 Turbo D Business Edition Nav 5dr", "D", 1.5, 105, "M", "FWD", 22_500, { from: 2020, to: 2021 }],
      ["1.6 Hybrid GS 5dr Auto", "PHEV", 1.6, 180, "A", "FWD", 37_000, { from: 2022, range: 40 }],
    ] },
    { model: "Astra", body: "Estate", weight: 60, years: [2012], kerbKg: 1380, rows: [
      ["1.6 CDTi SRi Nav Sports Tourer 5dr", "D", 1.6, 110, "M", "FWD", 23_000, { to: 2019 }],
      ["1.5 Turbo D SRi Sports Tourer 5dr", "D", 1.5, 122, "M", "FWD", 25_000, { from: 2020 }],
    ] },
    { model: "Mokka", body: "SUV", weight: 130, years: [2012], kerbKg: 1300, rows: [
      ["1.4T SE 5dr", "P", 1.4, 140, "M", "FWD", 21_000, { to: 2020 }],
      ["1.6 CDTi Elite 5dr", "D", 1.6, 136, "M", "FWD", 22_500, { to: 2019 }],
      ["1.2 Turbo SRi 5dr", "P", 1.2, 130, "M", "FWD", 26_000, { from: 2021 }],
      ["100kW SRi Nav Premium 50kWh 5dr Auto", "EV", 0, 136, "A", "FWD", 33_000, { from: 2021, range: 201 }],
    ] },
    { model: "Crossland", body: "SUV", weight: 80, years: [2017, 2024], kerbKg: 1250, rows: [
      ["1.2 SE 5dr", "P", 1.2, 83, "M", "FWD", 19_000],
      ["1.2 Turbo Elite 5dr", "P", 1.2, 110, "M", "FWD", 22_000],
    ] },
    { model: "Grandland", body: "SUV", weight: 70, years: [2018], kerbKg: 1450, rows: [
      ["1.2 Turbo SRi Nav 5dr", "P", 1.2, 130, "M", "FWD", 27_000],
      ["1.5 Turbo D Elite Nav 5dr Auto", "D", 1.5, 130, "A", "FWD", 31_000],
      ["1.6 Hybrid4 Ultimate 5dr Auto", "PHEV", 1.6, 300, "A", "4WD", 45_000, { from: 2020, to: 2023, range: 36 }],
    ] },
    { model: "Insignia", body: "Hatchback", weight: 50, years: [2012, 2022], kerbKg: 1500, rows: [
      ["2.0 CDTi SRi Nav Grand Sport 5dr", "D", 2.0, 170, "M", "FWD", 26_000],
      ["1.5 Turbo SRi Nav Grand Sport 5dr", "P", 1.5, 165, "M", "FWD", 25_000, { from: 2017 }],
    ] },
    { model: "Adam", body: "Hatchback", weight: 20, years: [2013, 2019], kerbKg: 1050, rows: [
      ["1.2 Jam 3dr", "P", 1.2, 70, "M", "FWD", 12_000],
    ] },
    { model: "Zafira Tourer", body: "MPV", weight: 25, years: [2012, 2019], kerbKg: 1650, seats: 7, rows: [
      ["1.4T SRi 5dr", "P", 1.4, 140, "M", "FWD", 22_000],
      ["2.0 CDTi Elite 5dr Auto", "D", 2.0, 170, "A", "FWD", 27_000],
    ] },
  ]),
  ...cars("Volkswagen", [
    { model: "Golf", body: "Hatchback", weight: 310, years: [2012], kerbKg: 1350, rows: [
      ["1.5 TSI Life 5dr", "P", 1.5, 130, "M", "FWD", 27_500, { from: 2020 }],
      ["2.0 TDI Life 5dr", "D", 2.0, 115, "M", "FWD", 28_500, { from: 2020 }],
      ["1.4 TSI Match 5dr", "P", 1.4, 125, "M", "FWD", 20_500, { to: 2019 }],
      ["2.0 TDI GT 5dr", "D", 2.0, 150, "M", "FWD", 24_500, { to: 2019 }],
      ["2.0 TSI GTI 5dr DSG", "P", 2.0, 245, "A", "FWD", 38_500, { from: 2013 }],
      ["2.0 TSI R 5dr DSG 4Motion", "P", 2.0, 320, "A", "4WD", 45_000, { from: 2014 }],
      ["1.4 TSI GTE 5dr DSG", "PHEV", 1.4, 204, "A", "FWD", 37_000, { from: 2015, range: 39 }],
      ["e-Golf 5dr Auto", "EV", 0, 136, "A", "FWD", 32_000, { from: 2014, to: 2020, range: 144 }],
      ["1.5 eTSI Style 5dr DSG", "P", 1.5, 150, "A", "FWD", 31_000, { from: 2020 }],
    ] },
    { model: "Golf", body: "Estate", weight: 40, years: [2013], kerbKg: 1450, rows: [
      ["2.0 TDI SE Nav Estate 5dr", "D", 2.0, 150, "M", "FWD", 27_000],
      ["1.5 TSI Life Estate 5dr", "P", 1.5, 130, "M", "FWD", 29_000, { from: 2021 }],
    ] },
    { model: "Polo", body: "Hatchback", weight: 230, years: [2012], kerbKg: 1150, rows: [
      ["1.0 TSI Life 5dr", "P", 1.0, 95, "M", "FWD", 21_000, { from: 2022 }],
      ["1.0 SE 5dr", "P", 1.0, 75, "M", "FWD", 15_000, { to: 2021 }],
      ["1.2 TSI Match 5dr", "P", 1.2, 90, "M", "FWD", 15_500, { to: 2017 }],
      ["1.0 TSI R-Line 5dr", "P", 1.0, 110, "M", "FWD", 22_500, { from: 2018 }],
      ["2.0 TSI GTI 5dr DSG", "P", 2.0, 207, "A", "FWD", 29_000, { from: 2018 }],
    ] },
    { model: "Tiguan", body: "SUV", weight: 160, years: [2012], kerbKg: 1650, rows: [
      ["2.0 TDI SE Nav 5dr", "D", 2.0, 150, "M", "FWD", 33_000],
      ["1.5 TSI Life 5dr", "P", 1.5, 150, "M", "FWD", 34_000, { from: 2020 }],
      ["2.0 TDI R-Line 5dr DSG 4Motion", "D", 2.0, 200, "A", "4WD", 43_000, { from: 2021 }],
      ["1.4 TSI eHybrid Elegance 5dr DSG", "PHEV", 1.4, 245, "A", "FWD", 44_000, { from: 2021, range: 30 }],
    ] },
    { model: "T-Roc", body: "SUV", weight: 140, years: [2017], kerbKg: 1350, rows: [
      ["1.0 TSI Life 5dr", "P", 1.0, 110, "M", "FWD", 26_000],
      ["1.5 TSI R-Line 5dr DSG", "P", 1.5, 150, "A", "FWD", 32_500],
      ["2.0 TSI R 5dr DSG 4Motion", "P", 2.0, 300, "A", "4WD", 44_000, { from: 2019 }],
    ] },
    { model: "T-Cross", body: "SUV", weight: 70, years: [2019], kerbKg: 1250, rows: [
      ["1.0 TSI SE 5dr", "P", 1.0, 110, "M", "FWD", 23_000],
      ["1.0 TSI R-Line 5dr DSG", "P", 1.0, 115, "A", "FWD", 27_000],
    ] },
    { model: "Up", body: "Hatchback", weight: 70, years: [2012, 2023], kerbKg: 950, rows: [
      ["1.0 Move Up 5dr", "P", 1.0, 60, "M", "FWD", 12_500],
      ["1.0 TSI GTI 3dr", "P", 1.0, 115, "M", "FWD", 17_500, { from: 2018 }],
      ["e-Up 5dr Auto", "EV", 0, 82, "A", "FWD", 24_000, { from: 2020, range: 159 }],
    ] },
    { model: "Passat", body: "Estate", weight: 60, years: [2012], kerbKg: 1550, rows: [
      ["2.0 TDI SE Business Estate 5dr DSG", "D", 2.0, 150, "A", "FWD", 33_000],
      ["1.4 TSI GTE Advance Estate 5dr DSG", "PHEV", 1.4, 218, "A", "FWD", 41_000, { from: 2016, range: 34 }],
    ] },
    { model: "ID.3", body: "Hatchback", weight: 40, years: [2020], kerbKg: 1800, rows: [
      ["150kW Pro Life 58kWh 5dr Auto", "EV", 0, 204, "A", "RWD", 37_000, { range: 265 }],
      ["150kW Pro S Family 77kWh 5dr Auto", "EV", 0, 204, "A", "RWD", 43_000, { range: 340 }],
    ] },
    { model: "ID.4", body: "SUV", weight: 40, years: [2021], kerbKg: 2100, rows: [
      ["150kW Pro Performance Life 77kWh 5dr Auto", "EV", 0, 204, "A", "RWD", 44_000, { range: 323 }],
      ["220kW GTX 77kWh 5dr Auto 4Motion", "EV", 0, 299, "A", "4WD", 52_000, { range: 298 }],
    ] },
    { model: "Touran", body: "MPV", weight: 20, years: [2012, 2024], kerbKg: 1500, seats: 7, rows: [
      ["1.5 TSI SE 5dr", "P", 1.5, 150, "M", "FWD", 30_000, { from: 2019 }],
      ["2.0 TDI SE Family 5dr DSG", "D", 2.0, 150, "A", "FWD", 31_000],
    ] },
  ]),
  ...cars("BMW", [
    { model: "1 Series", body: "Hatchback", weight: 180, years: [2012], kerbKg: 1400, rows: [
      ["118i M Sport 5dr", "P", 1.5, 136, "M", "FWD", 29_500, { from: 2020 }],
      ["118d Sport 5dr", "D", 2.0, 150, "M", "RWD", 27_000, { to: 2019 }],
      ["116d SE 5dr", "D", 1.5, 116, "M", "RWD", 23_000, { to: 2019 }],
      ["120d xDrive M Sport 5dr Step Auto", "D", 2.0, 190, "A", "4WD", 35_000, { from: 2020 }],
      ["M135i xDrive 5dr Step Auto", "P", 2.0, 306, "A", "4WD", 41_000, { from: 2020 }],
    ] },
    { model: "3 Series", body: "Saloon", weight: 150, years: [2012], kerbKg: 1550, rows: [
      ["320d M Sport 4dr Step Auto", "D", 2.0, 190, "A", "RWD", 41_000],
      ["320i M Sport 4dr Step Auto", "P", 2.0, 184, "A", "RWD", 40_000, { from: 2016 }],
      ["318d SE 4dr", "D", 2.0, 150, "M", "RWD", 30_000, { to: 2019 }],
      ["330e M Sport 4dr Step Auto", "PHEV", 2.0, 292, "A", "RWD", 46_000, { from: 2019, range: 36 }],
      ["M340i xDrive 4dr Step Auto", "P", 3.0, 374, "A", "4WD", 58_000, { from: 2019 }],
      ["M3 Competition 4dr Step Auto", "P", 3.0, 510, "A", "RWD", 80_000, { from: 2021 }],
    ] },
    { model: "3 Series", body: "Estate", weight: 50, years: [2012], kerbKg: 1650, rows: [
      ["320d M Sport Touring 5dr Step Auto", "D", 2.0, 190, "A", "RWD", 43_000],
      ["330e M Sport Touring 5dr Step Auto", "PHEV", 2.0, 292, "A", "RWD", 48_000, { from: 2020, range: 34 }],
    ] },
    { model: "5 Series", body: "Saloon", weight: 80, years: [2012], kerbKg: 1750, rows: [
      ["520d M Sport 4dr Step Auto", "D", 2.0, 190, "A", "RWD", 46_000],
      ["530e M Sport 4dr Auto", "PHEV", 2.0, 292, "A", "RWD", 50_000, { from: 2017, range: 35 }],
      ["540i xDrive M Sport 4dr Auto", "P", 3.0, 340, "A", "4WD", 58_000, { from: 2017, to: 2023 }],
      ["i5 eDrive40 M Sport 4dr Auto", "EV", 0, 340, "A", "RWD", 74_000, { from: 2023, range: 359 }],
    ] },
    { model: "X1", body: "SUV", weight: 90, years: [2012], kerbKg: 1600, rows: [
      ["sDrive18i Sport 5dr Step Auto", "P", 1.5, 136, "A", "FWD", 33_000, { from: 2016 }],
      ["xDrive20d M Sport 5dr Step Auto", "D", 2.0, 190, "A", "4WD", 40_000],
      ["xDrive25e M Sport 5dr Step Auto", "PHEV", 1.5, 220, "A", "4WD", 43_000, { from: 2020, to: 2022, range: 31 }],
    ] },
    { model: "X3", body: "SUV", weight: 80, years: [2012], kerbKg: 1800, rows: [
      ["xDrive20d M Sport 5dr Step Auto", "D", 2.0, 190, "A", "4WD", 48_000],
      ["xDrive30e M Sport 5dr Auto", "PHEV", 2.0, 292, "A", "4WD", 55_000, { from: 2020, range: 31 }],
    ] },
    { model: "X5", body: "SUV", weight: 50, years: [2012], kerbKg: 2200, rows: [
      ["xDrive30d M Sport 5dr Auto", "D", 3.0, 265, "A", "4WD", 68_000],
      ["xDrive45e M Sport 5dr Auto", "PHEV", 3.0, 394, "A", "4WD", 72_000, { from: 2019, to: 2023, range: 50 }],
    ] },
    { model: "4 Series", body: "Coupe", weight: 40, years: [2013], kerbKg: 1600, seats: 4, rows: [
      ["420d M Sport 2dr Auto", "D", 2.0, 190, "A", "RWD", 44_000],
      ["420i M Sport 2dr Step Auto", "P", 2.0, 184, "A", "RWD", 43_000],
      ["M4 Competition 2dr Step Auto", "P", 3.0, 510, "A", "RWD", 82_000, { from: 2021 }],
    ] },
    { model: "4 Series", body: "Convertible", weight: 15, years: [2014], kerbKg: 1750, rows: [
      ["420i M Sport 2dr Step Auto", "P", 2.0, 184, "A", "RWD", 48_000],
    ] },
    { model: "2 Series Active Tourer", body: "MPV", weight: 30, years: [2014], kerbKg: 1450, seats: 5, rows: [
      ["218i Sport 5dr", "P", 1.5, 136, "M", "FWD", 29_000],
      ["225xe M Sport 5dr Auto", "PHEV", 1.5, 224, "A", "4WD", 36_000, { from: 2016, to: 2021, range: 25 }],
    ] },
    { model: "i3", body: "Hatchback", weight: 20, years: [2013, 2022], kerbKg: 1300, rows: [
      ["120Ah 5dr Auto", "EV", 0, 170, "A", "RWD", 34_000, { from: 2019, range: 190 }],
      ["94Ah 5dr Auto", "EV", 0, 170, "A", "RWD", 32_000, { to: 2018, range: 120 }],
    ] },
    { model: "i4", body: "Hatchback", weight: 15, years: [2022], kerbKg: 2100, rows: [
      ["eDrive40 M Sport 5dr Auto", "EV", 0, 340, "A", "RWD", 59_000, { range: 365 }],
    ] },
    { model: "Z4", body: "Convertible", weight: 10, years: [2012], kerbKg: 1450, seats: 2, rows: [
      ["sDrive20i M Sport 2dr Auto", "P", 2.0, 197, "A", "RWD", 42_000],
    ] },
  ]),
  ...cars("Mercedes-Benz", [
    { model: "A-Class", body: "Hatchback", weight: 180, years: [2012], kerbKg: 1400, rows: [
      ["A180 AMG Line 5dr Auto", "P", 1.3, 136, "A", "FWD", 31_000, { from: 2018 }],
      ["A200 AMG Line Premium 5dr Auto", "P", 1.3, 163, "A", "FWD", 33_500, { from: 2018 }],
      ["A180d SE 5dr", "D", 1.5, 109, "M", "FWD", 24_000, { to: 2018 }],
      ["A250e AMG Line 5dr Auto", "PHEV", 1.3, 218, "A", "FWD", 38_000, { from: 2020, range: 43 }],
      ["A35 4Matic 5dr Auto", "P", 2.0, 306, "A", "4WD", 46_000, { from: 2019 }],
    ] },
    { model: "C-Class", body: "Saloon", weight: 140, years: [2012], kerbKg: 1600, rows: [
      ["C220d AMG Line 4dr 9G-Tronic", "D", 2.0, 194, "A", "RWD", 42_000],
      ["C200 AMG Line 4dr 9G-Tronic", "P", 1.5, 204, "A", "RWD", 40_000, { from: 2018 }],
      ["C300e AMG Line Edition 4dr 9G-Tronic", "PHEV", 2.0, 313, "A", "RWD", 45_000, { from: 2020, range: 32 }],
      ["C43 4Matic 4dr 9G-Tronic", "P", 3.0, 385, "A", "4WD", 58_000, { from: 2016, to: 2021 }],
    ] },
    { model: "C-Class", body: "Estate", weight: 40, years: [2012], kerbKg: 1700, rows: [
      ["C220d AMG Line Estate 5dr 9G-Tronic", "D", 2.0, 194, "A", "RWD", 44_000],
    ] },
    { model: "C-Class", body: "Coupe", weight: 20, years: [2015, 2023], kerbKg: 1650, seats: 4, rows: [
      ["C220d AMG Line Premium 2dr 9G-Tronic", "D", 2.0, 194, "A", "RWD", 45_000],
      ["C200 AMG Line 2dr 9G-Tronic", "P", 1.5, 204, "A", "RWD", 42_000, { from: 2018 }],
    ] },
    { model: "E-Class", body: "Saloon", weight: 70, years: [2012], kerbKg: 1800, rows: [
      ["E220d AMG Line 4dr 9G-Tronic", "D", 2.0, 194, "A", "RWD", 50_000],
      ["E300e AMG Line 4dr 9G-Tronic", "PHEV", 2.0, 320, "A", "RWD", 55_000, { from: 2019, range: 33 }],
    ] },
    { model: "E-Class", body: "Estate", weight: 25, years: [2012], kerbKg: 1900, rows: [
      ["E220d AMG Line Estate 5dr 9G-Tronic", "D", 2.0, 194, "A", "RWD", 53_000],
    ] },
    { model: "GLA", body: "SUV", weight: 70, years: [2014], kerbKg: 1550, rows: [
      ["GLA 200 AMG Line 5dr Auto", "P", 1.3, 163, "A", "FWD", 37_000, { from: 2020 }],
      ["GLA 200d AMG Line 5dr Auto", "D", 2.1, 136, "A", "FWD", 30_000, { to: 2019 }],
      ["GLA 250e AMG Line 5dr Auto", "PHEV", 1.3, 218, "A", "FWD", 41_000, { from: 2020, range: 37 }],
    ] },
    { model: "GLC", body: "SUV", weight: 80, years: [2015], kerbKg: 1850, rows: [
      ["GLC 220d 4Matic AMG Line 5dr 9G-Tronic", "D", 2.0, 194, "A", "4WD", 52_000],
      ["GLC 300e 4Matic AMG Line 5dr 9G-Tronic", "PHEV", 2.0, 320, "A", "4WD", 58_000, { from: 2020, range: 27 }],
    ] },
    { model: "GLE", body: "SUV", weight: 25, years: [2015], kerbKg: 2200, rows: [
      ["GLE 300d 4Matic AMG Line 5dr 9G-Tronic", "D", 2.0, 245, "A", "4WD", 67_000, { from: 2019 }],
      ["GLE 350d 4Matic AMG Line 5dr 9G-Tronic", "D", 3.0, 258, "A", "4WD", 58_000, { to: 2018 }],
    ] },
    { model: "CLA", body: "Coupe", weight: 40, years: [2013], kerbKg: 1450, seats: 5, rows: [
      ["CLA 200 AMG Line 4dr Tip Auto", "P", 1.3, 163, "A", "FWD", 36_000, { from: 2019 }],
      ["CLA 220d AMG Line 4dr Tip Auto", "D", 2.1, 177, "A", "FWD", 33_000, { to: 2018 }],
    ] },
    { model: "EQA", body: "SUV", weight: 15, years: [2021], kerbKg: 2000, rows: [
      ["EQA 250 AMG Line 5dr Auto", "EV", 0, 190, "A", "FWD", 45_000, { range: 264 }],
    ] },
    { model: "B-Class", body: "MPV", weight: 25, years: [2012], kerbKg: 1450, seats: 5, rows: [
      ["B180 AMG Line Executive 5dr Auto", "P", 1.3, 136, "A", "FWD", 31_000, { from: 2019 }],
      ["B180 Sport 5dr", "P", 1.6, 122, "M", "FWD", 24_000, { to: 2018 }],
    ] },
  ]),
  ...cars("Audi", [
    { model: "A1", body: "Hatchback", weight: 100, years: [2012], kerbKg: 1150, rows: [
      ["30 TFSI Sport 5dr", "P", 1.0, 110, "M", "FWD", 22_000, { from: 2019 }],
      ["35 TFSI S Line 5dr S Tronic", "P", 1.5, 150, "A", "FWD", 26_000, { from: 2019 }],
      ["1.4 TFSI Sport 3dr", "P", 1.4, 122, "M", "FWD", 18_000, { to: 2018 }],
      ["1.6 TDI SE 3dr", "D", 1.6, 105, "M", "FWD", 16_000, { to: 2015 }],
    ] },
    { model: "A3", body: "Hatchback", weight: 200, years: [2012], kerbKg: 1350, rows: [
      ["35 TFSI S Line 5dr", "P", 1.5, 150, "M", "FWD", 31_500, { from: 2017 }],
      ["30 TDI Sport 5dr", "D", 2.0, 116, "M", "FWD", 28_000, { from: 2017 }],
      ["2.0 TDI S Line 5dr", "D", 2.0, 150, "M", "FWD", 26_000, { to: 2018 }],
      ["1.4 TFSI Sport 5dr", "P", 1.4, 125, "M", "FWD", 22_000, { to: 2016 }],
      ["40 TFSI e S Line 5dr S Tronic", "PHEV", 1.4, 204, "A", "FWD", 37_000, { from: 2020, range: 41 }],
      ["S3 TFSI Quattro 5dr S Tronic", "P", 2.0, 310, "A", "4WD", 44_000],
    ] },
    { model: "A3", body: "Saloon", weight: 40, years: [2013], kerbKg: 1400, rows: [
      ["35 TFSI S Line 4dr", "P", 1.5, 150, "M", "FWD", 32_000],
    ] },
    { model: "A4", body: "Saloon", weight: 60, years: [2012], kerbKg: 1550, rows: [
      ["35 TDI S Line 4dr S Tronic", "D", 2.0, 163, "A", "FWD", 38_000, { from: 2019 }],
      ["2.0 TDI SE 4dr", "D", 2.0, 150, "M", "FWD", 29_000, { to: 2018 }],
      ["40 TFSI S Line 4dr S Tronic", "P", 2.0, 204, "A", "FWD", 40_000, { from: 2019 }],
    ] },
    { model: "A4", body: "Estate", weight: 50, years: [2012], kerbKg: 1600, rows: [
      ["40 TDI Quattro S Line Avant 5dr S Tronic", "D", 2.0, 204, "A", "4WD", 44_000, { from: 2019 }],
      ["2.0 TDI S Line Avant 5dr", "D", 2.0, 150, "M", "FWD", 31_000, { to: 2018 }],
    ] },
    { model: "A5", body: "Coupe", weight: 40, years: [2012], kerbKg: 1550, seats: 4, rows: [
      ["40 TFSI S Line 2dr S Tronic", "P", 2.0, 204, "A", "FWD", 43_000, { from: 2019 }],
      ["2.0 TDI S Line 2dr", "D", 2.0, 190, "M", "FWD", 36_000, { to: 2018 }],
    ] },
    { model: "A5", body: "Convertible", weight: 10, years: [2012], kerbKg: 1700, seats: 4, rows: [
      ["40 TFSI S Line 2dr S Tronic", "P", 2.0, 204, "A", "FWD", 48_000],
    ] },
    { model: "A6", body: "Saloon", weight: 40, years: [2012], kerbKg: 1750, rows: [
      ["40 TDI S Line 4dr S Tronic", "D", 2.0, 204, "A", "FWD", 46_000],
      ["55 TFSI e Quattro S Line 4dr S Tronic", "PHEV", 2.0, 367, "A", "4WD", 60_000, { from: 2020, range: 32 }],
    ] },
    { model: "Q2", body: "SUV", weight: 60, years: [2016], kerbKg: 1300, rows: [
      ["30 TFSI Sport 5dr", "P", 1.0, 116, "M", "FWD", 26_000],
      ["35 TFSI S Line 5dr S Tronic", "P", 1.5, 150, "A", "FWD", 31_000],
    ] },
    { model: "Q3", body: "SUV", weight: 90, years: [2012], kerbKg: 1550, rows: [
      ["35 TFSI S Line 5dr", "P", 1.5, 150, "M", "FWD", 36_000, { from: 2019 }],
      ["2.0 TDI Quattro S Line 5dr S Tronic", "D", 2.0, 150, "A", "4WD", 33_000, { to: 2018 }],
      ["45 TFSI e S Line 5dr S Tronic", "PHEV", 1.4, 245, "A", "FWD", 44_000, { from: 2021, range: 31 }],
    ] },
    { model: "Q5", body: "SUV", weight: 80, years: [2012], kerbKg: 1850, rows: [
      ["40 TDI Quattro S Line 5dr S Tronic", "D", 2.0, 204, "A", "4WD", 50_000, { from: 2019 }],
      ["2.0 TDI Quattro SE 5dr S Tronic", "D", 2.0, 190, "A", "4WD", 38_000, { to: 2018 }],
      ["50 TFSI e Quattro S Line 5dr S Tronic", "PHEV", 2.0, 299, "A", "4WD", 56_000, { from: 2020, range: 38 }],
    ] },
    { model: "Q7", body: "SUV", weight: 20, years: [2012], kerbKg: 2100, seats: 7, rows: [
      ["45 TDI Quattro S Line 5dr Tiptronic", "D", 3.0, 231, "A", "4WD", 68_000],
    ] },
    { model: "Q4 e-tron", body: "SUV", weight: 25, years: [2021], kerbKg: 2100, rows: [
      ["40 Sport 82kWh 5dr Auto", "EV", 0, 204, "A", "RWD", 48_000, { range: 316 }],
    ] },
    { model: "e-tron", body: "SUV", weight: 10, years: [2019, 2023], kerbKg: 2500, rows: [
      ["55 Quattro Sport 95kWh 5dr Auto", "EV", 0, 408, "A", "4WD", 72_000, { range: 252 }],
    ] },
    { model: "TT", body: "Coupe", weight: 25, years: [2012, 2023], kerbKg: 1350, seats: 4, rows: [
      ["40 TFSI S Line 2dr S Tronic", "P", 2.0, 197, "A", "FWD", 37_000, { from: 2019 }],
      ["2.0 TDI Ultra S Line 2dr", "D", 2.0, 184, "M", "FWD", 32_000, { to: 2018 }],
    ] },
  ]),
  ...cars("Nissan", [
    { model: "Qashqai", body: "SUV", weight: 260, years: [2012], kerbKg: 1450, rows: [
      ["1.3 DiG-T Acenta Premium 5dr", "P", 1.3, 140, "M", "FWD", 27_000, { from: 2019 }],
      ["1.5 dCi N-Connecta 5dr", "D", 1.5, 110, "M", "FWD", 24_000, { to: 2021 }],
      ["1.2 DiG-T Acenta 5dr", "P", 1.2, 115, "M", "FWD", 21_000, { from: 2014, to: 2018 }],
      ["1.3 DiG-T MH N-Connecta 5dr Xtronic", "P", 1.3, 158, "A", "FWD", 31_000, { from: 2021 }],
      ["1.5 e-Power Tekna 5dr Auto", "H", 1.5, 190, "A", "FWD", 37_000, { from: 2022 }],
      ["1.6 dCi Tekna 4WD 5dr", "D", 1.6, 130, "M", "4WD", 28_000, { to: 2018 }],
    ] },
    { model: "Juke", body: "SUV", weight: 150, years: [2012], kerbKg: 1250, rows: [
      ["1.6 Acenta 5dr", "P", 1.6, 94, "M", "FWD", 16_000, { to: 2019 }],
      ["1.5 dCi Tekna 5dr", "D", 1.5, 110, "M", "FWD", 19_500, { to: 2018 }],
      ["1.0 DiG-T N-Connecta 5dr", "P", 1.0, 114, "M", "FWD", 23_500, { from: 2020 }],
      ["1.6 Hybrid Tekna 5dr Auto", "H", 1.6, 143, "A", "FWD", 29_000, { from: 2022 }],
    ] },
    { model: "Micra", body: "Hatchback", weight: 60, years: [2012, 2023], kerbKg: 1050, rows: [
      ["0.9 IG-T Acenta 5dr", "P", 0.9, 90, "M", "FWD", 16_000, { from: 2017 }],
      ["1.2 Visia 5dr", "P", 1.2, 80, "M", "FWD", 11_000, { to: 2016 }],
      ["1.0 IG-T N-Sport 5dr", "P", 1.0, 100, "M", "FWD", 19_000, { from: 2019 }],
    ] },
    { model: "Leaf", body: "Hatchback", weight: 60, years: [2012], kerbKg: 1600, rows: [
      ["110kW Acenta 40kWh 5dr Auto", "EV", 0, 150, "A", "FWD", 28_500, { from: 2018, range: 168 }],
      ["80kW Acenta 24kWh 5dr Auto", "EV", 0, 109, "A", "FWD", 26_000, { to: 2017, range: 124 }],
      ["160kW e+ Tekna 62kWh 5dr Auto", "EV", 0, 217, "A", "FWD", 35_000, { from: 2019, range: 239 }],
    ] },
    { model: "X-Trail", body: "SUV", weight: 50, years: [2014], kerbKg: 1700, seats: 7, rows: [
      ["1.6 dCi N-Connecta 5dr", "D", 1.6, 130, "M", "FWD", 28_000, { to: 2021 }],
      ["1.3 DiG-T Tekna 5dr DCT", "P", 1.3, 160, "A", "FWD", 31_000, { from: 2018, to: 2021 }],
      ["1.5 e-Power e-4orce Tekna 5dr Auto", "H", 1.5, 213, "A", "4WD", 43_000, { from: 2022 }],
    ] },
    { model: "Ariya", body: "SUV", weight: 10, years: [2022], kerbKg: 2000, rows: [
      ["160kW Advance 63kWh 5dr Auto", "EV", 0, 218, "A", "FWD", 44_000, { range: 250 }],
    ] },
    { model: "Note", body: "Hatchback", weight: 15, years: [2013, 2019], kerbKg: 1100, rows: [
      ["1.2 Acenta 5dr", "P", 1.2, 80, "M", "FWD", 14_000],
    ] },
  ]),
  ...cars("Toyota", [
    { model: "Yaris", body: "Hatchback", weight: 150, years: [2012], kerbKg: 1100, rows: [
      ["1.5 Hybrid Icon 5dr CVT", "H", 1.5, 100, "A", "FWD", 18_000, { to: 2020 }],
      ["1.5 Hybrid Design 5dr CVT", "H", 1.5, 116, "A", "FWD", 23_500, { from: 2020 }],
      ["1.0 VVT-i Icon 5dr", "P", 1.0, 70, "M", "FWD", 14_000, { to: 2020 }],
      ["1.6 GR Yaris Circuit Pack 3dr", "P", 1.6, 261, "M", "4WD", 36_000, { from: 2021 }],
    ] },
    { model: "Corolla", body: "Hatchback", weight: 100, years: [2019], kerbKg: 1350, rows: [
      ["1.8 Hybrid Icon 5dr CVT", "H", 1.8, 122, "A", "FWD", 29_000],
      ["2.0 Hybrid Excel 5dr CVT", "H", 2.0, 184, "A", "FWD", 34_000],
    ] },
    { model: "Corolla", body: "Estate", weight: 30, years: [2019], kerbKg: 1400, rows: [
      ["1.8 Hybrid Design Touring Sports 5dr CVT", "H", 1.8, 140, "A", "FWD", 31_000],
    ] },
    { model: "Auris", body: "Hatchback", weight: 40, years: [2012, 2018], kerbKg: 1300, rows: [
      ["1.8 VVT-i Hybrid Excel 5dr CVT", "H", 1.8, 136, "A", "FWD", 24_000],
      ["1.2T Icon 5dr", "P", 1.2, 116, "M", "FWD", 19_000, { from: 2015 }],
      ["1.4 D-4D Icon 5dr", "D", 1.4, 90, "M", "FWD", 18_000],
    ] },
    { model: "C-HR", body: "SUV", weight: 80, years: [2017], kerbKg: 1450, rows: [
      ["1.8 Hybrid Dynamic 5dr CVT", "H", 1.8, 122, "A", "FWD", 29_000],
      ["2.0 Hybrid GR Sport 5dr CVT", "H", 2.0, 184, "A", "FWD", 34_000, { from: 2020 }],
    ] },
    { model: "RAV4", body: "SUV", weight: 60, years: [2013], kerbKg: 1700, rows: [
      ["2.5 VVT-i Hybrid Design 5dr CVT", "H", 2.5, 218, "A", "FWD", 37_000, { from: 2019 }],
      ["2.5 VVT-i Hybrid Dynamic AWD-i 5dr CVT", "H", 2.5, 222, "A", "4WD", 40_000, { from: 2016 }],
      ["2.5 PHEV Dynamic 5dr CVT", "PHEV", 2.5, 306, "A", "4WD", 50_000, { from: 2021, range: 46 }],
      ["2.0 D-4D Icon 5dr", "D", 2.0, 124, "M", "FWD", 26_000, { to: 2018 }],
    ] },
    { model: "Aygo", body: "Hatchback", weight: 60, years: [2014, 2022], kerbKg: 900, rows: [
      ["1.0 VVT-i x-play 5dr", "P", 1.0, 69, "M", "FWD", 13_000],
    ] },
    { model: "Aygo X", body: "SUV", weight: 30, years: [2022], kerbKg: 950, rows: [
      ["1.0 VVT-i Edge 5dr", "P", 1.0, 72, "M", "FWD", 17_500],
      ["1.0 VVT-i Exclusive 5dr Auto", "P", 1.0, 72, "A", "FWD", 19_500],
    ] },
    { model: "Prius", body: "Hatchback", weight: 20, years: [2012], kerbKg: 1400, rows: [
      ["1.8 VVT-i Business Edition 5dr CVT", "H", 1.8, 122, "A", "FWD", 26_000],
      ["1.8 VVT-i Plug-in Business Edition Plus 5dr CVT", "PHEV", 1.8, 122, "A", "FWD", 33_000, { from: 2017, to: 2022, range: 34 }],
    ] },
    { model: "bZ4X", body: "SUV", weight: 8, years: [2022], kerbKg: 2000, rows: [
      ["160kW Vision 71kWh 5dr Auto", "EV", 0, 201, "A", "FWD", 46_000, { range: 317 }],
    ] },
  ]),
  ...cars("Kia", [
    { model: "Sportage", body: "SUV", weight: 160, years: [2012], kerbKg: 1600, rows: [
      ["1.6 T-GDi GT-Line 5dr", "P", 1.6, 177, "M", "FWD", 31_000, { from: 2016 }],
      ["1.7 CRDi 2 5dr", "D", 1.7, 114, "M", "FWD", 21_000, { to: 2018 }],
      ["1.6 CRDi 48V GT-Line 5dr DCT", "D", 1.6, 136, "A", "FWD", 29_000, { from: 2019, to: 2021 }],
      ["1.6 T-GDi HEV 3 5dr Auto", "H", 1.6, 230, "A", "FWD", 36_000, { from: 2022 }],
      ["1.6 T-GDi PHEV GT-Line S 5dr Auto AWD", "PHEV", 1.6, 265, "A", "4WD", 44_000, { from: 2022, range: 42 }],
    ] },
    { model: "Niro", body: "SUV", weight: 80, years: [2016], kerbKg: 1500, rows: [
      ["1.6 GDi Hybrid 2 5dr DCT", "H", 1.6, 141, "A", "FWD", 26_000],
      ["1.6 GDi PHEV 3 5dr DCT", "PHEV", 1.6, 141, "A", "FWD", 32_000, { from: 2017, range: 36 }],
      ["150kW 3 64kWh 5dr Auto", "EV", 0, 204, "A", "FWD", 37_000, { from: 2019, range: 282 }],
    ] },
    { model: "Ceed", body: "Hatchback", weight: 70, years: [2012], kerbKg: 1300, rows: [
      ["1.0 T-GDi 2 5dr", "P", 1.0, 120, "M", "FWD", 21_000, { from: 2018 }],
      ["1.6 CRDi 2 5dr", "D", 1.6, 110, "M", "FWD", 19_000, { to: 2018 }],
      ["1.5 T-GDi GT-Line 5dr DCT", "P", 1.5, 160, "A", "FWD", 27_000, { from: 2022 }],
    ] },
    { model: "Picanto", body: "Hatchback", weight: 80, years: [2012], kerbKg: 950, rows: [
      ["1.0 2 5dr", "P", 1.0, 67, "M", "FWD", 13_000],
      ["1.25 GT-Line 5dr", "P", 1.25, 84, "M", "FWD", 15_500, { from: 2017 }],
    ] },
    { model: "Rio", body: "Hatchback", weight: 40, years: [2012, 2023], kerbKg: 1100, rows: [
      ["1.0 T-GDi 2 5dr", "P", 1.0, 100, "M", "FWD", 17_000, { from: 2017 }],
      ["1.25 2 5dr", "P", 1.25, 84, "M", "FWD", 13_000, { to: 2017 }],
    ] },
    { model: "EV6", body: "SUV", weight: 20, years: [2021], kerbKg: 2050, rows: [
      ["168kW GT-Line 77kWh 5dr Auto", "EV", 0, 229, "A", "RWD", 50_000, { range: 328 }],
      ["239kW GT-Line S 77kWh 5dr Auto AWD", "EV", 0, 325, "A", "4WD", 55_000, { range: 300 }],
    ] },
    { model: "Sorento", body: "SUV", weight: 25, years: [2012], kerbKg: 1900, seats: 7, rows: [
      ["2.2 CRDi KX-2 5dr Auto", "D", 2.2, 197, "A", "4WD", 33_000, { to: 2020 }],
      ["1.6 T-GDi HEV 3 5dr Auto AWD", "H", 1.6, 226, "A", "4WD", 43_000, { from: 2021 }],
    ] },
    { model: "XCeed", body: "SUV", weight: 30, years: [2019], kerbKg: 1350, rows: [
      ["1.5 T-GDi 2 5dr", "P", 1.5, 158, "M", "FWD", 25_500],
    ] },
  ]),
  ...cars("Hyundai", [
    { model: "Tucson", body: "SUV", weight: 150, years: [2015], kerbKg: 1550, rows: [
      ["1.6 GDi SE Nav 5dr", "P", 1.6, 130, "M", "FWD", 23_000, { to: 2020 }],
      ["1.7 CRDi SE Nav 5dr", "D", 1.7, 115, "M", "FWD", 24_000, { to: 2018 }],
      ["1.6 T-GDi Premium 5dr", "P", 1.6, 150, "M", "FWD", 30_000, { from: 2021 }],
      ["1.6 T-GDi Hybrid Premium 5dr Auto", "H", 1.6, 230, "A", "FWD", 35_000, { from: 2021 }],
      ["1.6 T-GDi PHEV Ultimate 5dr Auto 4WD", "PHEV", 1.6, 265, "A", "4WD", 45_000, { from: 2021, range: 38 }],
    ] },
    { model: "ix35", body: "SUV", weight: 20, years: [2012, 2015], kerbKg: 1550, rows: [
      ["1.7 CRDi Premium 5dr", "D", 1.7, 114, "M", "FWD", 21_000],
    ] },
    { model: "i10", body: "Hatchback", weight: 60, years: [2012], kerbKg: 950, rows: [
      ["1.0 SE 5dr", "P", 1.0, 66, "M", "FWD", 12_500],
      ["1.2 Premium 5dr", "P", 1.2, 84, "M", "FWD", 15_500, { from: 2020 }],
    ] },
    { model: "i20", body: "Hatchback", weight: 70, years: [2012], kerbKg: 1100, rows: [
      ["1.0 T-GDi SE Connect 5dr", "P", 1.0, 100, "M", "FWD", 20_000, { from: 2020 }],
      ["1.2 SE 5dr", "P", 1.2, 84, "M", "FWD", 14_000, { to: 2020 }],
      ["1.6 T-GDi N 5dr", "P", 1.6, 204, "M", "FWD", 25_000, { from: 2021, to: 2024 }],
    ] },
    { model: "i30", body: "Hatchback", weight: 60, years: [2012], kerbKg: 1300, rows: [
      ["1.0 T-GDi SE Nav 5dr", "P", 1.0, 120, "M", "FWD", 20_500, { from: 2017 }],
      ["1.6 CRDi SE 5dr", "D", 1.6, 110, "M", "FWD", 19_500, { to: 2019 }],
      ["2.0 T-GDi N Performance 5dr", "P", 2.0, 275, "M", "FWD", 31_000, { from: 2018 }],
    ] },
    { model: "Kona", body: "SUV", weight: 70, years: [2017], kerbKg: 1300, rows: [
      ["1.0 T-GDi SE Connect 5dr", "P", 1.0, 120, "M", "FWD", 21_000],
      ["150kW Premium 64kWh 5dr Auto", "EV", 0, 204, "A", "FWD", 36_000, { from: 2018, range: 300 }],
      ["1.6 GDi Hybrid Premium 5dr DCT", "H", 1.6, 141, "A", "FWD", 27_000, { from: 2020 }],
    ] },
    { model: "Ioniq", body: "Hatchback", weight: 20, years: [2016, 2022], kerbKg: 1400, rows: [
      ["1.6 GDi Hybrid Premium 5dr DCT", "H", 1.6, 141, "A", "FWD", 23_000],
      ["100kW Premium 38kWh 5dr Auto", "EV", 0, 136, "A", "FWD", 30_000, { range: 193 }],
      ["1.6 GDi Plug-in Premium SE 5dr DCT", "PHEV", 1.6, 141, "A", "FWD", 28_000, { from: 2017, range: 32 }],
    ] },
    { model: "Ioniq 5", body: "SUV", weight: 20, years: [2021], kerbKg: 2000, rows: [
      ["160kW Premium 73kWh 5dr Auto", "EV", 0, 217, "A", "RWD", 45_000, { range: 315 }],
    ] },
    { model: "Santa Fe", body: "SUV", weight: 15, years: [2012], kerbKg: 1900, seats: 7, rows: [
      ["2.2 CRDi Premium SE 5dr Auto 4WD", "D", 2.2, 200, "A", "4WD", 38_000, { to: 2020 }],
      ["1.6 T-GDi PHEV Ultimate 5dr Auto 4WD", "PHEV", 1.6, 265, "A", "4WD", 50_000, { from: 2021, range: 36 }],
    ] },
  ]),
  ...cars("Peugeot", [
    { model: "208", body: "Hatchback", weight: 130, years: [2012], kerbKg: 1100, rows: [
      ["1.2 PureTech Active 5dr", "P", 1.2, 82, "M", "FWD", 17_000, { from: 2015 }],
      ["1.2 PureTech 100 Allure 5dr", "P", 1.2, 100, "M", "FWD", 21_000, { from: 2019 }],
      ["1.6 BlueHDi Active 5dr", "D", 1.6, 75, "M", "FWD", 15_000, { to: 2019 }],
      ["1.2 PureTech GT Line 5dr", "P", 1.2, 110, "M", "FWD", 18_000, { from: 2015, to: 2019 }],
      ["50kWh GT 5dr Auto", "EV", 0, 136, "A", "FWD", 32_000, { from: 2020, range: 217 }],
    ] },
    { model: "2008", body: "SUV", weight: 90, years: [2013], kerbKg: 1200, rows: [
      ["1.2 PureTech Allure 5dr", "P", 1.2, 130, "M", "FWD", 24_000],
      ["1.5 BlueHDi Allure 5dr", "D", 1.5, 110, "M", "FWD", 24_500, { from: 2018 }],
      ["50kWh GT 5dr Auto", "EV", 0, 136, "A", "FWD", 35_000, { from: 2020, range: 206 }],
    ] },
    { model: "3008", body: "SUV", weight: 70, years: [2012], kerbKg: 1400, rows: [
      ["1.2 PureTech Allure 5dr", "P", 1.2, 130, "M", "FWD", 29_000, { from: 2017 }],
      ["1.5 BlueHDi GT Line 5dr EAT8", "D", 1.5, 130, "A", "FWD", 33_000, { from: 2018 }],
      ["1.6 HDi Active 5dr", "D", 1.6, 115, "M", "FWD", 20_000, { to: 2016 }],
      ["1.6 Hybrid4 300 GT 5dr e-EAT8", "PHEV", 1.6, 300, "A", "4WD", 45_000, { from: 2020, range: 39 }],
    ] },
    { model: "308", body: "Hatchback", weight: 50, years: [2012], kerbKg: 1250, rows: [
      ["1.2 PureTech Allure 5dr", "P", 1.2, 130, "M", "FWD", 25_000],
      ["1.5 BlueHDi GT Line 5dr", "D", 1.5, 130, "M", "FWD", 24_000, { from: 2018 }],
      ["1.6 Hybrid 180 GT 5dr e-EAT8", "PHEV", 1.6, 180, "A", "FWD", 38_000, { from: 2022, range: 37 }],
    ] },
    { model: "5008", body: "SUV", weight: 30, years: [2017], kerbKg: 1500, seats: 7, rows: [
      ["1.2 PureTech Allure 5dr", "P", 1.2, 130, "M", "FWD", 32_000],
      ["1.5 BlueHDi GT Line 5dr EAT8", "D", 1.5, 130, "A", "FWD", 36_000],
    ] },
    { model: "108", body: "Hatchback", weight: 30, years: [2014, 2021], kerbKg: 850, rows: [
      ["1.0 Active 5dr", "P", 1.0, 72, "M", "FWD", 11_500],
    ] },
    { model: "Rifter", body: "MPV", weight: 10, years: [2019], kerbKg: 1450, seats: 5, rows: [
      ["1.5 BlueHDi Allure 5dr", "D", 1.5, 130, "M", "FWD", 26_000],
    ] },
  ]),
  ...cars("Renault", [
    { model: "Clio", body: "Hatchback", weight: 130, years: [2012], kerbKg: 1100, rows: [
      ["0.9 TCe Dynamique Nav 5dr", "P", 0.9, 90, "M", "FWD", 15_000, { to: 2019 }],
      ["1.5 dCi Dynamique MediaNav 5dr", "D", 1.5, 90, "M", "FWD", 16_000, { to: 2019 }],
      ["1.0 TCe Iconic 5dr", "P", 1.0, 90, "M", "FWD", 19_000, { from: 2020 }],
      ["1.6 E-Tech Hybrid RS Line 5dr Auto", "H", 1.6, 140, "A", "FWD", 24_000, { from: 2020 }],
    ] },
    { model: "Captur", body: "SUV", weight: 80, years: [2013], kerbKg: 1250, rows: [
      ["0.9 TCe Dynamique Nav 5dr", "P", 0.9, 90, "M", "FWD", 17_500, { to: 2019 }],
      ["1.3 TCe Iconic 5dr", "P", 1.3, 130, "M", "FWD", 24_000, { from: 2020 }],
      ["1.6 E-Tech PHEV S Edition 5dr Auto", "PHEV", 1.6, 160, "A", "FWD", 31_000, { from: 2021, range: 30 }],
    ] },
    { model: "Megane", body: "Hatchback", weight: 40, years: [2012, 2023], kerbKg: 1300, rows: [
      ["1.3 TCe Iconic 5dr", "P", 1.3, 140, "M", "FWD", 23_000, { from: 2019 }],
      ["1.5 dCi Dynamique S Nav 5dr", "D", 1.5, 110, "M", "FWD", 20_000, { to: 2019 }],
      ["1.8 TCe RS 280 5dr", "P", 1.8, 280, "M", "FWD", 31_000, { from: 2018, to: 2022 }],
    ] },
    { model: "Megane E-Tech", body: "Hatchback", weight: 10, years: [2022], kerbKg: 1650, rows: [
      ["EV60 220hp Techno 60kWh 5dr Auto", "EV", 0, 218, "A", "FWD", 38_000, { range: 280 }],
    ] },
    { model: "Kadjar", body: "SUV", weight: 40, years: [2015, 2022], kerbKg: 1400, rows: [
      ["1.3 TCe Iconic 5dr", "P", 1.3, 140, "M", "FWD", 24_000, { from: 2019 }],
      ["1.5 dCi Dynamique S Nav 5dr", "D", 1.5, 110, "M", "FWD", 22_000],
    ] },
    { model: "Zoe", body: "Hatchback", weight: 40, years: [2013, 2024], kerbKg: 1500, rows: [
      ["R135 GT Line 52kWh 5dr Auto", "EV", 0, 135, "A", "FWD", 30_000, { from: 2020, range: 239 }],
      ["Dynamique Nav Q90 41kWh 5dr Auto", "EV", 0, 88, "A", "FWD", 22_000, { from: 2017, to: 2019, range: 186 }],
    ] },
    { model: "Arkana", body: "SUV", weight: 20, years: [2021], kerbKg: 1400, rows: [
      ["1.6 E-Tech Hybrid Engineered 5dr Auto", "H", 1.6, 145, "A", "FWD", 31_000],
    ] },
    { model: "Grand Scenic", body: "MPV", weight: 15, years: [2012, 2022], kerbKg: 1550, seats: 7, rows: [
      ["1.3 TCe Iconic 5dr", "P", 1.3, 140, "M", "FWD", 27_000, { from: 2018 }],
      ["1.5 dCi Dynamique TomTom 5dr", "D", 1.5, 110, "M", "FWD", 23_000, { to: 2018 }],
    ] },
  ]),
  ...cars("Skoda", [
    { model: "Octavia", body: "Hatchback", weight: 90, years: [2012], kerbKg: 1350, rows: [
      ["1.5 TSI SE L 5dr", "P", 1.5, 150, "M", "FWD", 28_000, { from: 2018 }],
      ["2.0 TDI SE 5dr", "D", 2.0, 150, "M", "FWD", 26_000],
      ["1.6 TDI SE 5dr", "D", 1.6, 105, "M", "FWD", 20_000, { to: 2019 }],
      ["2.0 TSI vRS 5dr DSG", "P", 2.0, 245, "A", "FWD", 36_000, { from: 2018 }],
      ["1.4 TSI iV SE L 5dr DSG", "PHEV", 1.4, 204, "A", "FWD", 34_000, { from: 2021, range: 37 }],
    ] },
    { model: "Octavia", body: "Estate", weight: 70, years: [2012], kerbKg: 1400, rows: [
      ["2.0 TDI SE L Estate 5dr DSG", "D", 2.0, 150, "A", "FWD", 31_000],
      ["1.5 TSI SE Drive Estate 5dr", "P", 1.5, 150, "M", "FWD", 28_500, { from: 2020 }],
    ] },
    { model: "Fabia", body: "Hatchback", weight: 80, years: [2012], kerbKg: 1100, rows: [
      ["1.0 TSI SE 5dr", "P", 1.0, 95, "M", "FWD", 18_000, { from: 2018 }],
      ["1.2 TSI SE 5dr", "P", 1.2, 90, "M", "FWD", 14_000, { to: 2018 }],
      ["1.0 MPI S 5dr", "P", 1.0, 75, "M", "FWD", 13_000, { to: 2021 }],
    ] },
    { model: "Kodiaq", body: "SUV", weight: 40, years: [2017], kerbKg: 1700, seats: 7, rows: [
      ["2.0 TDI SE L 5dr DSG", "D", 2.0, 150, "A", "FWD", 36_000],
      ["1.5 TSI SE Drive 5dr", "P", 1.5, 150, "M", "FWD", 33_000],
    ] },
    { model: "Karoq", body: "SUV", weight: 40, years: [2018], kerbKg: 1450, rows: [
      ["1.5 TSI SE L 5dr", "P", 1.5, 150, "M", "FWD", 29_000],
      ["2.0 TDI SE L 4x4 5dr DSG", "D", 2.0, 150, "A", "4WD", 33_000],
    ] },
    { model: "Superb", body: "Estate", weight: 30, years: [2012], kerbKg: 1600, rows: [
      ["2.0 TDI SE L Estate 5dr DSG", "D", 2.0, 150, "A", "FWD", 36_000],
      ["1.4 TSI iV SE L Estate 5dr DSG", "PHEV", 1.4, 218, "A", "FWD", 40_000, { from: 2020, range: 34 }],
    ] },
    { model: "Enyaq", body: "SUV", weight: 20, years: [2021], kerbKg: 2100, rows: [
      ["150kW 80 ecoSuite 77kWh 5dr Auto", "EV", 0, 204, "A", "RWD", 44_000, { range: 331 }],
    ] },
    { model: "Kamiq", body: "SUV", weight: 20, years: [2019], kerbKg: 1250, rows: [
      ["1.0 TSI SE 5dr", "P", 1.0, 110, "M", "FWD", 23_000],
    ] },
    { model: "Citigo", body: "Hatchback", weight: 20, years: [2012, 2020], kerbKg: 900, rows: [
      ["1.0 MPI SE 5dr", "P", 1.0, 60, "M", "FWD", 10_000],
    ] },
  ]),
  ...cars("SEAT", [
    { model: "Ibiza", body: "Hatchback", weight: 80, years: [2012], kerbKg: 1100, rows: [
      ["1.0 TSI FR 5dr", "P", 1.0, 110, "M", "FWD", 20_000, { from: 2017 }],
      ["1.2 TSI SE 5dr", "P", 1.2, 90, "M", "FWD", 14_000, { to: 2017 }],
      ["1.0 SE Technology 5dr", "P", 1.0, 80, "M", "FWD", 17_000, { from: 2018 }],
    ] },
    { model: "Leon", body: "Hatchback", weight: 70, years: [2012], kerbKg: 1300, rows: [
      ["1.5 TSI EVO FR 5dr", "P", 1.5, 150, "M", "FWD", 27_000, { from: 2018 }],
      ["2.0 TDI FR 5dr", "D", 2.0, 150, "M", "FWD", 25_000],
      ["1.4 eHybrid FR 5dr DSG", "PHEV", 1.4, 204, "A", "FWD", 35_000, { from: 2021, range: 40 }],
      ["2.0 TSI Cupra 300 5dr DSG", "P", 2.0, 300, "A", "FWD", 32_000, { from: 2017, to: 2020 }],
    ] },
    { model: "Arona", body: "SUV", weight: 40, years: [2018], kerbKg: 1200, rows: [
      ["1.0 TSI FR 5dr", "P", 1.0, 110, "M", "FWD", 21_000],
    ] },
    { model: "Ateca", body: "SUV", weight: 30, years: [2016], kerbKg: 1450, rows: [
      ["1.5 TSI EVO FR 5dr", "P", 1.5, 150, "M", "FWD", 29_000],
      ["2.0 TDI Xcellence 4Drive 5dr DSG", "D", 2.0, 150, "A", "4WD", 33_000],
    ] },
    { model: "Tarraco", body: "SUV", weight: 8, years: [2019], kerbKg: 1700, seats: 7, rows: [
      ["2.0 TDI FR 4Drive 5dr DSG", "D", 2.0, 150, "A", "4WD", 39_000],
    ] },
    { model: "Mii", body: "Hatchback", weight: 10, years: [2012, 2021], kerbKg: 900, rows: [
      ["1.0 SE 5dr", "P", 1.0, 60, "M", "FWD", 10_000, { to: 2019 }],
      ["Electric 36.8kWh 5dr Auto", "EV", 0, 83, "A", "FWD", 20_000, { from: 2020, range: 160 }],
    ] },
  ]),
  ...cars("MINI", [
    { model: "Hatch", body: "Hatchback", weight: 180, years: [2012], kerbKg: 1200, rows: [
      ["1.5 Cooper Classic 5dr", "P", 1.5, 136, "M", "FWD", 22_000, { from: 2014 }],
      ["2.0 Cooper S Sport 3dr Auto", "P", 2.0, 178, "A", "FWD", 27_500, { from: 2014 }],
      ["1.6 One 3dr", "P", 1.6, 98, "M", "FWD", 14_000, { to: 2014 }],
      ["2.0 John Cooper Works 3dr Auto", "P", 2.0, 231, "A", "FWD", 32_000, { from: 2015 }],
      ["135kW Cooper S Level 2 33kWh 3dr Auto", "EV", 0, 184, "A", "FWD", 30_000, { from: 2020, range: 145 }],
    ] },
    { model: "Countryman", body: "SUV", weight: 70, years: [2012], kerbKg: 1450, rows: [
      ["1.5 Cooper Sport 5dr", "P", 1.5, 136, "M", "FWD", 29_000, { from: 2017 }],
      ["2.0 Cooper S ALL4 Exclusive 5dr Auto", "P", 2.0, 178, "A", "4WD", 33_000],
      ["1.5 Cooper S E ALL4 5dr Auto", "PHEV", 1.5, 220, "A", "4WD", 36_000, { from: 2017, to: 2023, range: 30 }],
      ["2.0 Cooper D 5dr", "D", 2.0, 150, "M", "FWD", 26_000, { to: 2020 }],
    ] },
    { model: "Clubman", body: "Estate", weight: 30, years: [2015, 2024], kerbKg: 1400, rows: [
      ["1.5 Cooper Classic 6dr", "P", 1.5, 136, "M", "FWD", 25_000],
      ["2.0 Cooper S Sport 6dr Auto", "P", 2.0, 178, "A", "FWD", 30_000],
    ] },
    { model: "Convertible", body: "Convertible", weight: 20, years: [2016], kerbKg: 1300, rows: [
      ["1.5 Cooper Sport 2dr", "P", 1.5, 136, "M", "FWD", 24_000],
    ] },
  ]),
  ...cars("Honda", [
    { model: "Civic", body: "Hatchback", weight: 60, years: [2012], kerbKg: 1350, rows: [
      ["1.0 VTEC Turbo SR 5dr", "P", 1.0, 126, "M", "FWD", 21_000, { from: 2017, to: 2021 }],
      ["1.6 i-DTEC SE 5dr", "D", 1.6, 120, "M", "FWD", 20_000, { from: 2013, to: 2019 }],
      ["2.0 eHEV Sport 5dr CVT", "H", 2.0, 184, "A", "FWD", 32_000, { from: 2022 }],
      ["2.0 VTEC Turbo Type R GT 5dr", "P", 2.0, 320, "M", "FWD", 35_000, { from: 2015 }],
    ] },
    { model: "Jazz", body: "Hatchback", weight: 60, years: [2012], kerbKg: 1150, rows: [
      ["1.3 i-VTEC EX 5dr", "P", 1.3, 102, "M", "FWD", 16_500, { to: 2020 }],
      ["1.5 i-MMD Hybrid EX 5dr eCVT", "H", 1.5, 109, "A", "FWD", 23_000, { from: 2020 }],
    ] },
    { model: "CR-V", body: "SUV", weight: 40, years: [2012], kerbKg: 1650, rows: [
      ["2.0 i-MMD Hybrid SE 5dr eCVT", "H", 2.0, 184, "A", "FWD", 33_000, { from: 2019 }],
      ["1.6 i-DTEC SE 5dr", "D", 1.6, 120, "M", "FWD", 24_000, { from: 2015, to: 2018 }],
      ["1.5 VTEC Turbo SR 5dr", "P", 1.5, 173, "M", "FWD", 28_000, { from: 2018, to: 2019 }],
      ["2.0 e:PHEV Advance 5dr eCVT", "PHEV", 2.0, 184, "A", "FWD", 53_000, { from: 2023, range: 50 }],
    ] },
    { model: "HR-V", body: "SUV", weight: 30, years: [2015], kerbKg: 1300, rows: [
      ["1.5 i-VTEC SE 5dr", "P", 1.5, 130, "M", "FWD", 21_000, { to: 2020 }],
      ["1.5 eHEV Elegance 5dr eCVT", "H", 1.5, 131, "A", "FWD", 29_000, { from: 2021 }],
    ] },
    { model: "e", body: "Hatchback", weight: 4, years: [2020, 2023], kerbKg: 1550, rows: [
      ["113kW Advance 36kWh 5dr Auto", "EV", 0, 154, "A", "RWD", 36_000, { range: 125 }],
    ] },
  ]),
  ...cars("Land Rover", [
    { model: "Range Rover Evoque", body: "SUV", weight: 80, years: [2012], kerbKg: 1800, rows: [
      ["2.0 D180 R-Dynamic SE 5dr Auto", "D", 2.0, 180, "A", "4WD", 44_000, { from: 2019 }],
      ["2.2 SD4 Dynamic 5dr Auto", "D", 2.2, 190, "A", "4WD", 38_000, { to: 2015 }],
      ["2.0 TD4 SE Tech 5dr Auto", "D", 2.0, 150, "A", "4WD", 36_000, { from: 2016, to: 2019 }],
      ["1.5 P300e R-Dynamic SE 5dr Auto", "PHEV", 1.5, 309, "A", "4WD", 50_000, { from: 2021, range: 38 }],
    ] },
    { model: "Range Rover Sport", body: "SUV", weight: 50, years: [2013], kerbKg: 2300, rows: [
      ["3.0 SDV6 HSE Dynamic 5dr Auto", "D", 3.0, 306, "A", "4WD", 70_000, { to: 2021 }],
      ["3.0 D300 Dynamic SE 5dr Auto", "D", 3.0, 300, "A", "4WD", 85_000, { from: 2022 }],
      ["3.0 P440e Autobiography Dynamic 5dr Auto", "PHEV", 3.0, 440, "A", "4WD", 100_000, { from: 2023, range: 50 }],
      ["5.0 V8 SVR 5dr Auto", "P", 5.0, 575, "A", "4WD", 100_000, { from: 2015, to: 2022 }],
    ] },
    { model: "Discovery Sport", body: "SUV", weight: 50, years: [2015], kerbKg: 1850, seats: 7, rows: [
      ["2.0 D165 R-Dynamic S 5dr Auto", "D", 2.0, 163, "A", "4WD", 42_000, { from: 2020 }],
      ["2.0 TD4 HSE 5dr Auto", "D", 2.0, 180, "A", "4WD", 38_000, { to: 2019 }],
    ] },
    { model: "Range Rover Velar", body: "SUV", weight: 25, years: [2017], kerbKg: 1900, rows: [
      ["2.0 D200 R-Dynamic SE 5dr Auto", "D", 2.0, 204, "A", "4WD", 55_000],
      ["2.0 P400e R-Dynamic HSE 5dr Auto", "PHEV", 2.0, 404, "A", "4WD", 68_000, { from: 2021, range: 33 }],
    ] },
    { model: "Defender", body: "SUV", weight: 35, years: [2020], kerbKg: 2300, rows: [
      ["3.0 D250 X-Dynamic SE 110 5dr Auto", "D", 3.0, 249, "A", "4WD", 66_000],
      ["2.0 P400e X-Dynamic HSE 110 5dr Auto", "PHEV", 2.0, 404, "A", "4WD", 75_000, { from: 2021, range: 27 }],
    ] },
    { model: "Discovery", body: "SUV", weight: 20, years: [2012], kerbKg: 2300, seats: 7, rows: [
      ["3.0 SDV6 HSE 5dr Auto", "D", 3.0, 306, "A", "4WD", 60_000, { to: 2020 }],
      ["3.0 D300 R-Dynamic S 5dr Auto", "D", 3.0, 300, "A", "4WD", 68_000, { from: 2021 }],
    ] },
    { model: "Range Rover", body: "SUV", weight: 20, years: [2013], kerbKg: 2500, rows: [
      ["4.4 SDV8 Vogue SE 5dr Auto", "D", 4.4, 339, "A", "4WD", 90_000, { to: 2021 }],
      ["3.0 D350 Autobiography 5dr Auto", "D", 3.0, 350, "A", "4WD", 120_000, { from: 2022 }],
    ] },
  ]),
  ...cars("Volvo", [
    { model: "XC40", body: "SUV", weight: 80, years: [2018], kerbKg: 1600, rows: [
      ["2.0 B4P Plus Dark 5dr Auto", "P", 2.0, 197, "A", "FWD", 38_000, { from: 2021 }],
      ["1.5 T3 Momentum 5dr", "P", 1.5, 163, "M", "FWD", 30_000, { to: 2020 }],
      ["1.5 T5 Recharge PHEV Inscription 5dr Auto", "PHEV", 1.5, 262, "A", "FWD", 44_000, { from: 2020, range: 28 }],
      ["300kW Recharge Twin Pro 78kWh 5dr AWD Auto", "EV", 0, 408, "A", "4WD", 55_000, { from: 2021, range: 260 }],
    ] },
    { model: "XC60", body: "SUV", weight: 70, years: [2012], kerbKg: 1900, rows: [
      ["2.0 D4 Momentum 5dr AWD Geartronic", "D", 2.0, 190, "A", "4WD", 40_000, { to: 2020 }],
      ["2.0 B5P Plus Dark 5dr Auto", "P", 2.0, 250, "A", "FWD", 48_000, { from: 2021 }],
      ["2.0 T8 Recharge PHEV Ultimate Dark 5dr AWD Auto", "PHEV", 2.0, 455, "A", "4WD", 60_000, { from: 2019, range: 49 }],
    ] },
    { model: "XC90", body: "SUV", weight: 30, years: [2012], kerbKg: 2100, seats: 7, rows: [
      ["2.0 D5 PowerPulse Momentum 5dr AWD Geartronic", "D", 2.0, 235, "A", "4WD", 55_000, { from: 2015, to: 2020 }],
      ["2.0 B5D Plus Dark 5dr AWD Geartronic", "D", 2.0, 235, "A", "4WD", 65_000, { from: 2021, to: 2023 }],
      ["2.0 T8 Recharge PHEV Inscription 5dr AWD Auto", "PHEV", 2.0, 455, "A", "4WD", 70_000, { from: 2016, range: 30 }],
    ] },
    { model: "V40", body: "Hatchback", weight: 40, years: [2012, 2019], kerbKg: 1400, rows: [
      ["2.0 D2 Momentum 5dr", "D", 2.0, 120, "M", "FWD", 23_000],
      ["1.5 T3 R-Design Nav Plus 5dr Geartronic", "P", 1.5, 152, "A", "FWD", 26_000, { from: 2016 }],
    ] },
    { model: "V60", body: "Estate", weight: 20, years: [2012], kerbKg: 1600, rows: [
      ["2.0 B4D Plus Dark 5dr Auto", "D", 2.0, 197, "A", "FWD", 42_000, { from: 2021 }],
      ["2.0 D4 R-Design Nav 5dr", "D", 2.0, 190, "M", "FWD", 34_000, { to: 2018 }],
    ] },
    { model: "V90", body: "Estate", weight: 10, years: [2017], kerbKg: 1800, rows: [
      ["2.0 B4D Plus 5dr Auto", "D", 2.0, 197, "A", "FWD", 50_000],
    ] },
    { model: "EX30", body: "SUV", weight: 5, years: [2024], kerbKg: 1850, rows: [
      ["200kW Single Motor Extended Range Plus 69kWh 5dr Auto", "EV", 0, 272, "A", "RWD", 36_000, { range: 295 }],
    ] },
  ]),
  ...cars("Mazda", [
    { model: "CX-5", body: "SUV", weight: 50, years: [2012], kerbKg: 1550, rows: [
      ["2.0 SE-L Nav+ 5dr", "P", 2.0, 165, "M", "FWD", 29_000],
      ["2.2d SE-L Nav 5dr", "D", 2.2, 150, "M", "FWD", 29_000, { to: 2022 }],
      ["2.5 Skyactiv-G GT Sport 5dr Auto AWD", "P", 2.5, 194, "A", "4WD", 38_000, { from: 2019 }],
    ] },
    { model: "Mazda3", body: "Hatchback", weight: 40, years: [2013], kerbKg: 1350, rows: [
      ["2.0 Skyactiv-X GT Sport 5dr", "P", 2.0, 186, "M", "FWD", 29_000, { from: 2019 }],
      ["2.0 SE-L Nav 5dr", "P", 2.0, 120, "M", "FWD", 21_000],
      ["2.2d Sport Nav 5dr", "D", 2.2, 150, "M", "FWD", 22_000, { to: 2018 }],
    ] },
    { model: "Mazda2", body: "Hatchback", weight: 30, years: [2012], kerbKg: 1050, rows: [
      ["1.5 SE-L Nav 5dr", "P", 1.5, 75, "M", "FWD", 16_000],
      ["1.5 Skyactiv-G GT Sport Nav 5dr", "P", 1.5, 90, "M", "FWD", 18_500, { from: 2017 }],
    ] },
    { model: "MX-5", body: "Convertible", weight: 25, years: [2012], kerbKg: 1050, seats: 2, rows: [
      ["1.5 Skyactiv-G SE-L Nav 2dr", "P", 1.5, 132, "M", "RWD", 26_000, { from: 2015 }],
      ["2.0 Skyactiv-G Sport Tech RF 2dr", "P", 2.0, 184, "M", "RWD", 31_000, { from: 2017 }],
      ["1.8i SE 2dr", "P", 1.8, 126, "M", "RWD", 19_000, { to: 2015 }],
    ] },
    { model: "CX-30", body: "SUV", weight: 30, years: [2019], kerbKg: 1400, rows: [
      ["2.0 e-Skyactiv G MHEV SE-L Lux 5dr", "P", 2.0, 122, "M", "FWD", 26_000],
    ] },
    { model: "CX-60", body: "SUV", weight: 5, years: [2022], kerbKg: 2000, rows: [
      ["2.5 PHEV Exclusive-Line 5dr Auto AWD", "PHEV", 2.5, 327, "A", "4WD", 48_000, { range: 39 }],
    ] },
  ]),
  ...cars("Citroën", [
    { model: "C3", body: "Hatchback", weight: 60, years: [2012], kerbKg: 1100, rows: [
      ["1.2 PureTech Feel 5dr", "P", 1.2, 82, "M", "FWD", 16_500],
      ["1.2 PureTech Shine Plus 5dr", "P", 1.2, 110, "M", "FWD", 19_500, { from: 2017 }],
      ["1.6 BlueHDi Flair 5dr", "D", 1.6, 100, "M", "FWD", 17_000, { from: 2016, to: 2019 }],
    ] },
    { model: "C3 Aircross", body: "SUV", weight: 30, years: [2017], kerbKg: 1200, rows: [
      ["1.2 PureTech Shine 5dr", "P", 1.2, 110, "M", "FWD", 21_000],
    ] },
    { model: "C4", body: "Hatchback", weight: 25, years: [2012], kerbKg: 1300, rows: [
      ["1.2 PureTech Sense Plus 5dr", "P", 1.2, 130, "M", "FWD", 24_000, { from: 2021 }],
      ["1.6 BlueHDi Flair 5dr", "D", 1.6, 120, "M", "FWD", 20_000, { to: 2018 }],
      ["100kW Shine 50kWh 5dr Auto", "EV", 0, 136, "A", "FWD", 32_000, { from: 2021, range: 217 }],
    ] },
    { model: "C5 Aircross", body: "SUV", weight: 30, years: [2019], kerbKg: 1450, rows: [
      ["1.5 BlueHDi Flair Plus 5dr EAT8", "D", 1.5, 130, "A", "FWD", 30_000],
      ["1.2 PureTech Feel 5dr", "P", 1.2, 130, "M", "FWD", 27_000],
      ["1.6 Plug-in Hybrid Shine 5dr e-EAT8", "PHEV", 1.6, 225, "A", "FWD", 38_000, { from: 2020, range: 35 }],
    ] },
    { model: "Berlingo", body: "MPV", weight: 20, years: [2012], kerbKg: 1500, seats: 5, rows: [
      ["1.5 BlueHDi Flair XTR M 5dr", "D", 1.5, 130, "M", "FWD", 26_000, { from: 2019 }],
      ["1.6 BlueHDi Feel 5dr", "D", 1.6, 100, "M", "FWD", 18_000, { to: 2018 }],
    ] },
    { model: "Grand C4 SpaceTourer", body: "MPV", weight: 20, years: [2013, 2022], kerbKg: 1500, seats: 7, rows: [
      ["1.5 BlueHDi Flair 5dr", "D", 1.5, 130, "M", "FWD", 27_000, { from: 2018 }],
      ["1.6 BlueHDi Exclusive 5dr", "D", 1.6, 120, "M", "FWD", 23_000, { to: 2018 }],
    ] },
  ]),
  ...cars("Dacia", [
    { model: "Sandero", body: "Hatchback", weight: 60, years: [2013], kerbKg: 1050, rows: [
      ["1.0 TCe Essential 5dr", "P", 1.0, 90, "M", "FWD", 14_000, { from: 2021 }],
      ["0.9 TCe Laureate 5dr", "P", 0.9, 90, "M", "FWD", 9_500, { to: 2020 }],
      ["1.0 SCe Access 5dr", "P", 1.0, 75, "M", "FWD", 7_995, { from: 2017, to: 2020 }],
    ] },
    { model: "Sandero Stepway", body: "Hatchback", weight: 40, years: [2013], kerbKg: 1100, rows: [
      ["1.0 TCe Expression 5dr", "P", 1.0, 90, "M", "FWD", 16_500, { from: 2021 }],
      ["0.9 TCe Ambiance 5dr", "P", 0.9, 90, "M", "FWD", 11_000, { to: 2020 }],
    ] },
    { model: "Duster", body: "SUV", weight: 40, years: [2013], kerbKg: 1300, rows: [
      ["1.3 TCe 130 Comfort 5dr", "P", 1.3, 130, "M", "FWD", 19_000, { from: 2019 }],
      ["1.5 dCi Comfort 4x4 5dr", "D", 1.5, 115, "M", "4WD", 20_000],
      ["1.6 SCe Comfort 5dr", "P", 1.6, 115, "M", "FWD", 14_000, { from: 2018, to: 2019 }],
    ] },
    { model: "Jogger", body: "MPV", weight: 15, years: [2022], kerbKg: 1250, seats: 7, rows: [
      ["1.0 TCe Expression 5dr", "P", 1.0, 110, "M", "FWD", 19_000],
      ["1.6 Hybrid 140 Extreme 5dr Auto", "H", 1.6, 140, "A", "FWD", 23_000, { from: 2023 }],
    ] },
    { model: "Spring", body: "Hatchback", weight: 5, years: [2024], kerbKg: 1000, rows: [
      ["45 Expression 27kWh 5dr Auto", "EV", 0, 44, "A", "FWD", 15_000, { range: 140 }],
    ] },
  ]),
  ...cars("Fiat", [
    { model: "500", body: "Hatchback", weight: 80, years: [2012], kerbKg: 950, seats: 4, rows: [
      ["1.2 Lounge 3dr", "P", 1.2, 69, "M", "FWD", 13_500, { to: 2020 }],
      ["1.0 Mild Hybrid Dolcevita 3dr", "P", 1.0, 70, "M", "FWD", 15_500, { from: 2020 }],
      ["87kW La Prima 42kWh 3dr Auto", "EV", 0, 118, "A", "FWD", 30_000, { from: 2021, range: 199 }],
    ] },
    { model: "500C", body: "Convertible", weight: 15, years: [2012], kerbKg: 1000, rows: [
      ["1.2 Lounge 2dr", "P", 1.2, 69, "M", "FWD", 15_000, { to: 2020 }],
      ["1.0 Mild Hybrid Dolcevita 2dr", "P", 1.0, 70, "M", "FWD", 18_000, { from: 2020 }],
    ] },
    { model: "500X", body: "SUV", weight: 20, years: [2015, 2024], kerbKg: 1350, rows: [
      ["1.0 Cross 5dr", "P", 1.0, 120, "M", "FWD", 21_000, { from: 2019 }],
      ["1.4 MultiAir Pop Star 5dr", "P", 1.4, 140, "M", "FWD", 18_000, { to: 2018 }],
    ] },
    { model: "Panda", body: "Hatchback", weight: 25, years: [2012], kerbKg: 950, rows: [
      ["1.2 Easy 5dr", "P", 1.2, 69, "M", "FWD", 11_000, { to: 2019 }],
      ["1.0 Mild Hybrid City Life 5dr", "P", 1.0, 70, "M", "FWD", 14_000, { from: 2020 }],
    ] },
    { model: "Tipo", body: "Hatchback", weight: 10, years: [2016, 2023], kerbKg: 1250, rows: [
      ["1.4 Easy Plus 5dr", "P", 1.4, 95, "M", "FWD", 15_000],
    ] },
  ]),
  ...cars("Suzuki", [
    { model: "Swift", body: "Hatchback", weight: 40, years: [2012], kerbKg: 950, rows: [
      ["1.2 SZ-T 5dr", "P", 1.2, 90, "M", "FWD", 15_000, { to: 2019 }],
      ["1.2 Dualjet MHEV SZ5 5dr", "P", 1.2, 83, "M", "FWD", 17_500, { from: 2020 }],
      ["1.4 Boosterjet Sport 5dr", "P", 1.4, 129, "M", "FWD", 19_000, { from: 2018 }],
    ] },
    { model: "Vitara", body: "SUV", weight: 30, years: [2015], kerbKg: 1200, rows: [
      ["1.4 Boosterjet SZ-T 5dr", "P", 1.4, 129, "M", "FWD", 22_000],
      ["1.5 Hybrid SZ5 ALLGRIP 5dr AGS", "H", 1.5, 115, "A", "4WD", 28_000, { from: 2022 }],
    ] },
    { model: "Ignis", body: "Hatchback", weight: 15, years: [2017], kerbKg: 900, rows: [
      ["1.2 Dualjet SZ-T 5dr", "P", 1.2, 83, "M", "FWD", 15_000],
    ] },
    { model: "S-Cross", body: "SUV", weight: 15, years: [2013], kerbKg: 1250, rows: [
      ["1.4 Boosterjet MHEV Motion 5dr", "P", 1.4, 129, "M", "FWD", 25_000, { from: 2020 }],
      ["1.6 DDiS SZ4 5dr", "D", 1.6, 118, "M", "FWD", 19_000, { to: 2018 }],
    ] },
    { model: "Jimny", body: "SUV", weight: 5, years: [2019], kerbKg: 1100, seats: 4, rows: [
      ["1.5 SZ5 ALLGRIP 3dr", "P", 1.5, 101, "M", "4WD", 21_000],
    ] },
  ]),
  ...cars("MG", [
    { model: "ZS", body: "SUV", weight: 50, years: [2017], kerbKg: 1300, rows: [
      ["1.0 T-GDi Exclusive 5dr", "P", 1.0, 111, "M", "FWD", 20_000, { from: 2020, to: 2024 }],
      ["1.5 VTi-TECH Excite 5dr", "P", 1.5, 106, "M", "FWD", 17_000],
      ["115kW Trophy Long Range 72kWh 5dr Auto", "EV", 0, 156, "A", "FWD", 31_000, { from: 2020, range: 273 }],
      ["1.5 Hybrid+ Trophy 5dr Auto", "H", 1.5, 194, "A", "FWD", 25_000, { from: 2024 }],
    ] },
    { model: "MG4", body: "Hatchback", weight: 40, years: [2022], kerbKg: 1650, rows: [
      ["150kW SE Long Range 64kWh 5dr Auto", "EV", 0, 201, "A", "RWD", 28_000, { range: 281 }],
      ["180kW Trophy Extended Range 77kWh 5dr Auto", "EV", 0, 241, "A", "RWD", 34_000, { from: 2023, range: 323 }],
    ] },
    { model: "HS", body: "SUV", weight: 40, years: [2019], kerbKg: 1500, rows: [
      ["1.5 T-GDI Excite 5dr", "P", 1.5, 162, "M", "FWD", 25_000],
      ["1.5 T-GDI PHEV Exclusive 5dr Auto", "PHEV", 1.5, 258, "A", "FWD", 33_000, { from: 2021, range: 32 }],
    ] },
    { model: "MG3", body: "Hatchback", weight: 20, years: [2013], kerbKg: 1150, rows: [
      ["1.5 VTi-TECH Exclusive 5dr", "P", 1.5, 106, "M", "FWD", 13_500, { to: 2023 }],
      ["1.5 Hybrid+ SE 5dr Auto", "H", 1.5, 192, "A", "FWD", 19_000, { from: 2024 }],
    ] },
    { model: "MG5", body: "Estate", weight: 10, years: [2020], kerbKg: 1600, rows: [
      ["115kW Trophy Long Range 61kWh 5dr Auto", "EV", 0, 156, "A", "FWD", 33_000, { range: 250 }],
    ] },
  ]),
  ...cars("Lexus", [
    { model: "NX", body: "SUV", weight: 25, years: [2014], kerbKg: 1800, rows: [
      ["300h 2.5 F-Sport 5dr CVT 4WD", "H", 2.5, 197, "A", "4WD", 44_000, { to: 2021 }],
      ["350h 2.5 Premium Pack 5dr E-CVT", "H", 2.5, 244, "A", "FWD", 50_000, { from: 2022 }],
      ["450h+ 2.5 F-Sport 5dr E-CVT", "PHEV", 2.5, 306, "A", "4WD", 60_000, { from: 2022, range: 43 }],
    ] },
    { model: "UX", body: "SUV", weight: 15, years: [2019], kerbKg: 1600, rows: [
      ["250h 2.0 F-Sport 5dr CVT", "H", 2.0, 184, "A", "FWD", 36_000],
    ] },
    { model: "RX", body: "SUV", weight: 15, years: [2012], kerbKg: 2100, rows: [
      ["450h 3.5 F-Sport 5dr CVT", "H", 3.5, 313, "A", "4WD", 60_000, { to: 2022 }],
      ["350h 2.5 Premium Plus 5dr E-CVT", "H", 2.5, 250, "A", "4WD", 68_000, { from: 2023 }],
    ] },
    { model: "IS", body: "Saloon", weight: 10, years: [2013, 2021], kerbKg: 1650, rows: [
      ["300h 2.5 F-Sport 4dr CVT", "H", 2.5, 220, "A", "RWD", 38_000],
    ] },
    { model: "CT", body: "Hatchback", weight: 10, years: [2012, 2021], kerbKg: 1400, rows: [
      ["200h 1.8 Luxury 5dr CVT", "H", 1.8, 134, "A", "FWD", 25_000],
    ] },
    { model: "ES", body: "Saloon", weight: 5, years: [2019], kerbKg: 1700, rows: [
      ["300h 2.5 F-Sport 4dr CVT", "H", 2.5, 215, "A", "FWD", 44_000],
    ] },
  ]),
  ...cars("Porsche", [
    { model: "911", body: "Coupe", weight: 20, years: [2012], kerbKg: 1500, seats: 4, rows: [
      ["3.0 Carrera S 2dr PDK", "P", 3.0, 444, "A", "RWD", 110_000, { from: 2016 }],
      ["3.8 Carrera S 2dr PDK", "P", 3.8, 400, "A", "RWD", 85_000, { to: 2015 }],
      ["3.0 Carrera 4S 2dr PDK", "P", 3.0, 444, "A", "4WD", 115_000, { from: 2019 }],
      ["3.7 Turbo S 2dr PDK", "P", 3.7, 650, "A", "4WD", 180_000, { from: 2020 }],
    ] },
    { model: "Macan", body: "SUV", weight: 25, years: [2014], kerbKg: 1900, rows: [
      ["2.0 5dr PDK", "P", 2.0, 252, "A", "4WD", 52_000],
      ["2.9 V6 S 5dr PDK", "P", 2.9, 375, "A", "4WD", 60_000, { from: 2019 }],
      ["3.0 S Diesel 5dr PDK", "D", 3.0, 258, "A", "4WD", 48_000, { to: 2018 }],
      ["4 Electric 100kWh 5dr Auto", "EV", 0, 402, "A", "4WD", 70_000, { from: 2024, range: 381 }],
    ] },
    { model: "Cayenne", body: "SUV", weight: 15, years: [2012], kerbKg: 2100, rows: [
      ["3.0 V6 5dr Tiptronic S", "P", 3.0, 340, "A", "4WD", 75_000, { from: 2018 }],
      ["3.0 V6 E-Hybrid 5dr Tiptronic S", "PHEV", 3.0, 462, "A", "4WD", 85_000, { from: 2018, range: 46 }],
      ["3.0 Diesel Platinum Edition 5dr Tiptronic S", "D", 3.0, 262, "A", "4WD", 58_000, { to: 2018 }],
    ] },
    { model: "Taycan", body: "Saloon", weight: 10, years: [2020], kerbKg: 2200, rows: [
      ["420kW 4S Performance Battery Plus 93kWh 4dr Auto", "EV", 0, 563, "A", "4WD", 95_000, { range: 287 }],
      ["300kW Performance Battery 79kWh 4dr RWD Auto", "EV", 0, 402, "A", "RWD", 80_000, { from: 2021, range: 268 }],
    ] },
    { model: "718 Boxster", body: "Convertible", weight: 10, years: [2012], kerbKg: 1350, seats: 2, rows: [
      ["2.0 T 2dr PDK", "P", 2.0, 300, "A", "RWD", 55_000, { from: 2016 }],
      ["2.7 2dr", "P", 2.7, 265, "M", "RWD", 42_000, { to: 2016 }],
    ] },
    { model: "718 Cayman", body: "Coupe", weight: 8, years: [2016], kerbKg: 1350, seats: 2, rows: [
      ["2.0 2dr", "P", 2.0, 300, "M", "RWD", 55_000],
    ] },
  ]),
  ...cars("Cupra", [
    { model: "Formentor", body: "SUV", weight: 25, years: [2021], kerbKg: 1500, rows: [
      ["1.5 TSI V1 5dr", "P", 1.5, 150, "M", "FWD", 31_000],
      ["2.0 TSI VZ2 5dr DSG 4Drive", "P", 2.0, 310, "A", "4WD", 44_000],
      ["1.4 eHybrid VZ2 5dr DSG", "PHEV", 1.4, 245, "A", "FWD", 40_000, { range: 34 }],
    ] },
    { model: "Born", body: "Hatchback", weight: 15, years: [2022], kerbKg: 1800, rows: [
      ["150kW V2 58kWh 5dr Auto", "EV", 0, 204, "A", "RWD", 37_000, { range: 260 }],
    ] },
    { model: "Leon", body: "Hatchback", weight: 10, years: [2021], kerbKg: 1450, rows: [
      ["2.0 TSI VZ2 5dr DSG", "P", 2.0, 300, "A", "FWD", 38_000],
      ["1.4 eHybrid V2 5dr DSG", "PHEV", 1.4, 245, "A", "FWD", 36_000, { range: 36 }],
    ] },
    { model: "Ateca", body: "SUV", weight: 5, years: [2019], kerbKg: 1600, rows: [
      ["2.0 TSI 5dr DSG 4Drive", "P", 2.0, 300, "A", "4WD", 43_000],
    ] },
  ]),
  ...cars("Jaguar", [
    { model: "F-Pace", body: "SUV", weight: 25, years: [2016], kerbKg: 1800, rows: [
      ["2.0d R-Sport 5dr Auto AWD", "D", 2.0, 180, "A", "4WD", 42_000, { to: 2020 }],
      ["2.0 D200 R-Dynamic SE 5dr Auto AWD", "D", 2.0, 204, "A", "4WD", 52_000, { from: 2021 }],
      ["2.0 P400e R-Dynamic SE 5dr Auto", "PHEV", 2.0, 404, "A", "4WD", 60_000, { from: 2021, range: 33 }],
    ] },
    { model: "XE", body: "Saloon", weight: 20, years: [2015, 2024], kerbKg: 1550, rows: [
      ["2.0d R-Sport 4dr Auto", "D", 2.0, 180, "A", "RWD", 36_000],
      ["2.0 P250 R-Dynamic SE 4dr Auto", "P", 2.0, 250, "A", "RWD", 40_000, { from: 2019 }],
    ] },
    { model: "XF", body: "Saloon", weight: 15, years: [2012, 2024], kerbKg: 1650, rows: [
      ["2.0d R-Sport 4dr Auto", "D", 2.0, 180, "A", "RWD", 40_000, { from: 2016 }],
      ["2.2d Luxury 4dr Auto", "D", 2.2, 200, "A", "RWD", 35_000, { to: 2015 }],
    ] },
    { model: "E-Pace", body: "SUV", weight: 15, years: [2018, 2024], kerbKg: 1850, rows: [
      ["2.0d R-Dynamic S 5dr Auto AWD", "D", 2.0, 180, "A", "4WD", 40_000],
      ["1.5 P300e R-Dynamic SE 5dr Auto", "PHEV", 1.5, 309, "A", "4WD", 48_000, { from: 2021, range: 34 }],
    ] },
    { model: "I-Pace", body: "SUV", weight: 8, years: [2018, 2024], kerbKg: 2200, rows: [
      ["294kW EV400 HSE 90kWh 5dr Auto", "EV", 0, 400, "A", "4WD", 70_000, { range: 292 }],
    ] },
    { model: "F-Type", body: "Coupe", weight: 8, years: [2013, 2024], kerbKg: 1600, seats: 2, rows: [
      ["2.0 P300 R-Dynamic 2dr Auto", "P", 2.0, 300, "A", "RWD", 60_000, { from: 2017 }],
      ["3.0 V6 S 2dr Auto", "P", 3.0, 380, "A", "RWD", 65_000, { to: 2019 }],
      ["5.0 P575 V8 R 2dr Auto AWD", "P", 5.0, 575, "A", "4WD", 100_000, { from: 2020 }],
    ] },
  ]),
  ...cars("Jeep", [
    { model: "Renegade", body: "SUV", weight: 12, years: [2015], kerbKg: 1400, rows: [
      ["1.0 T3 GSE Longitude 5dr", "P", 1.0, 120, "M", "FWD", 23_000, { from: 2019 }],
      ["1.6 MultiJet Longitude 5dr", "D", 1.6, 120, "M", "FWD", 20_000, { to: 2018 }],
      ["1.3 GSE T4 4xe Trailhawk 5dr Auto", "PHEV", 1.3, 240, "A", "4WD", 35_000, { from: 2020, range: 26 }],
    ] },
    { model: "Compass", body: "SUV", weight: 8, years: [2017], kerbKg: 1550, rows: [
      ["1.3 T4 GSE Night Eagle 5dr", "P", 1.3, 130, "M", "FWD", 28_000],
      ["1.3 T4 GSE 4xe S 5dr Auto", "PHEV", 1.3, 240, "A", "4WD", 40_000, { from: 2021, range: 30 }],
    ] },
    { model: "Wrangler", body: "SUV", weight: 5, years: [2012], kerbKg: 2000, rows: [
      ["2.0 GME Sahara 4dr Auto", "P", 2.0, 272, "A", "4WD", 55_000, { from: 2019 }],
      ["2.8 CRD Sahara 4dr Auto", "D", 2.8, 200, "A", "4WD", 35_000, { to: 2018 }],
    ] },
    { model: "Avenger", body: "SUV", weight: 5, years: [2023], kerbKg: 1300, rows: [
      ["1.2 Longitude 5dr", "P", 1.2, 100, "M", "FWD", 25_000],
      ["115kW Summit 54kWh 5dr Auto", "EV", 0, 156, "A", "FWD", 36_000, { range: 248 }],
    ] },
  ]),
  ...cars("Polestar", [
    { model: "2", body: "Hatchback", weight: 20, years: [2020], kerbKg: 2000, rows: [
      ["300kW Long Range Dual Motor 78kWh 5dr Auto", "EV", 0, 408, "A", "4WD", 52_000, { range: 298 }],
      ["170kW Standard Range Single Motor 69kWh 5dr Auto", "EV", 0, 231, "A", "FWD", 41_000, { from: 2021, to: 2023, range: 274 }],
      ["220kW Long Range Single Motor 82kWh 5dr Auto", "EV", 0, 299, "A", "RWD", 50_000, { from: 2024, range: 406 }],
    ] },
    { model: "3", body: "SUV", weight: 3, years: [2024], kerbKg: 2600, rows: [
      ["360kW Long Range Dual Motor 111kWh 5dr Auto", "EV", 0, 489, "A", "4WD", 80_000, { range: 360 }],
    ] },
    { model: "4", body: "SUV", weight: 3, years: [2024], kerbKg: 2200, rows: [
      ["200kW Long Range Single Motor 100kWh 5dr Auto", "EV", 0, 272, "A", "RWD", 60_000, { range: 379 }],
    ] },
  ]),
  ...cars("Alfa Romeo", [
    { model: "Giulia", body: "Saloon", weight: 8, years: [2016], kerbKg: 1500, rows: [
      ["2.2 D Super 4dr Auto", "D", 2.2, 180, "A", "RWD", 35_000, { to: 2022 }],
      ["2.0 TB Veloce 4dr Auto Q4", "P", 2.0, 280, "A", "4WD", 46_000],
      ["2.9 V6 BiTurbo Quadrifoglio 4dr Auto", "P", 2.9, 510, "A", "RWD", 80_000],
    ] },
    { model: "Stelvio", body: "SUV", weight: 8, years: [2017], kerbKg: 1700, rows: [
      ["2.2 D Super 5dr Auto Q4", "D", 2.2, 210, "A", "4WD", 42_000, { to: 2022 }],
      ["2.0 T Veloce 5dr Auto Q4", "P", 2.0, 280, "A", "4WD", 50_000],
    ] },
    { model: "Giulietta", body: "Hatchback", weight: 7, years: [2012, 2020], kerbKg: 1350, rows: [
      ["1.4 TB MultiAir Sportiva Nav 5dr", "P", 1.4, 150, "M", "FWD", 23_000],
      ["2.0 JTDM-2 Super 5dr", "D", 2.0, 150, "M", "FWD", 22_000],
    ] },
    { model: "Tonale", body: "SUV", weight: 3, years: [2023], kerbKg: 1600, rows: [
      ["1.5 MHEV Veloce 5dr Auto", "P", 1.5, 160, "A", "FWD", 38_000],
      ["1.3 PHEV Veloce 5dr Auto Q4", "PHEV", 1.3, 280, "A", "4WD", 44_000, { range: 43 }],
    ] },
    { model: "MiTo", body: "Hatchback", weight: 4, years: [2012, 2018], kerbKg: 1150, rows: [
      ["1.4 TB MultiAir Sportiva 3dr", "P", 1.4, 135, "M", "FWD", 17_000],
    ] },
  ]),
  ...cars("DS", [
    { model: "DS 3", body: "SUV", weight: 7, years: [2019], kerbKg: 1300, rows: [
      ["1.2 PureTech Performance Line 5dr EAT8", "P", 1.2, 130, "A", "FWD", 28_000],
      ["100kW E-Tense Performance Line 50kWh 5dr Auto", "EV", 0, 136, "A", "FWD", 36_000, { from: 2020, range: 206 }],
    ] },
    { model: "DS 7", body: "SUV", weight: 8, years: [2018], kerbKg: 1600, rows: [
      ["1.5 BlueHDi Performance Line 5dr EAT8", "D", 1.5, 130, "A", "FWD", 35_000],
      ["1.6 E-Tense 300 Rivoli 4x4 5dr EAT8", "PHEV", 1.6, 300, "A", "4WD", 50_000, { from: 2020, range: 35 }],
    ] },
    { model: "DS 4", body: "Hatchback", weight: 3, years: [2022], kerbKg: 1450, rows: [
      ["1.2 PureTech 130 Performance Line 5dr EAT8", "P", 1.2, 130, "A", "FWD", 30_000],
      ["1.6 E-Tense 225 Rivoli 5dr EAT8", "PHEV", 1.6, 225, "A", "FWD", 40_000, { range: 34 }],
    ] },
  ]),
  ...cars("Subaru", [
    { model: "Forester", body: "SUV", weight: 6, years: [2013], kerbKg: 1600, rows: [
      ["2.0i e-Boxer XE 5dr Lineartronic", "H", 2.0, 150, "A", "4WD", 35_000, { from: 2020 }],
      ["2.0D XC 5dr Lineartronic", "D", 2.0, 147, "A", "4WD", 28_000, { to: 2018 }],
    ] },
    { model: "Outback", body: "Estate", weight: 4, years: [2012], kerbKg: 1650, rows: [
      ["2.5i SE Premium 5dr Lineartronic", "P", 2.5, 169, "A", "4WD", 36_000],
    ] },
    { model: "XV", body: "SUV", weight: 4, years: [2012, 2023], kerbKg: 1450, rows: [
      ["2.0i e-Boxer SE Premium 5dr Lineartronic", "H", 2.0, 150, "A", "4WD", 31_000, { from: 2020 }],
      ["2.0i SE 5dr Lineartronic", "P", 2.0, 156, "A", "4WD", 26_000, { to: 2019 }],
    ] },
    { model: "BRZ", body: "Coupe", weight: 2, years: [2013, 2020], kerbKg: 1250, seats: 4, rows: [
      ["2.0i SE Lux 2dr", "P", 2.0, 200, "M", "RWD", 26_000],
    ] },
    { model: "Solterra", body: "SUV", weight: 1, years: [2022], kerbKg: 2000, rows: [
      ["160kW Touring 71kWh 5dr Auto", "EV", 0, 215, "A", "4WD", 50_000, { range: 289 }],
    ] },
  ]),
  ...cars("Mitsubishi", [
    { model: "Outlander", body: "SUV", weight: 12, years: [2012], kerbKg: 1850, rows: [
      ["2.4 PHEV 4h 5dr Auto", "PHEV", 2.4, 224, "A", "4WD", 38_000, { from: 2019, to: 2022, range: 28 }],
      ["2.0 PHEV GX4hs 5dr Auto", "PHEV", 2.0, 200, "A", "4WD", 34_000, { from: 2014, to: 2018, range: 28 }],
      ["2.2 DI-D GX3 5dr", "D", 2.2, 150, "M", "4WD", 26_000, { to: 2018 }],
    ] },
    { model: "ASX", body: "SUV", weight: 6, years: [2012], kerbKg: 1350, rows: [
      ["1.6 ZC-M 2 5dr", "P", 1.6, 117, "M", "FWD", 18_000, { to: 2021 }],
      ["1.3 Turbo 3 5dr", "P", 1.3, 140, "M", "FWD", 25_000, { from: 2023 }],
    ] },
    { model: "Eclipse Cross", body: "SUV", weight: 5, years: [2018], kerbKg: 1550, rows: [
      ["1.5 Dynamic 5dr", "P", 1.5, 163, "M", "FWD", 25_000, { to: 2020 }],
      ["2.4 PHEV Exceed 5dr Auto", "PHEV", 2.4, 188, "A", "4WD", 38_000, { from: 2021, range: 28 }],
    ] },
    { model: "Mirage", body: "Hatchback", weight: 3, years: [2013, 2021], kerbKg: 900, rows: [
      ["1.2 Juro 5dr", "P", 1.2, 80, "M", "FWD", 12_000],
    ] },
  ]),
  ...cars("Smart", [
    { model: "ForTwo", body: "Coupe", weight: 8, years: [2012, 2024], kerbKg: 900, seats: 2, rows: [
      ["1.0 Passion 2dr", "P", 1.0, 71, "M", "RWD", 12_500, { to: 2019 }],
      ["60kW EQ Prime Premium 17kWh 2dr Auto", "EV", 0, 82, "A", "RWD", 23_000, { from: 2020, range: 83 }],
    ] },
    { model: "ForFour", body: "Hatchback", weight: 4, years: [2015, 2021], kerbKg: 1000, rows: [
      ["1.0 Passion 5dr", "P", 1.0, 71, "M", "RWD", 13_000, { to: 2019 }],
      ["60kW EQ Pulse 17kWh 5dr Auto", "EV", 0, 82, "A", "RWD", 24_000, { from: 2020, range: 81 }],
    ] },
    { model: "#1", body: "SUV", weight: 3, years: [2023], kerbKg: 1800, rows: [
      ["200kW Pro+ 66kWh 5dr Auto", "EV", 0, 268, "A", "RWD", 36_000, { range: 273 }],
    ] },
  ]),
  ...cars("Tesla", [
    { model: "Model 3", body: "Saloon", weight: 70, years: [2019], kerbKg: 1850, rows: [
      ["Long Range AWD", "EV", 0, 440, "A", "4WD", 50_000, { range: 360 }],
      ["Standard Range Plus", "EV", 0, 275, "A", "RWD", 40_000, { to: 2021, range: 254 }],
      ["RWD", "EV", 0, 283, "A", "RWD", 40_000, { from: 2022, range: 318 }],
      ["Performance AWD", "EV", 0, 510, "A", "4WD", 60_000, { range: 340 }],
    ] },
    { model: "Model Y", body: "SUV", weight: 50, years: [2022], kerbKg: 2000, rows: [
      ["Long Range AWD", "EV", 0, 514, "A", "4WD", 53_000, { range: 331 }],
      ["RWD", "EV", 0, 299, "A", "RWD", 45_000, { range: 283 }],
      ["Performance AWD", "EV", 0, 534, "A", "4WD", 60_000, { range: 319 }],
    ] },
    { model: "Model S", body: "Hatchback", weight: 5, years: [2014], kerbKg: 2200, rows: [
      ["Long Range AWD", "EV", 0, 670, "A", "4WD", 95_000, { from: 2019, range: 375 }],
      ["75D", "EV", 0, 333, "A", "4WD", 70_000, { from: 2016, to: 2019, range: 304 }],
    ] },
    { model: "Model X", body: "SUV", weight: 3, years: [2016], kerbKg: 2450, seats: 7, rows: [
      ["Long Range AWD", "EV", 0, 670, "A", "4WD", 105_000, { range: 348 }],
    ] },
  ]),
];

const VANS: VanLine[] = [
  ...vans("Ford", [
    { model: "Transit Custom", size: "medium", weight: 2000, years: [2013], rows: [
      ["2.2 TDCi 100ps 290 Base", "D", 2.2, 99, "M", "FWD", 24_000, { to: 2016 }],
      ["2.2 TDCi 125ps 290 Trend", "D", 2.2, 123, "M", "FWD", 27_000, { to: 2016 }],
      ["2.0 EcoBlue 105ps 300 Leader", "D", 2.0, 104, "M", "FWD", 31_000, { from: 2017 }],
      ["2.0 EcoBlue 130ps 300 Trend", "D", 2.0, 128, "M", "FWD", 35_000, { from: 2017 }],
      ["2.0 EcoBlue 170ps 320 Limited Auto", "D", 2.0, 168, "A", "FWD", 40_000, { from: 2017 }],
      ["2.0 EcoBlue 185ps 320 Sport", "D", 2.0, 182, "M", "FWD", 42_000, { from: 2017 }],
      ["1.0 EcoBoost PHEV 340 Limited Auto", "PHEV", 1.0, 124, "A", "FWD", 45_000, { from: 2019, to: 2023, range: 27 }],
      ["E-Transit Custom 217ps 320 Trend Auto", "EV", 0, 214, "A", "RWD", 48_000, { from: 2024, range: 200 }],
    ] },
    { model: "Transit", size: "large", weight: 1000, years: [2012], rows: [
      ["2.2 TDCi 125ps 350 Trend", "D", 2.2, 123, "M", "RWD", 30_000, { to: 2016 }],
      ["2.0 EcoBlue 130ps 350 Leader", "D", 2.0, 128, "M", "RWD", 36_000, { from: 2016 }],
      ["2.0 EcoBlue 130ps 350 Trend FWD", "D", 2.0, 128, "M", "FWD", 38_000, { from: 2016 }],
      ["2.0 EcoBlue 170ps 350 Trend Auto", "D", 2.0, 168, "A", "RWD", 42_000, { from: 2016 }],
      ["2.0 EcoBlue 130ps 350 Trend AWD", "D", 2.0, 128, "M", "4WD", 41_000, { from: 2016 }],
      ["E-Transit 269ps 390 Trend Auto", "EV", 0, 265, "A", "RWD", 55_000, { from: 2022, range: 196 }],
    ] },
    { model: "Transit Connect", size: "small", weight: 500, years: [2012], rows: [
      ["1.6 TDCi 95ps 200 Trend", "D", 1.6, 94, "M", "FWD", 18_000, { to: 2015 }],
      ["1.5 TDCi 120ps 240 Limited", "D", 1.5, 118, "M", "FWD", 24_500, { from: 2016, to: 2019 }],
      ["1.5 EcoBlue 100ps 220 Trend", "D", 1.5, 99, "M", "FWD", 24_000, { from: 2019 }],
      ["1.5 EcoBlue 120ps 240 Limited Auto", "D", 1.5, 118, "A", "FWD", 27_500, { from: 2019 }],
    ] },
    { model: "Transit Courier", size: "small", weight: 150, years: [2014], rows: [
      ["1.5 TDCi Trend", "D", 1.5, 94, "M", "FWD", 16_000, { to: 2019 }],
      ["1.0 EcoBoost Limited", "P", 1.0, 99, "M", "FWD", 18_000],
      ["1.5 EcoBlue 100ps Trend", "D", 1.5, 99, "M", "FWD", 21_000, { from: 2020 }],
    ] },
    { model: "Ranger", size: "pickup", weight: 500, years: [2012], rows: [
      ["2.2 TDCi Limited", "D", 2.2, 148, "M", "4WD", 26_000, { to: 2016 }],
      ["3.2 TDCi Wildtrak Auto", "D", 3.2, 197, "A", "4WD", 30_000, { to: 2019 }],
      ["2.0 EcoBlue XLT", "D", 2.0, 168, "M", "4WD", 30_000, { from: 2019 }],
      ["2.0 EcoBlue Wildtrak Auto", "D", 2.0, 210, "A", "4WD", 36_000, { from: 2019, to: 2022 }],
      ["3.0 V6 EcoBlue Wildtrak Auto", "D", 3.0, 237, "A", "4WD", 42_000, { from: 2023 }],
    ] },
  ]),
  ...vans("Volkswagen", [
    { model: "Transporter", size: "medium", weight: 1000, years: [2012], rows: [
      ["2.0 TDI 140 T30 Trendline", "D", 2.0, 138, "M", "FWD", 26_000, { to: 2015 }],
      ["2.0 TDI 102 T28 Startline", "D", 2.0, 101, "M", "FWD", 24_000, { to: 2019 }],
      ["2.0 TDI 110 T28 Startline", "D", 2.0, 108, "M", "FWD", 30_000, { from: 2020 }],
      ["2.0 TDI 150 T30 Highline DSG", "D", 2.0, 148, "A", "FWD", 38_000, { from: 2016 }],
      ["2.0 TDI 204 T32 Sportline DSG 4Motion", "D", 2.0, 201, "A", "4WD", 48_000, { from: 2016 }],
    ] },
    { model: "Crafter", size: "large", weight: 300, years: [2012], rows: [
      ["2.0 TDI 109 CR35 Startline", "D", 2.0, 107, "M", "RWD", 28_000, { to: 2016 }],
      ["2.0 TDI 140 CR35 Trendline", "D", 2.0, 138, "M", "FWD", 38_000, { from: 2017 }],
      ["2.0 TDI 177 CR35 Highline Auto", "D", 2.0, 175, "A", "RWD", 46_000, { from: 2017 }],
      ["e-Crafter CR35 Highline Auto", "EV", 0, 134, "A", "FWD", 60_000, { from: 2018, to: 2022, range: 71 }],
    ] },
    { model: "Caddy", size: "small", weight: 400, years: [2012], rows: [
      ["1.6 TDI 102 C20 Startline", "D", 1.6, 101, "M", "FWD", 16_000, { to: 2015 }],
      ["2.0 TDI 102 C20 Trendline", "D", 2.0, 101, "M", "FWD", 20_000, { from: 2016, to: 2020 }],
      ["2.0 TDI 122 Commerce Plus", "D", 2.0, 120, "M", "FWD", 27_000, { from: 2021 }],
      ["2.0 TDI 122 Commerce Pro DSG", "D", 2.0, 120, "A", "FWD", 31_000, { from: 2021 }],
      ["1.5 TSI 114 Commerce", "P", 1.5, 113, "M", "FWD", 24_000, { from: 2021 }],
    ] },
    { model: "Amarok", size: "pickup", weight: 150, years: [2012], rows: [
      ["2.0 BiTDI 180 Highline 4Motion Auto", "D", 2.0, 178, "A", "4WD", 30_000, { to: 2016 }],
      ["3.0 V6 TDI 258 Aventura 4Motion Auto", "D", 3.0, 254, "A", "4WD", 42_000, { from: 2017, to: 2020 }],
      ["2.0 TDI 205 Style 4Motion Auto", "D", 2.0, 202, "A", "4WD", 40_000, { from: 2023 }],
      ["3.0 V6 TDI 240 Aventura 4Motion Auto", "D", 3.0, 237, "A", "4WD", 48_000, { from: 2023 }],
    ] },
  ]),
  ...vans("Mercedes-Benz", [
    { model: "Sprinter", size: "large", weight: 800, years: [2012], rows: [
      ["313 CDI", "D", 2.1, 129, "M", "RWD", 28_000, { to: 2018 }],
      ["319 CDI 7G-Tronic", "D", 3.0, 187, "A", "RWD", 45_000, { to: 2018 }],
      ["314 CDI Progressive", "D", 2.1, 141, "M", "RWD", 38_000, { from: 2018 }],
      ["316 CDI Premium 9G-Tronic", "D", 2.0, 161, "A", "RWD", 44_000, { from: 2018 }],
      ["eSprinter 3.5t 113kWh Auto", "EV", 0, 201, "A", "RWD", 70_000, { from: 2024, range: 200 }],
    ] },
    { model: "Vito", size: "medium", weight: 450, years: [2012], rows: [
      ["113 CDI", "D", 2.1, 134, "M", "RWD", 23_000, { to: 2014 }],
      ["111 CDI", "D", 1.6, 112, "M", "FWD", 24_000, { from: 2015, to: 2019 }],
      ["114 CDI Progressive", "D", 2.1, 134, "M", "RWD", 30_000, { from: 2015 }],
      ["116 CDI Premium 9G-Tronic", "D", 2.0, 161, "A", "RWD", 38_000, { from: 2020 }],
      ["eVito 66kWh Premium Auto", "EV", 0, 114, "A", "FWD", 52_000, { from: 2021, range: 163 }],
    ] },
    { model: "Citan", size: "small", weight: 100, years: [2013], rows: [
      ["109 CDI", "D", 1.5, 90, "M", "FWD", 17_000, { to: 2021 }],
      ["110 CDI Pure", "D", 1.5, 94, "M", "FWD", 24_000, { from: 2022 }],
      ["112 CDI Progressive", "D", 1.5, 114, "M", "FWD", 26_000, { from: 2022 }],
      ["eCitan 45kWh Pro Auto", "EV", 0, 121, "A", "FWD", 33_000, { from: 2023, range: 177 }],
    ] },
  ]),
  ...vans("Vauxhall", [
    { model: "Vivaro", size: "medium", weight: 600, years: [2012], rows: [
      ["2.0 CDTi 2900 ecoFLEX", "D", 2.0, 113, "M", "FWD", 22_000, { to: 2014 }],
      ["1.6 CDTi 2900 Sportive", "D", 1.6, 120, "M", "FWD", 24_000, { from: 2014, to: 2019 }],
      ["2.0 Turbo D 2900 Edition", "D", 2.0, 120, "M", "FWD", 30_000, { from: 2019 }],
      ["2.0 Turbo D 145 3100 Sportive", "D", 2.0, 144, "M", "FWD", 33_000, { from: 2019 }],
      ["Vivaro-e 75kWh 3100 Dynamic Auto", "EV", 0, 134, "A", "FWD", 44_000, { from: 2021, range: 205 }],
    ] },
    { model: "Movano", size: "large", weight: 180, years: [2012], rows: [
      ["2.3 CDTi 125 3500", "D", 2.3, 123, "M", "FWD", 30_000, { to: 2021 }],
      ["2.3 Turbo D 135 3500", "D", 2.3, 133, "M", "FWD", 34_000, { from: 2019, to: 2021 }],
      ["2.2 Turbo D 140 3500 Prime", "D", 2.2, 138, "M", "FWD", 38_000, { from: 2022 }],
      ["Movano-e 110kWh 3500 Prime Auto", "EV", 0, 268, "A", "FWD", 62_000, { from: 2024, range: 260 }],
    ] },
    { model: "Combo", size: "small", weight: 250, years: [2012], rows: [
      ["1.6 CDTi 2000 Sportive", "D", 1.6, 105, "M", "FWD", 16_000, { to: 2018 }],
      ["1.5 Turbo D 2300 Edition", "D", 1.5, 100, "M", "FWD", 22_000, { from: 2019 }],
      ["1.5 Turbo D 130 2300 Sportive Auto", "D", 1.5, 128, "A", "FWD", 25_000, { from: 2019 }],
      ["Combo-e 50kWh 2300 Dynamic Auto", "EV", 0, 134, "A", "FWD", 33_000, { from: 2021, range: 171 }],
    ] },
  ]),
  ...vans("Renault", [
    { model: "Trafic", size: "medium", weight: 350, years: [2012], rows: [
      ["2.0 dCi 115 SL29 Sport", "D", 2.0, 113, "M", "FWD", 22_000, { to: 2014 }],
      ["1.6 dCi 120 SL27 Business", "D", 1.6, 118, "M", "FWD", 24_000, { from: 2014, to: 2019 }],
      ["2.0 dCi 130 SL30 Business+", "D", 2.0, 128, "M", "FWD", 31_000, { from: 2019 }],
      ["2.0 dCi 150 SL30 Sport EDC", "D", 2.0, 148, "A", "FWD", 35_000, { from: 2020 }],
    ] },
    { model: "Master", size: "large", weight: 180, years: [2012], rows: [
      ["2.3 dCi 125 LM35 Business", "D", 2.3, 123, "M", "FWD", 30_000, { to: 2019 }],
      ["2.3 dCi 135 LM35 Business+", "D", 2.3, 133, "M", "FWD", 34_000, { from: 2019 }],
      ["2.3 dCi 165 LM35 Sport RWD", "D", 2.3, 163, "M", "RWD", 38_000, { from: 2019 }],
      ["E-Tech 87kWh LM35 Advance Auto", "EV", 0, 141, "A", "FWD", 60_000, { from: 2024, range: 255 }],
    ] },
    { model: "Kangoo", size: "small", weight: 100, years: [2012], rows: [
      ["1.5 dCi 90 ML19 Business", "D", 1.5, 89, "M", "FWD", 16_000, { to: 2021 }],
      ["ZE 33kWh ML20 Business Auto", "EV", 0, 60, "A", "FWD", 26_000, { from: 2017, to: 2021, range: 143 }],
      ["1.5 Blue dCi 95 ML19 Start", "D", 1.5, 94, "M", "FWD", 24_000, { from: 2022 }],
      ["E-Tech 45kWh ML19 Advance Auto", "EV", 0, 121, "A", "FWD", 33_000, { from: 2022, range: 186 }],
    ] },
  ]),
  ...vans("Peugeot", [
    { model: "Partner", size: "small", weight: 250, years: [2012], rows: [
      ["1.6 HDi 90 850 Professional", "D", 1.6, 89, "M", "FWD", 16_000, { to: 2018 }],
      ["1.5 BlueHDi 100 1000 Professional", "D", 1.5, 100, "M", "FWD", 22_000, { from: 2019 }],
      ["1.5 BlueHDi 130 Asphalt EAT8", "D", 1.5, 128, "A", "FWD", 27_000, { from: 2019 }],
      ["e-Partner 50kWh 1000 Professional Auto", "EV", 0, 134, "A", "FWD", 33_000, { from: 2021, range: 171 }],
    ] },
    { model: "Expert", size: "medium", weight: 250, years: [2012], rows: [
      ["2.0 HDi 128 1200 Professional", "D", 2.0, 126, "M", "FWD", 22_000, { to: 2015 }],
      ["1.6 BlueHDi 95 1000 Professional", "D", 1.6, 94, "M", "FWD", 22_000, { from: 2016, to: 2020 }],
      ["2.0 BlueHDi 120 1400 Professional", "D", 2.0, 120, "M", "FWD", 30_000, { from: 2016 }],
      ["2.0 BlueHDi 180 1400 Asphalt EAT8", "D", 2.0, 177, "A", "FWD", 36_000, { from: 2019 }],
      ["e-Expert 75kWh 1000 Professional Auto", "EV", 0, 134, "A", "FWD", 44_000, { from: 2021, range: 205 }],
    ] },
    { model: "Boxer", size: "large", weight: 150, years: [2012], rows: [
      ["2.2 HDi 130 335 Professional", "D", 2.2, 128, "M", "FWD", 27_000, { to: 2016 }],
      ["2.0 BlueHDi 130 335 Professional", "D", 2.0, 128, "M", "FWD", 29_000, { from: 2016, to: 2019 }],
      ["2.2 BlueHDi 140 335 Professional", "D", 2.2, 138, "M", "FWD", 33_000, { from: 2019 }],
      ["e-Boxer 75kWh 435 Professional Auto", "EV", 0, 120, "A", "FWD", 58_000, { from: 2021, range: 140 }],
    ] },
  ]),
  ...vans("Citroën", [
    { model: "Berlingo", size: "small", weight: 400, years: [2012], rows: [
      ["1.6 HDi 625 Enterprise", "D", 1.6, 74, "M", "FWD", 15_000, { to: 2018 }],
      ["1.5 BlueHDi 100 1000 Driver", "D", 1.5, 100, "M", "FWD", 22_000, { from: 2019 }],
      ["1.5 BlueHDi 130 XL Driver EAT8", "D", 1.5, 128, "A", "FWD", 27_000, { from: 2019 }],
      ["ë-Berlingo 50kWh M Driver Auto", "EV", 0, 134, "A", "FWD", 33_000, { from: 2021, range: 171 }],
    ] },
    { model: "Dispatch", size: "medium", weight: 200, years: [2012], rows: [
      ["2.0 HDi 125 1200 Enterprise", "D", 2.0, 123, "M", "FWD", 22_000, { to: 2015 }],
      ["1.6 BlueHDi 95 1000 Enterprise", "D", 1.6, 94, "M", "FWD", 22_000, { from: 2016, to: 2020 }],
      ["2.0 BlueHDi 145 1400 Driver", "D", 2.0, 144, "M", "FWD", 32_000, { from: 2019 }],
      ["ë-Dispatch 75kWh 1000 Enterprise Auto", "EV", 0, 134, "A", "FWD", 44_000, { from: 2021, range: 205 }],
    ] },
    { model: "Relay", size: "large", weight: 150, years: [2012], rows: [
      ["2.2 HDi 130 35 Enterprise", "D", 2.2, 128, "M", "FWD", 27_000, { to: 2016 }],
      ["2.0 BlueHDi 130 35 Enterprise", "D", 2.0, 128, "M", "FWD", 29_000, { from: 2016, to: 2019 }],
      ["2.2 BlueHDi 140 35 Enterprise", "D", 2.2, 138, "M", "FWD", 33_000, { from: 2019 }],
      ["ë-Relay 75kWh 35 Enterprise Auto", "EV", 0, 120, "A", "FWD", 58_000, { from: 2021, range: 140 }],
    ] },
  ]),
  ...vans("Toyota", [
    { model: "Proace", size: "medium", weight: 150, years: [2013], rows: [
      ["2.0 D-4D 128 Comfort", "D", 2.0, 126, "M", "FWD", 23_000, { to: 2016 }],
      ["1.5 D-4D 120 Icon", "D", 1.5, 118, "M", "FWD", 27_000, { from: 2017 }],
      ["2.0 D-4D 150 Design", "D", 2.0, 148, "M", "FWD", 32_000, { from: 2017 }],
      ["Electric 75kWh Icon Auto", "EV", 0, 134, "A", "FWD", 44_000, { from: 2021, range: 205 }],
    ] },
    { model: "Proace City", size: "small", weight: 100, years: [2020], rows: [
      ["1.5D 100 Icon", "D", 1.5, 100, "M", "FWD", 23_000],
      ["1.5D 130 Design Auto", "D", 1.5, 128, "A", "FWD", 27_000],
      ["Electric 50kWh Icon Auto", "EV", 0, 134, "A", "FWD", 33_000, { from: 2022, range: 174 }],
    ] },
    { model: "Hilux", size: "pickup", weight: 300, years: [2012], rows: [
      ["2.5 D-4D Invincible", "D", 2.5, 142, "M", "4WD", 26_000, { to: 2016 }],
      ["2.4 D-4D Active", "D", 2.4, 148, "M", "4WD", 30_000, { from: 2016 }],
      ["2.4 D-4D Invincible X Auto", "D", 2.4, 148, "A", "4WD", 34_000, { from: 2016, to: 2020 }],
      ["2.8 D-4D Invincible X Auto", "D", 2.8, 201, "A", "4WD", 40_000, { from: 2020 }],
    ] },
  ]),
  ...vans("Nissan", [
    { model: "Primastar", size: "medium", weight: 50, years: [2022], rows: [
      ["2.0 dCi 130 Tekna", "D", 2.0, 128, "M", "FWD", 33_000],
      ["2.0 dCi 150 Acenta DCT", "D", 2.0, 148, "A", "FWD", 36_000],
    ] },
    { model: "Interstar", size: "large", weight: 30, years: [2022], rows: [
      ["2.3 dCi 135 Acenta", "D", 2.3, 133, "M", "FWD", 37_000],
      ["2.0 dCi 170 Tekna Auto", "D", 2.0, 168, "A", "FWD", 42_000, { from: 2024 }],
    ] },
    { model: "Navara", size: "pickup", weight: 200, years: [2012, 2022], rows: [
      ["2.5 dCi Tekna", "D", 2.5, 188, "M", "4WD", 26_000, { to: 2015 }],
      ["2.3 dCi 160 Acenta", "D", 2.3, 158, "M", "4WD", 28_000, { from: 2016 }],
      ["2.3 dCi 190 Tekna Auto", "D", 2.3, 187, "A", "4WD", 33_000, { from: 2016 }],
    ] },
  ]),
  ...vans("Fiat", [
    { model: "Ducato", size: "large", weight: 180, years: [2012], rows: [
      ["2.3 MultiJet 130 35", "D", 2.3, 128, "M", "FWD", 28_000, { to: 2019 }],
      ["2.3 MultiJet 160 35 Tecnico", "D", 2.3, 158, "M", "FWD", 34_000, { from: 2019, to: 2021 }],
      ["2.2 MultiJet 140 35 Tecnico", "D", 2.2, 138, "M", "FWD", 35_000, { from: 2022 }],
      ["E-Ducato 79kWh 35 Auto", "EV", 0, 120, "A", "FWD", 60_000, { from: 2021, range: 230 }],
    ] },
    { model: "Doblo", size: "small", weight: 80, years: [2012], rows: [
      ["1.6 MultiJet 105 SX", "D", 1.6, 104, "M", "FWD", 17_000, { to: 2022 }],
      ["1.5 BlueHDi 100 Business", "D", 1.5, 100, "M", "FWD", 23_000, { from: 2023 }],
      ["E-Doblo 50kWh Auto", "EV", 0, 134, "A", "FWD", 33_000, { from: 2023, range: 174 }],
    ] },
  ]),
  ...vans("Iveco", [
    { model: "Daily", size: "large", weight: 150, years: [2012], rows: [
      ["35S14 2.3", "D", 2.3, 136, "M", "RWD", 33_000],
      ["35S16 2.3 Hi-Matic", "D", 2.3, 156, "A", "RWD", 38_000, { from: 2016 }],
      ["35S18 3.0 Hi-Matic", "D", 3.0, 180, "A", "RWD", 42_000, { from: 2016 }],
    ] },
  ]),
  ...vans("Isuzu", [
    { model: "D-Max", size: "pickup", weight: 200, years: [2012], rows: [
      ["2.5 TD Yukon", "D", 2.5, 161, "M", "4WD", 24_000, { to: 2016 }],
      ["1.9 TD Utah Auto", "D", 1.9, 161, "A", "4WD", 30_000, { from: 2017, to: 2020 }],
      ["1.9 TD DL20", "D", 1.9, 161, "M", "4WD", 33_000, { from: 2021 }],
      ["1.9 TD V-Cross Auto", "D", 1.9, 161, "A", "4WD", 38_000, { from: 2021 }],
    ] },
  ]),
  ...vans("Maxus", [
    { model: "Deliver 9", size: "large", weight: 60, years: [2020], rows: [
      ["2.0 D20 150 LUX", "D", 2.0, 148, "M", "FWD", 32_000],
      ["2.0 D20 150 LUX RWD", "D", 2.0, 148, "M", "RWD", 33_000],
    ] },
    { model: "eDeliver 3", size: "small", weight: 30, years: [2020], rows: [
      ["35kWh Auto", "EV", 0, 121, "A", "FWD", 30_000, { range: 150 }],
      ["52.5kWh Auto", "EV", 0, 121, "A", "FWD", 33_000, { range: 213 }],
    ] },
  ]),
];

const TRUCKS: TruckLine[] = [
  ...trucks("Scania", [
    { model: "R-series", body: "Tractor Unit", grossTonnes: 44, weight: 700, years: [2012], rows: [
      ["R 450 Highline", "D", 12.7, 450, "A", "4x2", 120_000],
      ["R 500 Highline", "D", 12.7, 500, "A", "6x2", 128_000],
      ["R 730 V8", "D", 16.4, 730, "A", "6x2", 160_000],
    ] },
    { model: "S-series", body: "Tractor Unit", grossTonnes: 44, weight: 350, years: [2016], rows: [
      ["S 450", "D", 12.7, 450, "A", "4x2", 128_000],
      ["S 500", "D", 12.7, 500, "A", "6x2", 135_000],
      ["S 770 V8", "D", 16.4, 770, "A", "6x2", 175_000, { from: 2021 }],
    ] },
    { model: "P-series", body: "Curtainsider", grossTonnes: 18, weight: 150, years: [2012], rows: [
      ["P 280", "D", 9.3, 280, "A", "4x2", 85_000],
      ["P 320", "D", 9.3, 320, "A", "4x2", 90_000],
    ] },
    { model: "P-series", body: "Box", grossTonnes: 18, weight: 80, years: [2012], rows: [
      ["P 250", "D", 9.3, 250, "A", "4x2", 82_000],
    ] },
    { model: "G-series", body: "Tipper", grossTonnes: 32, weight: 150, years: [2012], rows: [
      ["G 410", "D", 12.7, 410, "A", "8x4", 130_000],
      ["G 450", "D", 12.7, 450, "A", "8x4", 138_000],
    ] },
  ]),
  ...trucks("Volvo", [
    { model: "FH", body: "Tractor Unit", grossTonnes: 44, weight: 700, years: [2012], rows: [
      ["FH 460", "D", 12.8, 460, "A", "4x2", 118_000],
      ["FH 500", "D", 12.8, 500, "A", "6x2", 125_000],
      ["FH16 650", "D", 16.1, 650, "A", "6x4", 160_000],
    ] },
    { model: "FM", body: "Tipper", grossTonnes: 32, weight: 150, years: [2012], rows: [
      ["FM 420", "D", 12.8, 420, "A", "8x4", 125_000],
      ["FM 460", "D", 12.8, 460, "A", "8x4", 130_000],
    ] },
    { model: "FM", body: "Tractor Unit", grossTonnes: 44, weight: 80, years: [2012], rows: [
      ["FM 410", "D", 12.8, 410, "A", "6x2", 110_000],
    ] },
    { model: "FL", body: "Box", grossTonnes: 7.5, weight: 120, years: [2012], rows: [
      ["FL 210", "D", 5.1, 210, "A", "4x2", 65_000],
      ["FL 250", "D", 7.7, 250, "A", "4x2", 72_000],
      ["FL Electric", "EV", 0, 241, "A", "4x2", 200_000, { from: 2020, range: 180 }],
    ] },
    { model: "FE", body: "Curtainsider", grossTonnes: 18, weight: 100, years: [2012], rows: [
      ["FE 250", "D", 7.7, 250, "A", "4x2", 82_000],
      ["FE 280", "D", 7.7, 280, "A", "4x2", 85_000],
    ] },
  ]),
  ...trucks("Mercedes-Benz", [
    { model: "Actros", body: "Tractor Unit", grossTonnes: 44, weight: 450, years: [2012], rows: [
      ["1845 LS", "D", 12.8, 449, "A", "4x2", 115_000],
      ["2545 LS", "D", 12.8, 449, "A", "6x2", 120_000],
      ["2548 LS", "D", 12.8, 476, "A", "6x2", 124_000],
    ] },
    { model: "Arocs", body: "Tipper", grossTonnes: 32, weight: 180, years: [2013], rows: [
      ["3240 K", "D", 10.7, 394, "A", "8x4", 125_000],
      ["3245 K", "D", 12.8, 449, "A", "8x4", 132_000],
    ] },
    { model: "Atego", body: "Box", grossTonnes: 7.5, weight: 150, years: [2012], rows: [
      ["816", "D", 5.1, 156, "A", "4x2", 62_000],
      ["818", "D", 5.1, 177, "A", "4x2", 64_000],
    ] },
    { model: "Atego", body: "Curtainsider", grossTonnes: 12, weight: 80, years: [2012], rows: [
      ["1218", "D", 5.1, 177, "A", "4x2", 68_000],
      ["1224", "D", 7.7, 238, "A", "4x2", 72_000],
    ] },
    { model: "Atego", body: "Flatbed", grossTonnes: 12, weight: 40, years: [2012], rows: [
      ["1224", "D", 7.7, 238, "A", "4x2", 74_000],
    ] },
  ]),
  ...trucks("DAF", [
    { model: "XF", body: "Tractor Unit", grossTonnes: 44, weight: 900, years: [2012], rows: [
      ["XF 460 FT", "D", 12.9, 460, "A", "4x2", 110_000, { to: 2021 }],
      ["XF 480 FT", "D", 12.9, 480, "A", "4x2", 115_000],
      ["XF 480 FTG", "D", 12.9, 480, "A", "6x2", 120_000],
      ["XF 530 FTG", "D", 12.9, 530, "A", "6x2", 125_000],
    ] },
    { model: "XG", body: "Tractor Unit", grossTonnes: 44, weight: 250, years: [2022], rows: [
      ["XG 480 FT", "D", 12.9, 480, "A", "4x2", 130_000],
      ["XG+ 530 FTG", "D", 12.9, 530, "A", "6x2", 145_000],
    ] },
    { model: "CF", body: "Curtainsider", grossTonnes: 26, weight: 300, years: [2012], rows: [
      ["CF 410 FAN", "D", 10.8, 410, "A", "6x2", 95_000],
      ["CF 450 FAN", "D", 10.8, 450, "A", "6x2", 100_000],
    ] },
    { model: "CF", body: "Tipper", grossTonnes: 32, weight: 200, years: [2012], rows: [
      ["CF 450 FAD", "D", 10.8, 450, "A", "8x4", 120_000],
      ["CF 410 FAT", "D", 10.8, 410, "A", "6x4", 112_000],
    ] },
    { model: "CF", body: "Tractor Unit", grossTonnes: 44, weight: 150, years: [2012], rows: [
      ["CF 480 FT", "D", 10.8, 480, "A", "4x2", 108_000],
    ] },
    { model: "CF", body: "Flatbed", grossTonnes: 26, weight: 50, years: [2012], rows: [
      ["CF 410 FAN", "D", 10.8, 410, "A", "6x2", 98_000],
    ] },
    { model: "LF", body: "Box", grossTonnes: 7.5, weight: 300, years: [2012], rows: [
      ["LF 180 FA", "D", 4.5, 180, "M", "4x2", 60_000],
      ["LF 180 FA Auto", "D", 4.5, 180, "A", "4x2", 63_000],
    ] },
    { model: "LF", body: "Curtainsider", grossTonnes: 12, weight: 150, years: [2012], rows: [
      ["LF 230 FA", "D", 6.7, 230, "A", "4x2", 70_000],
      ["LF 260 FA", "D", 6.7, 260, "A", "4x2", 74_000],
    ] },
  ]),
  ...trucks("Iveco", [
    { model: "S-Way", body: "Tractor Unit", grossTonnes: 44, weight: 150, years: [2020], rows: [
      ["S-Way 460", "D", 12.9, 460, "A", "4x2", 105_000],
      ["S-Way 490", "D", 12.9, 490, "A", "6x2", 110_000],
    ] },
    { model: "Eurocargo", body: "Box", grossTonnes: 7.5, weight: 100, years: [2012], rows: [
      ["75E16", "D", 4.5, 160, "M", "4x2", 58_000],
      ["75E21", "D", 4.5, 210, "A", "4x2", 62_000],
    ] },
    { model: "Eurocargo", body: "Curtainsider", grossTonnes: 18, weight: 80, years: [2012], rows: [
      ["120E25", "D", 6.7, 250, "A", "4x2", 72_000],
      ["180E28", "D", 6.7, 280, "A", "4x2", 80_000],
    ] },
  ]),
  ...trucks("MAN", [
    { model: "TGX", body: "Tractor Unit", grossTonnes: 44, weight: 400, years: [2012], rows: [
      ["TGX 26.440", "D", 12.4, 440, "A", "6x2", 110_000, { to: 2020 }],
      ["TGX 18.470", "D", 12.4, 470, "A", "4x2", 112_000],
      ["TGX 26.510", "D", 12.4, 510, "A", "6x2", 120_000],
    ] },
    { model: "TGS", body: "Tipper", grossTonnes: 32, weight: 120, years: [2012], rows: [
      ["TGS 32.400", "D", 10.5, 400, "A", "8x4", 118_000],
      ["TGS 32.430", "D", 12.4, 430, "A", "8x4", 122_000],
    ] },
    { model: "TGL", body: "Box", grossTonnes: 7.5, weight: 200, years: [2012], rows: [
      ["TGL 8.190", "D", 4.6, 190, "A", "4x2", 60_000],
      ["TGL 12.220", "D", 4.6, 220, "A", "4x2", 66_000],
    ] },
    { model: "TGM", body: "Curtainsider", grossTonnes: 18, weight: 120, years: [2012], rows: [
      ["TGM 18.290", "D", 6.9, 290, "A", "4x2", 85_000],
      ["TGM 26.320", "D", 6.9, 320, "A", "6x2", 95_000],
    ] },
    { model: "TGM", body: "Flatbed", grossTonnes: 18, weight: 40, years: [2012], rows: [
      ["TGM 18.290", "D", 6.9, 290, "A", "4x2", 88_000],
    ] },
  ]),
  ...trucks("Isuzu", [
    { model: "Forward N75", body: "Box", grossTonnes: 7.5, weight: 200, years: [2012], rows: [
      ["N75.150", "D", 5.2, 155, "M", "4x2", 52_000],
      ["N75.190 Eco-Max", "D", 5.2, 190, "A", "4x2", 56_000],
    ] },
    { model: "Forward N75", body: "Tipper", grossTonnes: 7.5, weight: 80, years: [2012], rows: [
      ["N75.190", "D", 5.2, 190, "A", "4x2", 58_000],
    ] },
    { model: "Grafter", body: "Tipper", grossTonnes: 3.5, weight: 150, years: [2012], rows: [
      ["N35.125", "D", 3.0, 124, "M", "4x2", 40_000],
      ["N35.150 Auto", "D", 3.0, 148, "A", "4x2", 44_000, { from: 2019 }],
    ] },
    { model: "Grafter", body: "Flatbed", grossTonnes: 3.5, weight: 50, years: [2012], rows: [
      ["N35.125", "D", 3.0, 124, "M", "4x2", 38_000],
    ] },
  ]),
  ...trucks("Renault", [
    { model: "T", body: "Tractor Unit", grossTonnes: 44, weight: 150, years: [2014], rows: [
      ["T 480", "D", 12.8, 480, "A", "4x2", 105_000],
      ["T 520", "D", 12.8, 520, "A", "6x2", 112_000],
    ] },
    { model: "C", body: "Tipper", grossTonnes: 32, weight: 60, years: [2014], rows: [
      ["C 430", "D", 10.8, 430, "A", "8x4", 115_000],
    ] },
    { model: "D", body: "Box", grossTonnes: 7.5, weight: 100, years: [2014], rows: [
      ["D 210", "D", 5.1, 210, "A", "4x2", 62_000],
      ["D 16 E-Tech", "EV", 0, 248, "A", "4x2", 190_000, { from: 2020, range: 150 }],
    ] },
  ]),
  ...trucks("Mitsubishi", [
    { model: "Fuso Canter", body: "Box", grossTonnes: 7.5, weight: 150, years: [2012], rows: [
      ["7C15", "D", 3.0, 150, "A", "4x2", 50_000],
      ["7C18", "D", 3.0, 175, "A", "4x2", 53_000],
      ["eCanter", "EV", 0, 148, "A", "4x2", 95_000, { from: 2018, range: 124 }],
    ] },
    { model: "Fuso Canter", body: "Tipper", grossTonnes: 3.5, weight: 80, years: [2012], rows: [
      ["3S13", "D", 3.0, 130, "M", "4x2", 42_000],
    ] },
  ]),
];

/**
 * How much more or less often a derivative of each fuel turns up in stock than its place in
 * the range suggests: plug-ins sell in smaller numbers than their share of the rows, and
 * electric vans are still a small part of the used market.
 */
export const FUEL_COMMONNESS: Readonly<Record<VehicleType, Readonly<Partial<Record<FuelType, number>>>>> = {
  car: { "Plug-in Hybrid": 0.45, Electric: 0.85 },
  van: { "Plug-in Hybrid": 0.5, Electric: 0.25 },
  truck: { Electric: 0.5 },
};

export const MODEL_RANGE: Readonly<Record<VehicleType, readonly ModelLine[]>> = {
  car: CARS,
  van: VANS,
  truck: TRUCKS,
};
