import { afterEach, describe, expect, it, vi } from "vitest";
import { vehicleRecordSchema, type VehicleRecord } from "../../domain/vehicle";
import { DEMO_COLOURS, parseDemoImagePath } from "../media/demo-image-catalogue";
import { generateDemoStock } from "./generate-demo-stock";
import { MODEL_RANGE } from "./model-range";

// Mid-May: the "26" plates are out, the "76" plates are not yet.
const REFERENCE_DATE = new Date("2026-05-15T09:30:00Z");
const DAY_MS = 24 * 60 * 60 * 1000;

const stock = [...generateDemoStock({ count: 3000, referenceDate: REFERENCE_DATE })];
const cars = stock.filter((record) => record.vehicle.vehicleType === "car");
const commercials = stock.filter((record) => record.vehicle.vehicleType !== "car");

function share(records: readonly VehicleRecord[], test: (record: VehicleRecord) => boolean): number {
  return records.filter(test).length / records.length;
}

/** The first month a plate's age identifier was issued, as a UTC timestamp. */
function identifierIssuedFrom(identifier: number): number {
  return identifier < 50 ? Date.UTC(2000 + identifier, 2, 1) : Date.UTC(1950 + identifier, 8, 1);
}

/** DVLA region letter, office letter (no I or Q), age identifier, three random letters (no I or Q). */
const PLATE = /^([ABCDEFGHKLMNOPRSVWY][A-HJ-PR-Y])(\d{2}) [A-HJ-PR-Z]{3}$/;

function plateIdentifier(record: VehicleRecord): number {
  const match = PLATE.exec(record.vehicle.registration ?? "");
  if (!match) throw new Error(`not a current-format plate: ${record.vehicle.registration}`);
  return Number(match[2]);
}

describe("generateDemoStock", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("generates records that pass the vehicle record schema", () => {
    expect(stock).toHaveLength(3000);
    const failures = stock.flatMap((record) => {
      const result = vehicleRecordSchema.safeParse(record);
      return result.success ? [] : [{ id: record._id, issues: result.error.issues }];
    });
    expect(failures).toEqual([]);
  });

  it("is deterministic, and record i does not depend on how many are generated", () => {
    const again = [...generateDemoStock({ count: 3000, referenceDate: REFERENCE_DATE })];
    const shorter = [...generateDemoStock({ count: 2000, referenceDate: REFERENCE_DATE })];
    expect(again).toEqual(stock);
    expect(shorter).toEqual(stock.slice(0, 2000));
  });

  it("gives different stock for a different seed", () => {
    const other = [...generateDemoStock({ count: 100, seed: 7, referenceDate: REFERENCE_DATE })];
    const ids = new Set(stock.slice(0, 100).map((record) => record._id));
    expect(other.filter((record) => ids.has(record._id)).length).toBeLessThan(5);
  });

  it("defaults to the start of today (UTC) and never calls Math.random", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-10T17:45:12Z"));
    const random = vi.spyOn(Math, "random");
    const byDefault = [...generateDemoStock({ count: 200 })];
    const randomCalls = random.mock.calls.length;
    // Restored by hand: restoreAllMocks would also undo the console spies of the test setup.
    random.mockRestore();
    const explicit = [...generateDemoStock({ count: 200, referenceDate: new Date("2026-03-10T00:00:00Z") })];
    expect(byDefault).toEqual(explicit);
    expect(randomCalls).toBe(0);
  });

  it("yields nothing for a count of 0 and rejects counts that are not whole numbers", () => {
    expect([...generateDemoStock({ count: 0 })]).toEqual([]);
    expect(() => [...generateDemoStock({ count: -1 })]).toThrow(RangeError);
    expect(() => [...generateDemoStock({ count: 1.5 })]).toThrow(RangeError);
  });

  it("mixes about 75% cars, 20% vans and 5% trucks", () => {
    expect(share(stock, (record) => record.vehicle.vehicleType === "car")).toBeCloseTo(0.75, 1);
    expect(Math.abs(share(stock, (record) => record.vehicle.vehicleType === "van") - 0.2)).toBeLessThan(0.03);
    expect(Math.abs(share(stock, (record) => record.vehicle.vehicleType === "truck") - 0.05)).toBeLessThan(0.015);
  });

  it("gives every record a unique 12-hex-digit id", () => {
    const ids = stock.map((record) => record._id);
    expect(ids.every((id) => /^[0-9a-f]{12}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("never repeats a registration, even across a large run", () => {
    const plates = [...generateDemoStock({ count: 20_000, referenceDate: REFERENCE_DATE })].map((record) => record.vehicle.registration);
    expect(new Set(plates).size).toBe(plates.length);
  });

  it("uses current-format plates, mostly with Manchester & Merseyside memory tags", () => {
    expect(stock.every((record) => PLATE.test(record.vehicle.registration ?? ""))).toBe(true);
    expect(share(stock, (record) => record.vehicle.registration!.startsWith("M"))).toBeGreaterThan(0.25);
  });

  it("gives plates the age identifier of the vehicle's year", () => {
    const mismatched = stock.filter((record) => {
      const identifier = plateIdentifier(record);
      const year = record.vehicle.yearOfManufacture!;
      // 50-99 are issued from September to the next February, so they span two calendar years.
      return identifier < 50 ? year !== 2000 + identifier : year !== 1950 + identifier && year !== 1951 + identifier;
    });
    expect(mismatched).toEqual([]);
  });

  it("never registers a vehicle after the reference date", () => {
    expect(stock.every((record) => identifierIssuedFrom(plateIdentifier(record)) <= REFERENCE_DATE.getTime())).toBe(true);
    expect(stock.every((record) => record.vehicle.yearOfManufacture! <= 2026)).toBe(true);
  });

  it("gives January and February registrations the previous September's identifier", () => {
    const february = new Date("2026-02-20T00:00:00Z");
    const thisYear = [...generateDemoStock({ count: 3000, referenceDate: february })].filter(
      (record) => record.vehicle.yearOfManufacture === 2026,
    );
    expect(thisYear.length).toBeGreaterThan(0);
    expect(thisYear.every((record) => plateIdentifier(record) === 75)).toBe(true);
  });

  it("spans about 2012 to the reference year", () => {
    const years = stock.map((record) => record.vehicle.yearOfManufacture!);
    expect(Math.min(...years)).toBe(2012);
    expect(Math.max(...years)).toBe(2026);
  });

  it("lists nearly-new stock as New with delivery mileage and no owners, the rest as Used", () => {
    const fresh = stock.filter((record) => record.vehicle.ownershipCondition === "New");
    expect(fresh.length).toBeGreaterThan(30);
    for (const { vehicle } of fresh) {
      expect(vehicle.yearOfManufacture).toBe(2026);
      expect(vehicle.odometerReadingMiles).toBeLessThan(100);
      expect(vehicle.owners ?? 0).toBe(0);
    }
    const used = stock.filter((record) => record.vehicle.ownershipCondition === "Used");
    expect(used.length + fresh.length).toBe(stock.length);
    expect(used.every(({ vehicle }) => vehicle.owners === undefined || (vehicle.owners >= 1 && vehicle.owners <= 5))).toBe(true);
  });

  it("puts mileage in line with age: cars about 7,400 miles a year, commercials more", () => {
    const milesPerYear = (records: readonly VehicleRecord[]) => {
      const older = records.filter((record) => record.vehicle.yearOfManufacture! <= 2022);
      const miles = older.reduce((sum, record) => sum + record.vehicle.odometerReadingMiles!, 0);
      // Mid-May 2026 is about 2026.4; a vehicle of year Y was registered about mid-Y on average.
      const years = older.reduce((sum, record) => sum + (2026.4 - (record.vehicle.yearOfManufacture! + 0.5)), 0);
      return miles / years;
    };
    expect(milesPerYear(cars)).toBeGreaterThan(6_000);
    expect(milesPerYear(cars)).toBeLessThan(9_000);
    expect(milesPerYear(commercials)).toBeGreaterThan(12_000);
  });

  it("prices in whole pounds ending in 495 or 995", () => {
    const prices = stock.map((record) => record.adverts.retailAdverts.totalPrice.amountGBP);
    expect(prices.every((price) => Number.isInteger(price) && (price % 1000 === 995 || price % 1000 === 495))).toBe(true);
  });

  it("prices newer and less-driven examples of a model higher", () => {
    const golfs = cars.filter((record) => record.vehicle.model === "Golf" && record.vehicle.ownershipCondition === "Used");
    const average = (records: readonly VehicleRecord[]) =>
      records.reduce((sum, record) => sum + record.adverts.retailAdverts.totalPrice.amountGBP, 0) / records.length;
    const older = golfs.filter((record) => record.vehicle.yearOfManufacture! <= 2017);
    const newer = golfs.filter((record) => record.vehicle.yearOfManufacture! >= 2022);
    expect(average(newer)).toBeGreaterThan(average(older) * 1.5);
  });

  it("keeps electric and plug-in figures consistent with the fuel type", () => {
    const electric = stock.filter((record) => record.vehicle.fuelType === "Electric");
    const plugIns = stock.filter((record) => record.vehicle.fuelType === "Plug-in Hybrid");
    const combustion = stock.filter((record) => !["Electric", "Plug-in Hybrid"].includes(record.vehicle.fuelType!));
    expect(electric.length).toBeGreaterThan(50);
    expect(plugIns.length).toBeGreaterThan(20);
    for (const { vehicle } of electric) {
      expect(vehicle.engineSize).toBeUndefined();
      expect(vehicle.fuelConsumption).toBeUndefined();
      expect(vehicle.co2Emissions ?? 0).toBe(0);
      expect(vehicle.batteryRange).toBeGreaterThan(50);
      expect(vehicle.chargingTime).toBeGreaterThan(0);
    }
    for (const { vehicle } of plugIns) {
      expect(vehicle.engineSize).toBeGreaterThan(0);
      expect(vehicle.batteryRange).toBeGreaterThanOrEqual(25);
      expect(vehicle.batteryRange).toBeLessThanOrEqual(50);
      expect(vehicle.chargingTime).toBeGreaterThan(0);
    }
    for (const { vehicle } of combustion) {
      expect(vehicle.engineSize).toBeGreaterThan(0);
      expect(vehicle.batteryRange).toBeUndefined();
      expect(vehicle.chargingTime).toBeUndefined();
    }
  });

  it("gives vans and trucks a VAT status, cab type and wheelbase, and only cars an insurance group", () => {
    for (const { vehicle, adverts } of commercials) {
      expect(["Ex VAT", "No VAT"]).toContain(adverts.retailAdverts.vatStatus);
      const cabs =
        vehicle.vehicleType === "van" ? ["Single Cab", "Crew Cab", "Double Cab"] : ["Day Cab", "Sleeper Cab", "High Sleeper Cab"];
      expect(cabs).toContain(vehicle.cabType);
      expect(["SWB", "MWB", "LWB", "XLWB"]).toContain(vehicle.wheelbase);
      expect(vehicle.insuranceGroup).toBeUndefined();
    }
    expect(share(commercials, (record) => record.adverts.retailAdverts.vatStatus === "Ex VAT")).toBeGreaterThan(0.75);
    for (const { vehicle, adverts } of cars) {
      expect(adverts.retailAdverts.vatStatus).toBeUndefined();
      expect(vehicle.cabType).toBeUndefined();
      expect(vehicle.wheelbase).toBeUndefined();
    }
    expect(share(cars, (record) => record.vehicle.insuranceGroup !== undefined)).toBeGreaterThan(0.95);
  });

  it("sells pick-ups as double cabs and paints most vans white", () => {
    const pickups = stock.filter((record) => ["Ranger", "Hilux", "Navara", "D-Max", "Amarok"].includes(record.vehicle.model));
    expect(pickups.length).toBeGreaterThan(0);
    expect(pickups.every((record) => record.vehicle.bodyType === "Double Cab" && record.vehicle.cabType === "Double Cab")).toBe(true);
    const vans = stock.filter((record) => record.vehicle.vehicleType === "van");
    expect(share(vans, (record) => record.vehicle.colour === "White")).toBeGreaterThan(0.5);
  });

  it("gives vans a believable payload, load length, roof height and gross weight by size and body, and cars and trucks none", () => {
    const vans = stock.filter((record) => record.vehicle.vehicleType === "van").map((record) => record.vehicle);
    const panelVans = vans.filter((van) => van.bodyType === "Panel Van");
    for (const van of panelVans) {
      expect(["Low", "Medium", "High"]).toContain(van.roofHeight);
      expect(van.loadLengthMm).toBeGreaterThanOrEqual(1800);
      expect(van.loadLengthMm).toBeLessThanOrEqual(4300);
      expect(van.grossVehicleWeightKg).toBeGreaterThanOrEqual(2000);
      expect(van.grossVehicleWeightKg).toBeLessThanOrEqual(3500);
      expect(van.payloadKg).toBeLessThan(van.grossVehicleWeightKg! / 2);
    }
    const payloadsOf = (models: string[]) => panelVans.filter((van) => models.includes(van.model)).map((van) => van.payloadKg!);
    const small = payloadsOf(["Caddy", "Transit Connect", "Berlingo", "Kangoo"]);
    const large = payloadsOf(["Transit", "Sprinter", "Crafter", "Master"]);
    expect(Math.min(...small)).toBeGreaterThanOrEqual(500);
    expect(Math.max(...small)).toBeLessThanOrEqual(800);
    expect(Math.min(...large)).toBeGreaterThanOrEqual(850);
    expect(Math.max(...large)).toBeLessThanOrEqual(1400);
    expect(vans.filter((van) => van.payloadKg !== undefined).length / vans.length).toBeGreaterThan(0.85);
    for (const { vehicle } of [...cars, ...commercials.filter((record) => record.vehicle.vehicleType === "truck")]) {
      expect([vehicle.payloadKg, vehicle.loadLengthMm, vehicle.roofHeight, vehicle.grossVehicleWeightKg]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
    }
  });

  it("leaves a few spec values out of some records, as real feeds do", () => {
    const alwaysFilledWhenComplete = ["derivative", "serviceHistory", "owners", "doors", "seats", "taxPerYear"] as const;
    const incomplete = share(stock, ({ vehicle }) => alwaysFilledWhenComplete.some((field) => vehicle[field] === undefined));
    expect(incomplete).toBeGreaterThan(0.015);
    expect(incomplete).toBeLessThan(0.08);
  });

  it("gives about 3% of records no images and the rest 3 or 4 distinct views", () => {
    const withoutImages = share(stock, (record) => record.media.images.length === 0);
    expect(withoutImages).toBeGreaterThan(0.015);
    expect(withoutImages).toBeLessThan(0.05);
    for (const { media } of stock.filter((record) => record.media.images.length > 0)) {
      expect([3, 4]).toContain(media.images.length);
      expect(new Set(media.images.map((image) => image.href)).size).toBe(media.images.length);
    }
  });

  it("draws images in the record's colour, of its body shape, from the demo catalogue only", () => {
    const shapesByBody: Record<string, string[]> = {
      Hatchback: ["hatchback"],
      Saloon: ["saloon"],
      Estate: ["estate"],
      SUV: ["suv"],
      Coupe: ["coupe"],
      Convertible: ["convertible"],
      MPV: ["mpv"],
      "Panel Van": ["small-van", "panel-van", "large-van"],
      "Crew Van": ["small-van", "panel-van", "large-van"],
      "Double Cab": ["pickup"],
      "Chassis Cab": ["dropside"],
      Dropside: ["dropside"],
      Luton: ["luton"],
      Minibus: ["minibus"],
      "Tractor Unit": ["tractor-unit"],
      Box: ["box-truck"],
      Curtainsider: ["curtainsider"],
      Tipper: ["tipper-truck"],
      Flatbed: ["flatbed-truck"],
    };
    for (const { vehicle, media } of stock) {
      expect(Object.keys(DEMO_COLOURS)).toContain(vehicle.colour);
      for (const { href } of media.images) {
        const [, shape = "", colour = "", view = ""] = /^\/media\/demo\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(href) ?? [];
        const image = parseDemoImagePath(shape, colour, view);
        expect(image?.colour).toBe(vehicle.colour);
        expect(shapesByBody[vehicle.bodyType!]).toContain(image?.shape);
      }
    }
  });

  it("lists every record within the 120 days before the reference date, updated since", () => {
    const now = REFERENCE_DATE.getTime();
    for (const { createdAt, updatedAt } of stock) {
      const created = Date.parse(createdAt);
      const updated = Date.parse(updatedAt);
      expect(created).toBeGreaterThanOrEqual(now - 120 * DAY_MS);
      expect(created).toBeLessThanOrEqual(updated);
      expect(updated).toBeLessThanOrEqual(now);
    }
  });
});

describe("the model range", () => {
  const makes = (type: "car" | "van" | "truck") => new Set(MODEL_RANGE[type].map((line) => line.make));
  const models = (type: "van" | "truck", make: string) =>
    new Set(MODEL_RANGE[type].filter((line) => line.make === make).map((line) => line.model));

  it("covers the car makes UK dealers stock", () => {
    const required = [
      "Audi",
      "BMW",
      "Ford",
      "Volkswagen",
      "Mercedes-Benz",
      "Peugeot",
      "Nissan",
      "Renault",
      "Honda",
      "Kia",
      "Toyota",
      "Vauxhall",
      "Hyundai",
      "Skoda",
      "SEAT",
      "MINI",
      "Tesla",
      "Land Rover",
      "Volvo",
      "Mazda",
      "Citroën",
      "Dacia",
      "Fiat",
      "Suzuki",
      "MG",
      "Lexus",
      "Porsche",
      "Cupra",
      "Jaguar",
      "Jeep",
      "Polestar",
      "Alfa Romeo",
      "DS",
      "Subaru",
      "Mitsubishi",
      "Smart",
    ];
    expect([...makes("car")].sort()).toEqual(expect.arrayContaining(required));
    for (const make of required) {
      expect(MODEL_RANGE.car.filter((line) => line.make === make).length).toBeGreaterThanOrEqual(2);
    }
  });

  it("covers the vans and trucks UK dealers stock", () => {
    const vans: Record<string, string[]> = {
      Ford: ["Transit Custom", "Transit", "Transit Connect", "Transit Courier", "Ranger"],
      Volkswagen: ["Transporter", "Crafter", "Caddy", "Amarok"],
      "Mercedes-Benz": ["Sprinter", "Vito", "Citan"],
      Vauxhall: ["Vivaro", "Movano", "Combo"],
      Renault: ["Trafic", "Master", "Kangoo"],
      Peugeot: ["Partner", "Expert", "Boxer"],
      Citroën: ["Berlingo", "Dispatch", "Relay"],
      Toyota: ["Proace", "Proace City", "Hilux"],
      Nissan: ["Primastar", "Interstar", "Navara"],
      Fiat: ["Ducato", "Doblo"],
      Iveco: ["Daily"],
      Isuzu: ["D-Max"],
      Maxus: ["Deliver 9", "eDeliver 3"],
    };
    const trucks: Record<string, string[]> = {
      Scania: ["R-series", "S-series", "P-series", "G-series"],
      Volvo: ["FH", "FM", "FL", "FE"],
      "Mercedes-Benz": ["Actros", "Arocs", "Atego"],
      DAF: ["XF", "XG", "CF", "LF"],
      Iveco: ["S-Way", "Eurocargo"],
      MAN: ["TGX", "TGS", "TGL", "TGM"],
      Isuzu: ["Forward N75", "Grafter"],
      Renault: ["T", "C", "D"],
      Mitsubishi: ["Fuso Canter"],
    };
    for (const [make, names] of Object.entries(vans)) expect([...models("van", make)]).toEqual(expect.arrayContaining(names));
    for (const [make, names] of Object.entries(trucks)) expect([...models("truck", make)]).toEqual(expect.arrayContaining(names));
  });

  it("has derivatives that were on sale for at least a year, with engines only where there is one", () => {
    for (const line of Object.values(MODEL_RANGE).flat()) {
      expect(line.derivatives.length).toBeGreaterThan(0);
      for (const derivative of line.derivatives) {
        expect(derivative.firstYear).toBeLessThanOrEqual(derivative.lastYear ?? Infinity);
        expect(derivative.engineLitres === undefined).toBe(derivative.fuel === "Electric");
      }
    }
  });

  it("lists equipment that follows the trim, fuel and body, and describes each vehicle", () => {
    const equipment = (test: (record: VehicleRecord) => boolean) => stock.filter(test).map((record) => record.vehicle.features ?? []);
    expect(
      stock.every((record) => (record.vehicle.features?.length ?? 0) >= 4 && record.adverts.retailAdverts.description?.startsWith("This ")),
    ).toBe(true);
    const topTrim = equipment((record) => record.vehicle.vehicleType === "car" && /\bM Sport\b/.test(record.vehicle.derivative ?? ""));
    expect(topTrim.length).toBeGreaterThan(0);
    for (const features of topTrim) expect(features).toEqual(expect.arrayContaining(["Sat nav", "Heated front seats"]));
    for (const features of equipment((record) => record.vehicle.fuelType === "Electric"))
      expect(features).toContain("Type 2 charging cable");
    for (const features of equipment((record) => record.vehicle.bodyType === "Panel Van"))
      expect(features).toContain("Ply-lined load area");
    for (const features of equipment((record) => record.vehicle.vehicleType === "car"))
      expect(features).not.toContain("Ply-lined load area");
  });
});
