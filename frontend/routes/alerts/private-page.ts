import type { HeadersArgs } from "react-router";
import { retryAfterHeaders } from "../../retry-after-headers";

/**
 * The headers of every alerts page: never stored by a browser or proxy, as each shows one
 * buyer's alerts; and no Referer, so the signed link in the address never reaches another site.
 */
export function privatePageHeaders(args: HeadersArgs) {
  return { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", ...retryAfterHeaders(args) };
}
