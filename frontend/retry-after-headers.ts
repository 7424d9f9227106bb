import type { HeadersArgs } from "react-router";

/**
 * A route's `headers` for the pages whose error boundary it renders, or whose form the store
 * could not take: a page an engine outage stopped (a 503) tells clients when to try again.
 */
export function retryAfterHeaders({ errorHeaders, actionHeaders }: HeadersArgs) {
  const retryAfter = errorHeaders?.get("Retry-After") ?? actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}
