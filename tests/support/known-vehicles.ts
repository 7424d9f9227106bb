import type { VehicleDetails, VehicleFeedRecord, VehicleRecord } from "../../domain/vehicle";
import { vehicleFeedRecordSchema } from "../../domain/vehicle";

/**
 * A dozen hand-written vehicles whose answers a reader can check by eye: the contract and
 * API tests assert against these, and cross-check larger generated stock against a naive
 * reference search.
 */

interface KnownVehicle {
  id: string;
  vehicle: Partial<VehicleDetails> & Pick<VehicleDetails, "vehicleType" | "make" | "model">;
  price: number;
  vatStatus?: string;
  images?: number;
  createdAt: string;
}

export function feedRecord({ vehicle, price, vatStatus, images = 2, createdAt }: KnownVehicle): VehicleFeedRecord {
  return vehicleFeedRecordSchema.parse({
    vehicle,
    media: { images: Array.from({ length: images }, (_, i) => ({ href: `/media/demo/hatchback/red/${i + 1}.svg` })) },
    adverts: { retailAdverts: { totalPrice: { amountGBP: price }, vatStatus } },
    createdAt,
  });
}

const car = (details: Omit<KnownVehicle["vehicle"], "vehicleType">) => ({ vehicleType: "car" as const, ...details });
const van = (details: Omit<KnownVehicle["vehicle"], "vehicleType">) => ({ vehicleType: "van" as const, ...details });
const truck = (details: Omit<KnownVehicle["vehicle"], "vehicleType">) => ({ vehicleType: "truck" as const, ...details });

export const KNOWN_VEHICLES: readonly KnownVehicle[] = [
  {
    id: "fiesta-2019",
    vehicle: car({
      make: "Ford",
      model: "Fiesta",
      derivative: "1.0 EcoBoost Titanium 5dr",
      yearOfManufacture: 2019,
      odometerReadingMiles: 32000,
      transmissionType: "Manual",
      fuelType: "Petrol",
      bodyType: "Hatchback",
      colour: "Red",
      doors: 5,
      seats: 5,
      engineSize: 1,
      enginePower: 100,
      insuranceGroup: 10,
      registration: "MA19 ABC",
    }),
    price: 10000,
    createdAt: "2026-10-01T09:00:00.000Z",
  },
  {
    id: "focus-2021",
    vehicle: car({
      make: "Ford",
      model: "Focus",
      derivative: "1.5 EcoBlue Titanium Estate",
      yearOfManufacture: 2021,
      odometerReadingMiles: 18000,
      transmissionType: "Automatic",
      fuelType: "Diesel",
      bodyType: "Estate",
      colour: "Blue",
      doors: 5,
      seats: 5,
      engineSize: 1.5,
      enginePower: 120,
      insuranceGroup: 15,
    }),
    price: 15495,
    createdAt: "2026-10-05T09:00:00.000Z",
  },
  {
    id: "bmw-320d-2018",
    vehicle: car({
      make: "BMW",
      model: "3 Series",
      derivative: "320d M Sport 4dr",
      yearOfManufacture: 2018,
      odometerReadingMiles: 54000,
      transmissionType: "Automatic",
      fuelType: "Diesel",
      bodyType: "Saloon",
      colour: "Black",
      doors: 4,
      seats: 5,
      engineSize: 2,
      enginePower: 190,
      insuranceGroup: 30,
    }),
    price: 16995,
    createdAt: "2026-09-20T09:00:00.000Z",
  },
  {
    id: "a-class-2022",
    vehicle: car({
      make: "Mercedes-Benz",
      model: "A-Class",
      derivative: "A180 AMG Line 5dr",
      yearOfManufacture: 2022,
      odometerReadingMiles: 9000,
      transmissionType: "Automatic",
      fuelType: "Petrol",
      bodyType: "Hatchback",
      colour: "White",
      doors: 5,
      seats: 5,
      engineSize: 1.3,
      enginePower: 136,
      insuranceGroup: 21,
    }),
    price: 24000,
    createdAt: "2026-11-01T09:00:00.000Z",
  },
  {
    id: "model-3-2023",
    vehicle: car({
      make: "Tesla",
      model: "Model 3",
      derivative: "Long Range AWD",
      yearOfManufacture: 2023,
      odometerReadingMiles: 12000,
      transmissionType: "Automatic",
      fuelType: "Electric",
      bodyType: "Saloon",
      colour: "White",
      doors: 4,
      seats: 5,
      batteryRange: 310,
      chargingTime: 8,
      co2Emissions: 0,
      insuranceGroup: 48,
    }),
    price: 29995,
    createdAt: "2026-11-10T09:00:00.000Z",
  },
  {
    id: "sandero-unknowns",
    vehicle: car({ make: "Dacia", model: "Sandero", colour: "Grey" }),
    price: 7995,
    images: 0,
    createdAt: "2026-11-12T09:00:00.000Z",
  },
  {
    id: "transit-custom-2020",
    vehicle: van({
      make: "Ford",
      model: "Transit Custom",
      derivative: "2.0 EcoBlue 130ps 280 L1H1",
      yearOfManufacture: 2020,
      odometerReadingMiles: 60000,
      transmissionType: "Manual",
      fuelType: "Diesel",
      bodyType: "Panel Van",
      colour: "White",
      cabType: "Single Cab",
      wheelbase: "SWB",
      roofHeight: "Low",
      payloadKg: 1000,
      loadLengthMm: 2555,
      grossVehicleWeightKg: 2800,
      engineSize: 2,
      enginePower: 130,
    }),
    price: 18995,
    vatStatus: "Ex VAT",
    createdAt: "2026-10-15T09:00:00.000Z",
  },
  {
    id: "transporter-2019",
    vehicle: van({
      make: "Volkswagen",
      model: "Transporter",
      derivative: "2.0 TDI 150 Highline T32 LWB",
      yearOfManufacture: 2019,
      odometerReadingMiles: 80000,
      transmissionType: "Manual",
      fuelType: "Diesel",
      bodyType: "Panel Van",
      colour: "Silver",
      cabType: "Single Cab",
      wheelbase: "LWB",
      engineSize: 2,
      enginePower: 150,
    }),
    price: 16500,
    vatStatus: "Ex VAT",
    createdAt: "2026-10-16T09:00:00.000Z",
  },
  {
    id: "sprinter-2021",
    vehicle: van({
      make: "Mercedes-Benz",
      model: "Sprinter",
      derivative: "314 CDI Crew Van MWB",
      yearOfManufacture: 2021,
      odometerReadingMiles: 45000,
      transmissionType: "Automatic",
      fuelType: "Diesel",
      bodyType: "Crew Van",
      colour: "White",
      cabType: "Crew Cab",
      wheelbase: "MWB",
      roofHeight: "High",
      payloadKg: 1100,
      loadLengthMm: 2650,
      grossVehicleWeightKg: 3500,
      engineSize: 2.1,
      enginePower: 143,
    }),
    price: 27995,
    vatStatus: "No VAT",
    createdAt: "2026-10-17T09:00:00.000Z",
  },
  {
    id: "scania-r450-2017",
    vehicle: truck({
      make: "Scania",
      model: "R-series",
      derivative: "R450 Highline 6x2",
      yearOfManufacture: 2017,
      odometerReadingMiles: 420000,
      transmissionType: "Automatic",
      fuelType: "Diesel",
      bodyType: "Tractor Unit",
      colour: "Blue",
      cabType: "High Sleeper Cab",
      wheelbase: "MWB",
      engineSize: 12.7,
      enginePower: 450,
      driveType: "6x2",
    }),
    price: 42000,
    vatStatus: "Ex VAT",
    createdAt: "2026-09-01T09:00:00.000Z",
  },
  {
    id: "volvo-fh-2019",
    vehicle: truck({
      make: "Volvo",
      model: "FH",
      derivative: "FH 500 Globetrotter 6x2",
      yearOfManufacture: 2019,
      odometerReadingMiles: 380000,
      transmissionType: "Automatic",
      fuelType: "Diesel",
      bodyType: "Tractor Unit",
      colour: "White",
      cabType: "Sleeper Cab",
      wheelbase: "MWB",
      engineSize: 12.8,
      enginePower: 500,
      driveType: "6x2",
    }),
    price: 55000,
    vatStatus: "Ex VAT",
    createdAt: "2026-09-02T09:00:00.000Z",
  },
  {
    id: "mercedes-lowercase",
    vehicle: car({
      make: "mercedes-benz",
      model: "C-Class",
      yearOfManufacture: 2020,
      odometerReadingMiles: 30000,
      transmissionType: "Automatic",
      fuelType: "Hybrid",
      bodyType: "Saloon",
      colour: "Silver",
      doors: 4,
      seats: 5,
    }),
    price: 21495,
    createdAt: "2026-10-20T09:00:00.000Z",
  },
];

export function knownStockChange() {
  return KNOWN_VEHICLES.map((known) => ({ id: known.id, record: feedRecord(known) }));
}

/** A known vehicle as the store serves it; undefined for an id that is not one of them. */
export function knownRecord(id: string): VehicleRecord | undefined {
  const known = KNOWN_VEHICLES.find((candidate) => candidate.id === id);
  return known && { ...feedRecord(known), _id: known.id, createdAt: known.createdAt, updatedAt: known.createdAt };
}

/** The known stock less some vehicles: a full feed after they were sold. */
export function knownStockWithout(...soldIds: string[]) {
  return knownStockChange().filter(({ id }) => !soldIds.includes(id));
}

/** One known vehicle at another price: a feed of one row. */
export function knownVehicleRepriced(id: string, price: number) {
  const known = KNOWN_VEHICLES.find((k) => k.id === id)!;
  return [{ id, record: feedRecord({ ...known, price }) }];
}
