import type { RequestHandler } from "express";

/**
 * An instance leaving its load balancer's pool before it stops (a rolling deploy): from
 * SIGTERM its readiness check answers 503 "draining", so the balancer sends it no more
 * requests, while it goes on answering those it still gets for SHUTDOWN_DRAIN_SECONDS; then
 * it stops listening and finishes what it holds (site.ts, stop).
 */
export class Draining {
  private since: Date | undefined;

  start(at = new Date()): void {
    this.since ??= at;
  }

  get active(): boolean {
    return this.since !== undefined;
  }

  /**
   * While draining, every answer asks its client (the balancer) to close the connection, so
   * none is kept open to be reused just as the instance stops listening.
   */
  closeConnections(): RequestHandler {
    return (_req, res, next) => {
      if (this.since) res.setHeader("Connection", "close");
      next();
    };
  }
}
