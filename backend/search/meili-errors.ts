import { MeilisearchApiError, MeilisearchRequestError, MeilisearchTaskTimeOutError } from "meilisearch";
import { isTransientFailure } from "../retry";
import { SearchTaskFailedError } from "./meili-tasks";

/**
 * Meilisearch's failures, named here and nowhere outside backend/search/: the generic code
 * sees them as an EngineUnavailableError (MeiliSearchEngine), a transient failure tried
 * again (the indexer's retries), or a search engine's failure the stock tools report by
 * its message (engine-failures.ts).
 */

/**
 * Failures another try may cure: any the generic check knows (the network, HTTP 429 and 5xx),
 * the client's own timeout, and a proxy's HTML error page (nginx's 502 or 503 while
 * Meilisearch restarts), which breaks the client's JSON parse before it ever looks at the status.
 */
export function isMeiliTransient(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (isTransientFailure(error)) return true;
  if (error.name === "MeilisearchRequestTimeOutError") return true;
  if (error instanceof SyntaxError && error.message.includes("JSON")) return true;
  const { cause } = error;
  return cause !== undefined && cause !== error && isMeiliTransient(cause);
}

/**
 * Meilisearch unreachable, stalled or overloaded, rather than refusing the request: any
 * failure of the request itself (a refused or dropped connection, a deadline), or a
 * transient one. The site answers 503 for these, not 500.
 */
export function isMeiliOutage(error: unknown): boolean {
  return error instanceof MeilisearchRequestError || isMeiliTransient(error);
}

/** Whatever Meilisearch or its client reported: the stock tools print its message, not a stack. */
export function isMeiliFailure(error: unknown): boolean {
  return (
    error instanceof SearchTaskFailedError ||
    error instanceof MeilisearchApiError ||
    error instanceof MeilisearchRequestError ||
    error instanceof MeilisearchTaskTimeOutError
  );
}
