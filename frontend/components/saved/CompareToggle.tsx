import { VEHICLE_LISTS } from "../../../domain/vehicle-lists";
import { useHydrated } from "../use-hydrated";
import { comparedVehicles } from "./browser-lists";
import { useVehicleList } from "./use-vehicle-list";

/**
 * Chooses a vehicle to compare (the compare bar then links to the comparison). Once three
 * are chosen the others' buttons are disabled rather than drop one the visitor picked.
 * Shown only once the page is interactive, like the heart.
 */
export function CompareToggle({ id, name }: { id: string; name: string }) {
  const hydrated = useHydrated();
  const chosen = useVehicleList(comparedVehicles);
  if (!hydrated) return null;
  const pressed = chosen.includes(id);
  return (
    <button
      type="button"
      className="compare-toggle"
      aria-pressed={pressed}
      aria-label={`Compare ${name}`}
      disabled={!pressed && chosen.length >= VEHICLE_LISTS.compared}
      onClick={() => comparedVehicles.toggleIfRoom(id)}
    >
      <span aria-hidden="true">{pressed ? "✓ " : "+ "}</span>Compare
    </button>
  );
}
