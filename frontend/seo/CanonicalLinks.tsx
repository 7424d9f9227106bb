import { useLocation, useRouteError } from "react-router";
import { useRootData } from "../root-data";
import { canonicalPath } from "./canonical-path";

/**
 * The page's one address (rel=canonical, og:url) and the Open Graph tags every page shares.
 * Error pages have no address of their own, so they get none.
 */
export function CanonicalLinks() {
  const root = useRootData();
  const { pathname, search } = useLocation();
  const error = useRouteError();
  if (!root || error) return null;
  // Joined as text first: a path of its own ("//host/…") must not name another host.
  const url = new URL(root.origin + canonicalPath(pathname, search)).href;
  return (
    <>
      <link rel="canonical" href={url} />
      <meta property="og:url" content={url} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={root.dealer.name} />
      <meta property="og:locale" content="en_GB" />
    </>
  );
}
