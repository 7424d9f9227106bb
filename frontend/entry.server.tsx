import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { cspNonceContext, requestLogContext } from "../backend/http/request-context";
import { InlineStylesheetContext } from "./styles/SiteStylesheet";
import stylesheetText from "./styles/app.css?inline";

/**
 * React Router's own server entry, plus the Content-Security-Policy nonce: React Router puts
 * it on every inline script it writes (hydration data, the module loader, scroll restoration),
 * and the policy runs no inline script without it.
 */

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

export default function handleRequest(
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
  // Crawlers get the whole page at once; people get the shell as soon as it is ready.
  const userAgent = request.headers.get("user-agent");
  const readyWhen = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const page = (
      <InlineStylesheetContext value={{ css: stylesheetText, nonce }}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineStylesheetContext>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce: nonce && { script: nonce, style: nonce },
      [readyWhen]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell reject above and are logged by React Router's handler.
        if (shellRendered) console.error(error);
      },
    });
  });
}
