import type { RequestHandler } from "express";
import { loggableUrl } from "./loggable-url";
import { routeKindOf } from "./route-kinds";
import { inServerSpan } from "./tracing";

/**
 * A server span for each request when tracing is on, continuing the trace a balancer or a
 * browser started (traceparent), named by its method and route kind; the address is recorded
 * as the request log writes it, with personal query values replaced.
 */
export const traceRequests: RequestHandler = (req, res, next) => {
  const route = routeKindOf(req.path);
  inServerSpan(
    `${req.method} ${route}`,
    req.headers,
    {
      "http.request.method": req.method,
      "http.route": route,
      "url.path": loggableUrl(req.originalUrl),
      "dealer.request_id": String(req.id),
    },
    (span) => {
      if (span) {
        res.once("close", () => {
          span.setAttribute("http.response.status_code", res.statusCode);
          span.end(res.statusCode >= 500);
        });
      }
      next();
    },
  );
};
