import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "../logger";
import type { SiteMetrics } from "./site-metrics";

/** Counts every request and times it to the end of its answer (or until the client went). */
export function countRequests(metrics: SiteMetrics): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    // Read now: a router mounted at a prefix rewrites req.path for its own routes.
    const { path } = req;
    res.once("close", () => {
      const pageCache = res.getHeader("x-page-cache");
      metrics.requestAnswered(
        path,
        req.method,
        res.statusCode,
        (performance.now() - started) / 1000,
        typeof pageCache === "string" ? pageCache : undefined,
      );
    });
    next();
  };
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * GET /metrics on the site's own port, for a scraper that sends `Authorization: Bearer
 * <token>`; anyone else is answered 401 and shown nothing. Compared as digests, in constant
 * time, so the answer's timing says nothing of the token.
 */
export function metricsBehindToken(metrics: SiteMetrics, token: string): RequestHandler {
  const expected = digest(token);
  return (req, res, next) => {
    if (req.path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const given = /^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1];
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      res
        .status(401)
        .set("WWW-Authenticate", 'Bearer realm="metrics"')
        .set("Cache-Control", "no-store")
        .type("text")
        .send("Unauthorized\n");
      return;
    }
    sendMetrics(metrics, res).catch(next);
  };
}

async function sendMetrics(metrics: SiteMetrics, res: import("node:http").ServerResponse): Promise<void> {
  const { contentType, body } = await metrics.text();
  res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" }).end(body);
}

/** The metrics alone, at /metrics on a port of their own (METRICS_PORT), for a scraper on a private network or the same host. */
export function serveMetrics(metrics: SiteMetrics, host: string, port: number, logger: Logger): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Metrics are at /metrics\n");
      return;
    }
    sendMetrics(metrics, res).catch((error: unknown) => {
      logger.error({ err: error }, "Metrics could not be gathered");
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}
