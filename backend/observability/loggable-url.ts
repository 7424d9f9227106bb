import { KNOWN_PARAMS } from "../../domain/parse-search-request";

const REDACTED = "[redacted]";
/** Parameters the search reads whose values are a visitor's own words: their keywords, and where they live. */
const TYPED_BY_VISITOR = new Set(["q", "postcode"]);

/**
 * The address as logged: the values of search filters, sort and paging are kept, since they
 * explain a slow or failed search; every other query value is replaced, because some (a
 * postcode typed into a search form, a name in a link's tracking tag) are personal data,
 * which the log must never hold. So are the words typed into the search box (`q`), where a
 * visitor may type anything, and the buyer's postcode the search measures distances from.
 */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf("?");
  if (queryAt < 0) return url;
  const query = new URLSearchParams(url.slice(queryAt + 1));
  for (const name of new Set(query.keys())) {
    if (!KNOWN_PARAMS.has(name) || TYPED_BY_VISITOR.has(name)) query.set(name, REDACTED);
  }
  return `${url.slice(0, queryAt)}?${query}`;
}
