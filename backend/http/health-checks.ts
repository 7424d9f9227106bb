import { Router } from "express";
import type { Catalogue } from "../catalogue";

/**
 * GET /healthz (liveness): the process answers, whatever its engines do, so an orchestrator
 * never restarts a site for an outage a restart cannot cure. It asks no engine: the stock's
 * figures are those the catalogue last had from its search engine. GET /healthz/ready
 * (readiness): 200 when both engines answer a question that costs them next to nothing,
 * else 503 naming the one that is down, for a load balancer to route around this instance.
 */
export function healthChecks(catalogue: Catalogue): Router {
  const router = Router();
  router.get("/", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok", ...catalogue.knownStatus() });
  });
  router.get("/ready", async (_req, res) => {
    const engines = await catalogue.readiness();
    const ready = engines.search.up && engines.store.up;
    res
      .status(ready ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ready ? "ready" : "unavailable", engines });
  });
  return router;
}
