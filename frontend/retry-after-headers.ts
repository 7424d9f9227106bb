import type { HeadersArgs } from "react-router";

/**
 * A route's `headers` for the pages whose error boundary it renders: a page an engine outage
 * stopped (a 503) tells clients when to try again.
 */
export function retryAfterHeaders({ errorHeaders }: HeadersArgs) {
  const retryAfter = errorHeaders?.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}
