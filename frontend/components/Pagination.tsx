import { Link } from "react-router";
import { formatCount } from "../../domain/format";
import { pageWindow } from "./page-window";

/**
 * Real links, so search engines and visitors without JavaScript can page through stock:
 * first, previous, the pages around this one, next and last.
 */
export function Pagination({ page, pageCount, hrefOf }: { page: number; pageCount: number; hrefOf: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      <p className="pagination__where">
        Page {formatCount(page)} of {formatCount(pageCount)}
      </p>
      <ul className="pagination__pages">
        {page > 1 && (
          <>
            <li>
              <Link to={hrefOf(1)}>First</Link>
            </li>
            <li>
              <Link to={hrefOf(page - 1)} rel="prev">
                Previous
              </Link>
            </li>
          </>
        )}
        {pageWindow(page, pageCount).map((item, i) =>
          item === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true" className="pagination__gap">
              …
            </li>
          ) : (
            <li key={item}>
              {item === page ? (
                <span aria-current="page">{formatCount(item)}</span>
              ) : (
                <Link to={hrefOf(item)} aria-label={`Page ${formatCount(item)}`}>
                  {formatCount(item)}
                </Link>
              )}
            </li>
          ),
        )}
        {page < pageCount && (
          <>
            <li>
              <Link to={hrefOf(page + 1)} rel="next">
                Next
              </Link>
            </li>
            <li>
              <Link to={hrefOf(pageCount)}>Last</Link>
            </li>
          </>
        )}
      </ul>
    </nav>
  );
}
