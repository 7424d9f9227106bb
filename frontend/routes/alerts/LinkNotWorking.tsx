import type { ReactNode } from "react";
import { isRouteErrorResponse, Link } from "react-router";

/** An alert link that is not one (mistyped, cut short) or names alerts deleted since: said plainly, with the way to start again. */
export function LinkNotWorking({ error, fallback }: { error: unknown; fallback: ReactNode }) {
  if (!isRouteErrorResponse(error) || error.status !== 404) return fallback;
  return (
    <section className="page message-page">
      <h1>This link doesn't work</h1>
      <p className="lede">It may have been cut short, or the alert it was for has been deleted.</p>
      <p>
        To set up an alert again, choose <strong>Save this search</strong> on any search page. To stop our e-mails, use the unsubscribe link
        in the latest one.
      </p>
      <p>
        <Link to="/car-search">Search our cars</Link> · <Link to="/van-search">vans</Link> · <Link to="/truck-search">trucks</Link>
      </p>
    </section>
  );
}
