import { renderToString } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { cspNonceContext, requestLogContext } from "../backend/http/request-context";
import { readHydrationData } from "./hydration-data.server";
import { withScriptsAfterPaint } from "./scripts-after-paint.server";
import { withInlineStylesheet } from "./styles/inline-stylesheet.server";

/**
 * React Router's own server entry, plus the Content-Security-Policy nonce: React Router puts
 * it on every inline script it writes (hydration data, the module loader, scroll restoration),
 * and the policy runs no inline script without it.
 */

/** How long the hydration data waits for a loader's deferred answer before giving up on it. */
export const streamTimeout = 5_000;

/**
 * Failures while loading or rendering a page go to the request's own log line by line, as
 * JSON like the rest of the log. Refusals a visitor caused (a page that does not exist, a
 * form posted to a page without one) are answers, not failures, and are not logged.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A 503 is an engine outage, logged once when it starts rather than with every page it stops.
  if (request.signal.aborted || (isRouteErrorResponse(error) && (error.status < 500 || error.status === 503))) return;
  (context as RouterContextProvider).get(requestLogContext).error({ err: error }, "Page failed");
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(cspNonceContext);
  // Every page is kept whole (the page cache, its gzip) before a byte is sent, so nothing is gained by streaming it.
  await readHydrationData(routerContext);
  // The scripts first, while the head is still short of the stylesheet's 40 KB.
  const html = withInlineStylesheet(
    withScriptsAfterPaint(renderToString(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />)),
    nonce,
  );
  responseHeaders.set("Content-Type", "text/html");
  // The string renderer leaves out the doctype the stream renderer writes before <html>. Bytes,
  // not the string: a Response checks a string's every character (0.4 ms for a vehicle page).
  return new Response(Buffer.from(`<!DOCTYPE html>${html}`), { headers: responseHeaders, status: responseStatusCode });
}
