import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { useRootData } from "../root-data";
import { PhoneLink } from "./PhoneLink";

/** Visitors get a plain explanation and a way on; never an error's internals. */
export function ErrorPage({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <section className="page message-page">
        <title>Page not found</title>
        <h1>{typeof error.data === "string" && error.data ? error.data : "We couldn't find that page"}</h1>
        <p>It may have moved, or the vehicle may have been sold. Search what we have now:</p>
        <SearchLinks />
      </section>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 405) {
    return (
      <section className="page message-page">
        <title>Nothing can be sent here</title>
        <h1>Nothing can be sent here</h1>
        <p>This page can be read but takes no forms. If you were sending us a message, please use the contact page.</p>
        <SearchLinks />
      </section>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 503) {
    return <EngineOutagePage engine={(error.data as { unavailable?: string } | undefined)?.unavailable} />;
  }
  const badRequest = isRouteErrorResponse(error) && error.status === 400;
  const heading = badRequest ? "That request isn't quite right" : "Something went wrong";
  return (
    <section className="page message-page">
      <title>{heading}</title>
      <h1>{heading}</h1>
      <p>
        {badRequest && typeof error.data === "string"
          ? error.data
          : "Sorry, this page couldn't be shown just now. Please try again in a moment."}
      </p>
      <SearchLinks />
    </section>
  );
}

/**
 * A page that needs the search engine or the store while one is down (a 503): said plainly,
 * with the dealer's number (people still buy by phone) and a way to try again that works
 * without JavaScript.
 */
function EngineOutagePage({ engine }: { engine: string | undefined }) {
  const { pathname, search } = useLocation();
  const dealer = useRootData()?.dealer;
  const heading = engine === "search" ? "Search isn't working just now" : "This page can't be shown just now";
  return (
    <section className="page message-page">
      <title>{heading}</title>
      <h1>{heading}</h1>
      <p>
        {engine === "search" ? "We can't search our stock at the moment." : "We can't reach our stock records at the moment."} It should
        work again in a minute or two.
        {dealer && (
          <>
            {" "}
            If you'd rather not wait, call us on <PhoneLink /> and we'll help you find a vehicle.
          </>
        )}
      </p>
      <p>
        <Link className="button" to={`${pathname}${search}`} reloadDocument>
          Try again
        </Link>
      </p>
    </section>
  );
}

function SearchLinks() {
  return (
    <ul className="search-links">
      <li>
        <Link className="button" to="/car-search">
          Search cars
        </Link>
      </li>
      <li>
        <Link className="button" to="/van-search">
          Search vans
        </Link>
      </li>
      <li>
        <Link className="button" to="/truck-search">
          Search trucks
        </Link>
      </li>
    </ul>
  );
}
