import { readSearchRequest, searchRequestToParams } from "../../domain/search-request";

/** Pages whose query is the page's content (filters, sort, page); every other query is tracking or form state. */
const LISTING_PAGE = /^\/(?:(?:car|van|truck)-search|vehicles)$/;

/**
 * The one address a page is known by: listings keep their filters, in the site's own order
 * and without defaults or unknown parameters; other pages drop the query altogether.
 */
export function canonicalPath(pathname: string, search: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (!LISTING_PAGE.test(path)) return path;
  const query = searchRequestToParams(readSearchRequest(new URLSearchParams(search))).toString();
  return query ? `${path}?${query}` : path;
}
