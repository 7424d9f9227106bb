import { pino, type Logger as PinoLogger } from "pino";
import { requestIdMixin } from "./observability/request-scope";
import { traceIdMixin } from "./observability/tracing";

export type Logger = PinoLogger;

/**
 * Structured JSON lines on stdout, one per event, for whatever collects the container's
 * output. Every line logged while a request is answered carries its id (`requestId`), and its
 * trace's (`traceId`) when tracing is on;
 * personal data is never passed in.
 */
export function createLogger(level: string, { toStderr = false } = {}): Logger {
  return pino(
    {
      level,
      base: { service: "dealer-site" },
      mixin: () => ({ ...requestIdMixin(), ...traceIdMixin() }),
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ["req.headers.cookie", "req.headers.authorization"], remove: true },
    },
    // A command-line tool keeps stdout for what it tells the person running it.
    pino.destination({ fd: toStderr ? 2 : 1, sync: true }),
  );
}
