import { savedVehicles } from "./browser-lists";
import { HeartIcon } from "./HeartIcon";
import { SiteLink } from "../SiteLink";
import { useVehicleList } from "./use-vehicle-list";

/**
 * The header's way to the saved list: a heart (named for screen readers; the header has no
 * room for the word beside the desktop menus) with how many are saved, once the page can read
 * this browser's list.
 */
export function SavedLink() {
  const count = useVehicleList(savedVehicles).length;
  return (
    <SiteLink to="/saved" className="site-header__saved" aria-label={count > 0 ? `Saved vehicles (${count})` : "Saved vehicles"}>
      <HeartIcon filled={count > 0} />
      {count > 0 && <span className="site-header__saved-count">{count}</span>}
    </SiteLink>
  );
}
