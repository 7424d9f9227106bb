import type { LookedUpVehicle } from "../../../backend/catalogue";
import { cardOf, type VehicleCardData } from "../VehicleCard";

/** One vehicle of a saved list: its card while it is for sale, otherwise what is known of it. */
export type SavedRow = { id: string; status: "for sale"; card: VehicleCardData } | { id: string; status: "gone"; name?: string };

export function savedRowOf(vehicle: LookedUpVehicle): SavedRow {
  if (vehicle.status === "for sale") return { id: vehicle.id, status: "for sale", card: cardOf(vehicle.record) };
  if (vehicle.status === "sold") return { id: vehicle.id, status: "gone", name: `${vehicle.sold.make} ${vehicle.sold.model}` };
  return { id: vehicle.id, status: "gone" };
}

/**
 * The vehicles of a list kept in the browser, as they stand now, from the site's own API
 * (GET /api/vehicle-lookup, whose answer this trusts: it is the same code's).
 */
export async function lookUpSaved(ids: readonly string[], signal?: AbortSignal): Promise<SavedRow[]> {
  if (ids.length === 0) return [];
  const response = await fetch(`/api/vehicle-lookup?${new URLSearchParams({ ids: ids.join(",") })}`, { signal });
  if (!response.ok) throw new Error(`The vehicle lookup answered ${response.status}`);
  const { vehicles } = (await response.json()) as { vehicles: LookedUpVehicle[] };
  return vehicles.map(savedRowOf);
}
