import { Router } from "express";
import type { CatchUpBoard } from "../catch-up-board";
import type { Catalogue } from "../catalogue";
import type { Draining } from "../ops/draining";
import { SITE_VERSION } from "../release";

/**
 * GET /healthz (liveness): the process answers, whatever its engines do, so an orchestrator
 * never restarts a site for an outage a restart cannot cure. It asks no engine: the stock's
 * figures are those the catalogue last had from its search engine; with them what the stores
 * are still catching up on since start (`catchingUp`: an index being built, a file being
 * rewritten, beside the site's work). GET /healthz/ready (readiness): 200 when both engines
 * answer a question that costs them next to nothing, else 503 naming the one that is down,
 * for a load balancer to route around this instance. While the instance drains before
 * stopping, both say "draining", and readiness answers 503 at once.
 */
export function healthChecks(catalogue: Catalogue, catchUps: Pick<CatchUpBoard, "list">, draining?: Pick<Draining, "active">): Router {
  const router = Router();
  router.get("/", (_req, res) => {
    res.set("Cache-Control", "no-store").json({
      status: draining?.active ? "draining" : "ok",
      version: SITE_VERSION,
      ...catalogue.knownStatus(),
      catchingUp: catchUps.list(),
    });
  });
  router.get("/ready", async (_req, res) => {
    if (draining?.active) return void res.status(503).set("Cache-Control", "no-store").json({ status: "draining" });
    const engines = await catalogue.readiness();
    const ready = engines.search.up && engines.store.up;
    res
      .status(ready ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ready ? "ready" : "unavailable", engines });
  });
  return router;
}
