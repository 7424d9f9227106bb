const SEARCH_PAGE = /^\/(?:car|van|truck)-search$/;

/**
 * The search a visitor came to a vehicle from, with its filters and page, as the request's
 * Referer names it (a browser sends the whole address within a site, with or without
 * JavaScript); undefined when it names no search page of this site.
 */
export function searchCameFrom(referer: string | null, siteHosts: readonly string[]): string | undefined {
  if (!referer || !URL.canParse(referer)) return undefined;
  const from = new URL(referer);
  if (!siteHosts.includes(from.host) || !SEARCH_PAGE.test(from.pathname)) return undefined;
  return from.pathname + from.search;
}
