/**
 * The origin of every absolute address the site gives out (canonical links, the sitemap,
 * link previews, structured data): the configured SITE_URL, or else the one the request
 * came to, which only development and tests should rely on since the Host header is the
 * client's to choose.
 */
export function siteOrigin(configuredOrigin: string | undefined, requestUrl: URL): string {
  return configuredOrigin ?? requestUrl.origin;
}
