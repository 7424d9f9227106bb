import type { FilterName } from "../../../domain/filters";

const SHORTCUTS: readonly [label: string, filter: FilterName][] = [
  ["Make and model", "make"],
  ["Price", "price"],
  ["Year", "year"],
  ["Mileage", "mileage"],
  ["Gearbox", "gearbox"],
  ["Body type", "bodyType"],
];

/**
 * The bar above the results, kept at the top of the screen as they scroll. Each shortcut
 * opens the filter panel at its filter; without JavaScript each is a link to that filter in
 * the panel, which CSS then shows. A shortcut shows only while the panel offers its filter
 * (a search with no results has nothing to offer for most), so none leads nowhere. The
 * shortcuts scroll sideways when they do not fit, and Filter and sort, after them, stays in view.
 */
export function FilterBar({ offered, onOpen }: { offered: readonly FilterName[]; onOpen(filter?: FilterName): void }) {
  const open = (filter?: FilterName) => (event: React.MouseEvent) => {
    event.preventDefault();
    onOpen(filter);
  };
  return (
    <nav className="filter-bar" aria-label="Filters">
      <ul className="filter-bar__shortcuts">
        {SHORTCUTS.filter(([, filter]) => offered.includes(filter)).map(([label, filter]) => (
          <li key={filter}>
            <a href={`#filter-${filter}`} className="chip" onClick={open(filter)}>
              {label}
            </a>
          </li>
        ))}
      </ul>
      <a href="#filters" className="chip chip--strong" onClick={open()}>
        Filter and sort
      </a>
    </nav>
  );
}
