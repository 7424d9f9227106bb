import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useNavigation } from "react-router";
import { dealerContext, siteUrlContext } from "./request-context";
import { CanonicalLinks } from "./seo/CanonicalLinks";
import { siteOrigin } from "./seo/site-origin";
import type { Route } from "./+types/root";
import { SiteFooter } from "./components/SiteFooter";
import { SiteHeader } from "./components/SiteHeader";
import stylesheet from "./styles/app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
];

/** The dealer's details, for the header, footer and every page that quotes them. */
export function loader({ url, context }: Route.LoaderArgs) {
  const dealer = context.get(dealerContext);
  return { dealer, origin: siteOrigin(context.get(siteUrlContext), url) };
}

/**
 * They are fixed while the site runs, so navigations never fetch them again: fewer bytes
 * per search, and a failed search fetch stays the search page's to handle.
 */
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <CanonicalLinks />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main">{children}</main>
        <SiteFooter />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const navigation = useNavigation();
  const openingVehicle = navigation.state === "loading" && /^\/vehicles\/[^/]+$/.test(navigation.location.pathname);
  return (
    <>
      {openingVehicle && (
        // Shown only if the vehicle takes a moment, so quick navigations don't flash it.
        <p className="route-loading" role="status">
          Loading vehicle details...
        </p>
      )}
      <Outlet />
    </>
  );
}

/** Visitors get a plain explanation and a way on; never an error's internals. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
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
  const badRequest = isRouteErrorResponse(error) && error.status === 400;
  return (
    <section className="page message-page">
      <title>{badRequest ? "That address isn't quite right" : "Something went wrong"}</title>
      <h1>{badRequest ? "That address isn't quite right" : "Something went wrong"}</h1>
      <p>
        {badRequest && typeof error.data === "string"
          ? error.data
          : "Sorry, this page couldn't be shown just now. Please try again in a moment."}
      </p>
      <SearchLinks />
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
