import type { RequestHandler } from "express";
import onHeaders from "on-headers";

/** `Server-Timing: app;dur=2.4`: the time spent on the server, visible in browser tools and benchmarks. */
export const serverTiming: RequestHandler = (_req, res, next) => {
  const started = process.hrtime.bigint();
  onHeaders(res, () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    res.setHeader("Server-Timing", `app;dur=${ms.toFixed(2)}`);
  });
  next();
};
