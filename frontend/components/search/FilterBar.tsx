import type { RefObject } from "react";
import type { FilterName } from "../../../domain/filters";
import { DialogOpener } from "../FragmentButton";

const SHORTCUTS: readonly [label: string, filter: FilterName][] = [
  ["Make and model", "make"],
  ["Price", "price"],
  ["Year", "year"],
  ["Mileage", "mileage"],
  ["Gearbox", "gearbox"],
  ["Body type", "bodyType"],
];

interface FilterBarProps {
  offered: readonly FilterName[];
  /** The filter panel the shortcuts open. */
  dialogRef: RefObject<HTMLDialogElement | null>;
  onOpen(filter?: FilterName): void;
}

/**
 * The bar above the results, kept at the top of the screen as they scroll. Each shortcut
 * opens the filter panel at its filter; without JavaScript each is a link to that filter in
 * the panel, which CSS then shows. A shortcut shows only while the panel offers its filter
 * (a search with no results has nothing to offer for most), so none leads nowhere. They wrap
 * onto a second line on a phone rather than scroll out of sight, Filter and sort last.
 */
export function FilterBar({ offered, dialogRef, onOpen }: FilterBarProps) {
  return (
    <nav className="filter-bar" aria-label="Filters">
      <ul className="filter-bar__list">
        {SHORTCUTS.filter(([, filter]) => offered.includes(filter)).map(([label, filter]) => (
          <li key={filter}>
            <DialogOpener href={`#filter-${filter}`} dialogRef={dialogRef} className="chip" onActivate={() => onOpen(filter)}>
              {label}
            </DialogOpener>
          </li>
        ))}
        <li>
          <DialogOpener href="#filters" dialogRef={dialogRef} className="chip chip--strong" onActivate={() => onOpen()}>
            Filter and sort
          </DialogOpener>
        </li>
      </ul>
    </nav>
  );
}
