import type { RequestHandler, Response } from "express";
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
 * The counts live in this process's memory: each instance behind a load balancer counts on
 * its own, so a client may get up to the limit times the instances. That still stops a script
 * flooding the forms, which is what this is for, without a shared store for a counter.
 */
export function limitPostsPerClient(
  { limit, windowMs }: RateLimit,
  { now = Date.now, exempt = () => false }: { now?: () => number; exempt?: (res: Response) => boolean } = {},
): RequestHandler {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let nextCleanUp = now() + windowMs;

  return (req, res, next) => {
    if (req.method !== "POST" || exempt(res)) return next();
    const time = now();
    // Windows that have ended are dropped now and then, so the map holds only recent clients.
    if (time >= nextCleanUp) {
      for (const [client, window] of windows) if (window.endsAt <= time) windows.delete(client);
      nextCleanUp = time + windowMs;
    }
    const client = req.ip ?? req.socket.remoteAddress ?? "unknown";
    let window = windows.get(client);
    if (!window || window.endsAt <= time) {
      window = { count: 0, endsAt: time + windowMs };
      windows.set(client, window);
    }
    window.count++;
    if (window.count <= limit) return next();

    const retryAfterSeconds = Math.ceil((window.endsAt - time) / 1000);
    const minutes = Math.ceil(retryAfterSeconds / 60);
    const message = `You have sent a lot of forms in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
    res.set("Retry-After", String(retryAfterSeconds));
    refuse(req, res, { status: 429, code: "too_many_requests", title: "Please wait a moment", message });
  };
}
