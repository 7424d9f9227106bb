import { dealerBranches } from "../../domain/branches";
import { dealerSchema } from "../../domain/dealer";
import { scheduleOf } from "../../domain/opening-hours";
import dealerFile from "../../dealer.json";
import { findLeadVehicle } from "../../backend/leads/lead-vehicle";
import type { LeadVehicle } from "../../backend/leads/lead-store";
import type { SoldVehicle } from "../../backend/store/vehicle-store";
import { knownRecord } from "./known-vehicles";

/** The showroom hours of the shipped dealer file, for intakes made in tests. */
export const WEEKDAY_SCHEDULE = scheduleOf({ openingHours: [{ days: "Monday to Friday", hours: "9am to 5pm" }] });

/** A vehicle sold lately, remembered as listed: a lead may still name it. */
export const SOLD_LATELY: SoldVehicle = {
  id: "golf-sold",
  make: "Volkswagen",
  model: "Golf",
  registration: "MF20 GLF",
  mileage: 21000,
  priceGBP: 14250,
  soldAt: "2026-11-01T10:00:00.000Z",
};

/** The vehicle a lead names, from the known vehicles and SOLD_LATELY, as the site looks it up for the shipped dealer. */
export function knownLeadVehicle(id: string): Promise<LeadVehicle | undefined> {
  return findLeadVehicle(
    { get: async (wanted) => knownRecord(wanted), sold: async (wanted) => (wanted === SOLD_LATELY.id ? SOLD_LATELY : undefined) },
    id,
    dealerBranches(dealerSchema.parse(dealerFile)),
  );
}
