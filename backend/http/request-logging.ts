import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import type { Logger } from "../logger";
import { loggableUrl } from "../observability/loggable-url";
import { inRequest } from "../observability/request-scope";

/** A balancer's id as HAProxy's unique-id-format, nginx's $request_id or a UUID writes it; anything else is made afresh, so a forged header cannot put text of its choosing in the log. */
const INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * One log line per request with its id, method, path, status and time. The id is taken
 * from a load balancer's X-Request-Id when it sends a sane one, and echoed back so a visitor's
 * report can be matched to the log; every line logged while the request is answered, by
 * whichever module, carries it as `requestId` (backend/observability/request-scope.ts).
 */
export function requestLogging(logger: Logger): RequestHandler {
  const logRequest = pinoHttp({
    logger,
    genReqId: (req, res) => {
      const incoming = req.headers["x-request-id"];
      const id = typeof incoming === "string" && INCOMING_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    autoLogging: { ignore: (req) => req.url?.startsWith("/healthz") === true || req.url?.startsWith("/assets/") === true },
    // A 503 is an engine outage, logged once when it starts (EngineHealth): each request it
    // turns away is an answer, not another error, so its line carries no error of its own.
    customLogLevel: (_req, res, error) => (error || (res.statusCode >= 500 && res.statusCode !== 503) ? "error" : "info"),
    customErrorObject: (_req, res, _error, line: Record<string, unknown>) => {
      if (res.statusCode !== 503) return line;
      const { err: _statusError, ...answer } = line;
      return answer;
    },
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: loggableUrl(req.url) }),
      // Whether the page cache answered (X-Page-Cache: hit or miss), for pages it may keep.
      res: (res: { statusCode: number; headers?: Record<string, unknown> }) => {
        const pageCache = res.headers?.["x-page-cache"];
        return { status: res.statusCode, ...(typeof pageCache === "string" ? { pageCache } : {}) };
      },
    },
  });
  return (req, res, next) => logRequest(req, res, () => inRequest(String(req.id), next));
}
