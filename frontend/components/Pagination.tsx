import { Link } from "react-router";
import { formatCount } from "../../domain/format";

/** Real links, so search engines and visitors without JavaScript can page through stock. */
export function Pagination({ page, pageCount, hrefOf }: { page: number; pageCount: number; hrefOf: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} rel="prev">
          Previous
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <span>
        Page {formatCount(page)} of {formatCount(pageCount)}
      </span>
      {page < pageCount ? (
        <Link to={hrefOf(page + 1)} rel="next">
          Next
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
