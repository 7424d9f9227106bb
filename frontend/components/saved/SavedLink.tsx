import { Link } from "react-router";
import { savedVehicles } from "./browser-lists";
import { HeartIcon } from "./HeartIcon";
import { useVehicleList } from "./use-vehicle-list";

/** The header's way to the saved list, with how many are saved once the page can read this browser's list. */
export function SavedLink() {
  const count = useVehicleList(savedVehicles).length;
  return (
    <Link to="/saved" className="site-header__saved" aria-label={count > 0 ? `Saved vehicles (${count})` : "Saved vehicles"}>
      <HeartIcon filled={count > 0} />
      <span className="site-header__saved-label">Saved</span>
      {count > 0 && <span className="site-header__saved-count">{count}</span>}
    </Link>
  );
}
