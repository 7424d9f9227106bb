import type { Dealer } from "../../domain/dealer";
import { priceIncludingVat } from "../../domain/finance";
import type { VehicleRecord } from "../../domain/vehicle";
import type { VehicleType } from "../../domain/vehicle-types";
import { shownImages } from "../../domain/vehicle-photos";
import { priceOf } from "../../domain/vehicle-price";

/**
 * A vehicle as every outgoing feed reads it: the stock record's facts, with the addresses
 * made whole (a channel fetches the page and the photos from the site's public address) and
 * the price as a buyer pays it. Each channel then writes these in its own words and checks
 * them against its own rules.
 */
export interface FeedVehicle {
  id: string;
  type: VehicleType;
  reserved: boolean;
  hidden: boolean;
  /** "2019 Ford Fiesta 1.0 EcoBoost Titanium 5dr" */
  title: string;
  description?: string;
  /** The vehicle's page on this site. */
  link: string;
  /** The photos buyers see, main first, as addresses a channel can fetch. */
  images: string[];
  /** Pounds a buyer pays, VAT included. */
  price: number;
  condition: "new" | "used";
  make: string;
  model: string;
  derivative?: string;
  year?: number;
  mileage?: number;
  bodyType?: string;
  fuelType?: string;
  transmission?: string;
  colour?: string;
  registration?: string;
  doors?: number;
  engineSize?: number;
  co2Emissions?: number;
  /** When it was first listed: "YYYY-MM-DD". */
  listedOn: string;
}

/** Where the site is and who the dealer is, for every feed's links and location. */
export interface FeedSite {
  /** The public origin, without a trailing slash: "https://www.dockside-motors.example". */
  origin: string;
  dealer: Pick<Dealer, "name" | "phone" | "address">;
  /** The dealer's code for its showroom, as the channels' own accounts name it. */
  storeCode: string;
}

export function feedVehicleOf(record: VehicleRecord, site: Pick<FeedSite, "origin">): FeedVehicle {
  const { vehicle } = record;
  const advert = record.adverts.retailAdverts;
  return {
    id: record._id,
    type: vehicle.vehicleType,
    reserved: record.reserved === true,
    hidden: record.hidden === true,
    title: [vehicle.yearOfManufacture, vehicle.make, vehicle.model, vehicle.derivative].filter((part) => part !== undefined).join(" "),
    ...(advert.description && { description: advert.description }),
    link: `${site.origin}/vehicles/${encodeURIComponent(record._id)}`,
    images: shownImages(record).map(({ href }) => (href.startsWith("/") ? `${site.origin}${href}` : href)),
    price: priceIncludingVat(priceOf(record), advert.vatStatus),
    // A dealer's stock is used unless its feed says new.
    condition: vehicle.ownershipCondition === "New" ? "new" : "used",
    make: vehicle.make,
    model: vehicle.model,
    ...(vehicle.derivative && { derivative: vehicle.derivative }),
    ...(vehicle.yearOfManufacture !== undefined && { year: vehicle.yearOfManufacture }),
    ...(vehicle.odometerReadingMiles !== undefined && { mileage: vehicle.odometerReadingMiles }),
    ...(vehicle.bodyType && { bodyType: vehicle.bodyType }),
    ...(vehicle.fuelType && { fuelType: vehicle.fuelType }),
    ...(vehicle.transmissionType && { transmission: vehicle.transmissionType }),
    ...(vehicle.colour && { colour: vehicle.colour }),
    ...(vehicle.registration && { registration: vehicle.registration }),
    ...(vehicle.doors !== undefined && { doors: vehicle.doors }),
    ...(vehicle.engineSize !== undefined && { engineSize: vehicle.engineSize }),
    ...(vehicle.co2Emissions !== undefined && { co2Emissions: vehicle.co2Emissions }),
    listedOn: record.createdAt.slice(0, 10),
  };
}
