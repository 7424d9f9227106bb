import type { VehicleRecord } from "../../domain/vehicle";
import type { SoldVehicle } from "../store/vehicle-store";
import { leadVehicleOf, type LeadVehicle } from "./lead-store";

/** Where a lead's vehicle is looked up: the stock, and the register of vehicles sold lately. */
export interface StockLookup {
  get(id: string): Promise<VehicleRecord | undefined>;
  sold(id: string): Promise<SoldVehicle | undefined>;
}

/** The vehicle a lead names, as listed now or as listed when sold; undefined for one never listed (or sold too long ago). */
export async function findLeadVehicle(stock: StockLookup, id: string): Promise<LeadVehicle | undefined> {
  const record = await stock.get(id);
  if (record) return leadVehicleOf(id, record);
  const sold = await stock.sold(id);
  if (!sold) return undefined;
  const { id: _id, ...listed } = sold;
  return { id, inStock: false, ...listed };
}
