import { useHydrated } from "../use-hydrated";
import { savedVehicles } from "./browser-lists";
import { HeartIcon } from "./HeartIcon";
import { useVehicleList } from "./use-vehicle-list";

/**
 * The heart: saves a vehicle to the list kept in this browser, or takes it off again. It
 * needs JavaScript, so it appears only once the page is interactive; /saved says so.
 */
export function SaveButton({ id, name, withLabel = false }: { id: string; name: string; withLabel?: boolean }) {
  const hydrated = useHydrated();
  const saved = useVehicleList(savedVehicles).includes(id);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className={withLabel ? "save-button save-button--labelled" : "save-button"}
      aria-pressed={saved}
      aria-label={`Save ${name}`}
      onClick={() => savedVehicles.toggle(id)}
    >
      <HeartIcon filled={saved} />
      {/* The same word either way, as it must be part of the button's name; the filled heart shows it is saved. */}
      {withLabel && <span>Save</span>}
    </button>
  );
}
