import { Link, useLocation } from "react-router";
import { VEHICLE_LISTS } from "../../../domain/vehicle-lists";
import { comparedVehicles } from "./browser-lists";
import { useVehicleList } from "./use-vehicle-list";

/**
 * Once a vehicle is chosen with a card's Compare button: how many are chosen, a link to
 * compare them and a way to start again. Kept at the foot of the screen while browsing;
 * not on the compare page itself, which shows its own vehicles.
 */
export function CompareBar() {
  const chosen = useVehicleList(comparedVehicles);
  const { pathname } = useLocation();
  if (chosen.length === 0 || pathname === "/compare") return null;
  const most = VEHICLE_LISTS.compared;
  return (
    <section className="compare-bar" aria-label="Vehicles to compare">
      <p role="status">
        {chosen.length} of {most} chosen to compare
        {chosen.length === 1 ? ": choose another" : chosen.length === most ? " (the most at once)" : ""}
      </p>
      {chosen.length > 1 && (
        <Link to={`/compare?ids=${chosen.join(",")}`} className="button">
          Compare {chosen.length} vehicles
        </Link>
      )}
      <button type="button" className="button button--quiet" onClick={() => comparedVehicles.clear()}>
        Clear
      </button>
    </section>
  );
}
