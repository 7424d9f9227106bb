import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigation,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { contentContext, dealerContext, siteUrlContext } from "../backend/http/request-context";
import { CanonicalLinks } from "./seo/CanonicalLinks";
import { siteOrigin } from "./seo/site-origin";
import type { Route } from "./+types/root";
import { ErrorPage } from "./components/ErrorPage";
import { retryAfterHeaders } from "./retry-after-headers";
import { useRootData, type RootData } from "./root-data";
import { SiteFooter } from "./components/SiteFooter";
import { SiteHeader } from "./components/SiteHeader";
import { SiteNotice } from "./components/SiteNotice";
import { CompareBar } from "./components/saved/CompareBar";
import { useSiteLinks } from "./components/SiteLink";
import { SiteStylesheet } from "./styles/SiteStylesheet";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/** The dealer's details, for the header, footer and every page that quotes them, and the site-wide notice when there is one. */
export function loader({ url, context }: Route.LoaderArgs): RootData {
  const dealer = context.get(dealerContext);
  const content = context.get(contentContext);
  return {
    dealer,
    notice: content.notice,
    origin: siteOrigin(context.get(siteUrlContext), url),
    previewOf: content.previewOf,
    year: new Date().getUTCFullYear(),
  };
}

export const headers = retryAfterHeaders;

/**
 * They change when staff publish new details or a notice: a navigation asks for them again
 * in the same request as the page's data, so it shows what is published now. A search
 * refined on its own page (only the query changes) and a form sent do not: fewer bytes per
 * search, and a failed search fetch stays the search page's to handle.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod }: ShouldRevalidateFunctionArgs) {
  const refinedHere = currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
  const sent = formMethod !== undefined && formMethod.toUpperCase() !== "GET";
  return !refinedHere && !sent;
}

export function Layout({ children }: { children: React.ReactNode }) {
  // Missing only when an error stopped the root's own loader: the page is then shown without
  // the header and footer, which need the dealer's details, rather than not at all.
  const rootData = useRootData();
  useSiteLinks();
  const dealerLoaded = rootData !== undefined;
  // The staff area has a header of its own, and no public links or feedback button.
  const { pathname } = useLocation();
  const publicChrome = dealerLoaded && !pathname.startsWith("/staff");
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <CanonicalLinks />
        <SiteStylesheet />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {publicChrome && rootData.previewOf && (
          <p className="site-notice site-notice--preview" role="status">
            Preview: not yet seen by buyers
          </p>
        )}
        {publicChrome && rootData.notice && <SiteNotice notice={rootData.notice} />}
        {publicChrome && <SiteHeader />}
        <main id="main">
          {children}
          {publicChrome && <CompareBar />}
        </main>
        {publicChrome && <SiteFooter />}
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
  return <ErrorPage error={error} />;
}
