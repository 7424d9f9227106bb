import type { HeadersArgs } from "react-router";
import { retryAfterHeaders } from "../../retry-after-headers";

/** The Referer policy of alert pages and links: the signed link in an address never reaches another site. */
export const ALERT_REFERRER_POLICY = "same-origin";

/**
 * The headers of every alerts page: never stored by a browser or proxy, as each shows one
 * buyer's alerts; and no Referer to another site. (Not "no-referrer": a browser then sends
 * its forms with `Origin: null`, which React Router refuses as a cross-site post.)
 */
export function privatePageHeaders(args: HeadersArgs) {
  return { "Cache-Control": "no-store", "Referrer-Policy": ALERT_REFERRER_POLICY, ...retryAfterHeaders(args) };
}
