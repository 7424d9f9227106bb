import type { Branch } from "../../domain/branches";
import type { VehicleRecord } from "../../domain/vehicle";
import type { SoldVehicle } from "../store/vehicle-store";
import { branchStoodAt, leadVehicleOf, type LeadVehicle } from "./lead-store";

/** Where a lead's vehicle is looked up: the stock, and the register of vehicles sold lately. */
export interface StockLookup {
  get(id: string): Promise<VehicleRecord | undefined>;
  sold(id: string): Promise<SoldVehicle | undefined>;
}

/**
 * The vehicle a lead names, as listed now or as listed when sold, with the branch it stood at
 * among the dealer's `branches`; undefined for one never listed (or sold too long ago).
 */
export async function findLeadVehicle(stock: StockLookup, id: string, branches: readonly Branch[]): Promise<LeadVehicle | undefined> {
  const record = await stock.get(id);
  if (record) return leadVehicleOf(id, record, branches);
  const sold = await stock.sold(id);
  if (!sold) return undefined;
  // The whole listing stays with the stock (to undo a sale), not in every lead about it; removals
  // stored before it was kept say nothing of where the vehicle stood.
  const { id: _id, listing, ...listed } = sold;
  return { id, inStock: false, ...listed, ...(listing ? branchStoodAt(branches, listing.branch) : {}) };
}
