import type { Catalogue } from "../catalogue";
import type { Config } from "../config";
import type { Engines } from "../engines";
import type { MetricSources, StockJobState } from "./site-metrics";
import { searchTaskLag } from "./search-task-lag";

const secondsBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000;

/** Where the site's gauges are read from: its catalogue, stores, shared boards and render threads. */
export function metricSourcesOf(
  config: Config,
  catalogue: Catalogue,
  engines: Pick<Engines, "mail" | "leads" | "shared">,
  /** The render threads' load (the render pool's), when pages are rendered on threads. */
  renderThreads: MetricSources["renderThreads"],
): MetricSources {
  const searchTasks = searchTaskLag(config);
  return {
    engines: () => catalogue.readiness(),
    index: () => catalogue.indexState,
    outboxes: { mail: () => engines.mail.backlog(), leads: () => engines.leads.backlog() },
    stockJobs: {
      import: async (): Promise<StockJobState | undefined> => {
        const job = await engines.shared.imports.latest();
        return (
          job && {
            running: job.phase === "previewing" || job.phase === "applying",
            failed: job.phase === "failed",
            ...(job.finishedAt ? { seconds: secondsBetween(job.startedAt, job.finishedAt) } : {}),
          }
        );
      },
      rebuild: async (): Promise<StockJobState | undefined> => {
        const rebuild = await engines.shared.rebuilds.latest();
        return (
          rebuild && {
            running: rebuild.finishedAt === undefined,
            failed: rebuild.failure !== undefined,
            ...(rebuild.finishedAt ? { seconds: secondsBetween(rebuild.startedAt, rebuild.finishedAt) } : {}),
          }
        );
      },
    },
    ...(renderThreads ? { renderThreads } : {}),
    ...(searchTasks ? { searchTasks } : {}),
  };
}
