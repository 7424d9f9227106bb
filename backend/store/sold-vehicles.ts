import type { VehicleRecord } from "../../domain/vehicle";
import type { SoldVehicle } from "./vehicle-store";

/**
 * Vehicles an import removes are remembered for a while, with what a lead about one needs
 * (make, model, registration, price, when it went), so that a visitor who opened its page
 * before it sold is told so rather than that it never existed.
 */
export const SOLD_VEHICLES_KEPT_DAYS = 30;
const KEPT_MS = SOLD_VEHICLES_KEPT_DAYS * 24 * 60 * 60_000;

export function soldVehicleOf(listing: VehicleRecord, soldAt: Date): SoldVehicle {
  const { _id, vehicle, adverts } = listing;
  return {
    id: _id,
    vehicleType: vehicle.vehicleType,
    make: vehicle.make,
    model: vehicle.model,
    ...(vehicle.yearOfManufacture === undefined ? {} : { yearOfManufacture: vehicle.yearOfManufacture }),
    ...(vehicle.bodyType === undefined ? {} : { bodyType: vehicle.bodyType }),
    ...(vehicle.derivative === undefined ? {} : { derivative: vehicle.derivative }),
    ...(vehicle.registration === undefined ? {} : { registration: vehicle.registration }),
    ...(vehicle.odometerReadingMiles === undefined ? {} : { mileage: vehicle.odometerReadingMiles }),
    priceGBP: adverts.retailAdverts.totalPrice.amountGBP,
    soldAt: soldAt.toISOString(),
    listing,
  };
}

/** The moment before which a removal is forgotten. */
export function soldCutoff(now: Date): Date {
  return new Date(now.getTime() - KEPT_MS);
}
