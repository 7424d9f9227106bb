import type { RequestHandler, Response } from "express";
import type { Logger } from "../logger";
import { MemoryRateWindows, type RateWindows } from "./rate-windows";
import { refuse } from "./refusal";

export interface RateLimit {
  /** POSTs one client address may make in a window. */
  limit: number;
  windowMs: number;
}

/**
 * Limits the POSTs (finance applications and every other form) one client address may make:
 * a fixed window per address, answered 429 with Retry-After once spent. The client's address
 * is Express's `req.ip`, which believes X-Forwarded-For only as far as "trust proxy"
 * (TRUST_PROXY) says.
 *
 * The windows are counted where `windows` keeps them: with MongoDB, every instance behind a
 * load balancer counts against the same window. When they cannot be counted (MongoDB down),
 * the POST goes on: the forms then fail or succeed on their own store, and a limit that
 * refused every form during an outage would only add to it.
 */
export function limitPostsPerClient(
  { limit, windowMs }: RateLimit,
  {
    now = Date.now,
    exempt = () => false,
    windows = new MemoryRateWindows(),
    logger,
    onRefused,
  }: {
    now?: () => number;
    exempt?: (res: Response) => boolean;
    windows?: RateWindows;
    logger?: Pick<Logger, "warn">;
    /** Told of each POST refused (the metrics). */
    onRefused?: () => void;
  } = {},
): RequestHandler {
  let nextSweep = now() + windowMs;

  return (req, res, next) => {
    if (req.method !== "POST" || exempt(res)) return next();
    const time = now();
    // Windows that have ended are dropped now and then, so only recent clients are kept.
    if (time >= nextSweep) {
      nextSweep = time + windowMs;
      windows.sweep(time).catch((error: unknown) => logger?.warn({ err: error }, "Could not sweep ended rate-limit windows"));
    }
    const client = req.ip ?? req.socket.remoteAddress ?? "unknown";
    windows.count(client, time, windowMs).then(
      (window) => {
        if (window.count <= limit) return next();
        const retryAfterSeconds = Math.ceil((window.endsAt - time) / 1000);
        const minutes = Math.ceil(retryAfterSeconds / 60);
        const message = `You have sent a lot of forms in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
        res.set("Retry-After", String(retryAfterSeconds));
        onRefused?.();
        refuse(req, res, { status: 429, code: "too_many_requests", title: "Please wait a moment", message });
      },
      (error: unknown) => {
        logger?.warn({ err: error }, "Could not count a POST against its rate limit; letting it through");
        next();
      },
    );
  };
}
