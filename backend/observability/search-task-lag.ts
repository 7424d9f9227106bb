import type { Config } from "../config";
import type { OutboxBacklog } from "../outbox-worker";
import { Meilisearch } from "meilisearch";

/**
 * How far Meilisearch is behind: its tasks enqueued or processing, and when the oldest was
 * enqueued. Reading tasks needs a key allowed to (the admin key): a site holding only its
 * search key has none, and exports no task lag; the stock:sync service's host can run a site
 * with the admin key, or Meilisearch's own /metrics can be scraped instead.
 */
export function searchTaskLag(config: Config): (() => Promise<OutboxBacklog>) | undefined {
  if (!config.MEILI_URL || !config.MEILI_ADMIN_KEY) return undefined;
  // Within a scrape's time (Prometheus waits 10 s by default), however Meilisearch is.
  const client = new Meilisearch({ host: config.MEILI_URL, apiKey: config.MEILI_ADMIN_KEY, timeout: 2000, clientAgents: ["dealer-site"] });
  return async () => {
    const { total, results } = await client.tasks.getTasks({ statuses: ["enqueued", "processing"], limit: 1, reverse: true });
    const oldest = results[0]?.enqueuedAt;
    return oldest ? { waiting: total, oldest: new Date(oldest) } : { waiting: total };
  };
}
