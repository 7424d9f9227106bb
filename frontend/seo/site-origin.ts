import type { Dealer } from "../../backend/dealer-config";

/**
 * The origin addresses the site gives out (canonical links, the sitemap) are made from: the
 * dealer's configured siteUrl, or else the one the request came to.
 */
export function siteOrigin(dealer: Pick<Dealer, "siteUrl">, requestUrl: URL): string {
  return dealer.siteUrl ?? requestUrl.origin;
}
