import { useState, type ReactNode } from "react";
import { VEHICLE_LISTS } from "../../../domain/vehicle-lists";
import { FinanceDisclosure } from "../FinanceDisclosure";
import { VehicleCard } from "../VehicleCard";
import type { SavedRow } from "./saved-rows";

/**
 * Saved vehicles, each with a tick box to compare it: a plain GET form to /compare, so a
 * shared list compares without JavaScript too (the compare page refuses more than three;
 * with JavaScript the other boxes are disabled once three are ticked). A vehicle no longer
 * for sale says so, with a way to take it off the list.
 */
export function SavedList({ rows, removeControl }: { rows: readonly SavedRow[]; removeControl: (id: string, name: string) => ReactNode }) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const forSale = rows.filter((row) => row.status === "for sale").length;
  const tick = (id: string, on: boolean) =>
    setTicked((before) => {
      const after = new Set(before);
      if (on) after.add(id);
      else after.delete(id);
      return after;
    });
  return (
    <form action="/compare" method="get" className="saved-list">
      <ol className="vehicle-grid">
        {rows.map((row) =>
          row.status === "for sale" ? (
            <li key={row.id} className="saved-list__item">
              <VehicleCard vehicle={row.card} />
              <label className="saved-list__compare">
                <input
                  type="checkbox"
                  name="ids"
                  value={row.id}
                  checked={ticked.has(row.id)}
                  disabled={!ticked.has(row.id) && ticked.size >= VEHICLE_LISTS.compared}
                  onChange={(event) => tick(row.id, event.currentTarget.checked)}
                />{" "}
                Compare {[row.card.title, row.card.derivative].filter(Boolean).join(" ")}
              </label>
            </li>
          ) : (
            <li key={row.id} className="saved-list__item saved-list__gone">
              <p className="saved-list__gone-name">{row.name ?? "A vehicle on this list"}</p>
              <p>
                <strong>No longer for sale.</strong>
              </p>
              {removeControl(row.id, row.name ?? "this vehicle")}
            </li>
          ),
        )}
      </ol>
      {forSale > 1 && (
        <p className="saved-list__actions">
          <button type="submit" className="button">
            Compare ticked vehicles
          </button>{" "}
          <span className="saved-list__hint">Tick up to {VEHICLE_LISTS.compared}.</span>
        </p>
      )}
      {forSale > 0 && <FinanceDisclosure />}
    </form>
  );
}
