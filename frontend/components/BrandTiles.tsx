import { SiteLink } from "./SiteLink";

export interface Brand {
  name: string;
  /** Absent where the page lists brands without linking them. */
  href?: string;
}

/**
 * Brand tiles: a few always, the rest behind "Show all brands" (which then reads "Hide all
 * brands"). A native disclosure, so the toggle works without JavaScript.
 */
export function BrandTiles({ always, more, label }: { always: readonly Brand[]; more: readonly Brand[]; label: string }) {
  return (
    <div className="brand-tiles" role="group" aria-label={label}>
      <ul className="brand-tiles__list">{always.map(tile)}</ul>
      {more.length > 0 && (
        <details className="brand-tiles__more">
          <summary>
            <span className="brand-tiles__show">Show all brands</span>
            <span className="brand-tiles__hide">Hide all brands</span>
          </summary>
          <ul className="brand-tiles__list">{more.map(tile)}</ul>
        </details>
      )}
    </div>
  );
}

function tile(brand: Brand) {
  return (
    <li key={brand.name}>
      {brand.href ? (
        <SiteLink className="brand-tile" to={brand.href}>
          {brand.name}
        </SiteLink>
      ) : (
        <span className="brand-tile">{brand.name}</span>
      )}
    </li>
  );
}
