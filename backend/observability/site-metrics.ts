import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { CallOutcome, EngineRole } from "../engine-health";
import type { Logger } from "../logger";
import type { OutboxBacklog } from "../outbox-worker";
import { routeKindOf } from "./route-kinds";

/**
 * The site's metrics, in Prometheus's text format (prom-client): what a request costs, per
 * kind of route; what its parts do (the page cache, the render threads, the engines); what
 * waits in the background (the outboxes, the stock console's jobs, Meilisearch's tasks); and
 * the process itself (event-loop lag, heap, RSS). Labels come from fixed sets only (route
 * kinds, engine names, outcomes), never from an address or anything a visitor sends, so the
 * number of series stays bounded. Counters and histograms are updated as things happen, at a
 * few hundred nanoseconds each; the gauges of what waits are read when Prometheus scrapes.
 *
 * Each site has a registry of its own, so that several sites in one process (the tests) each
 * count their own.
 */

/** Seconds: a kept page is answered in well under a millisecond, a cold search page in tens, an engine's deadline is 2-5 s. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const ENGINE_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5];

/**
 * One read of a source for every gauge that shows part of it: prom-client gathers a scrape's
 * gauges side by side, so each asks, and all but the first within a second share its answer.
 */
function onceAScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; answer: Promise<T> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > 1000) last = { at: Date.now(), answer: read() };
    return last.answer;
  };
}

const secondsSince = (time: Date | undefined) => (time ? Math.max(0, (Date.now() - time.getTime()) / 1000) : 0);

export type StockJob = "import" | "rebuild";

export interface StockJobState {
  running: boolean;
  /** Whether it ended in failure; false while it runs. */
  failed: boolean;
  /** How long it took, once it has ended. */
  seconds?: number;
}

/** What the gauges read at each scrape: each answers from memory or with one small query. */
export interface MetricSources {
  /** Whether each engine answers now (catalogue.readiness: a one-result search and a count). */
  engines(): Promise<Record<EngineRole, { up: boolean }>>;
  /** The search index the site serves: when it was built, and whether a rebuild runs. */
  index(): { builtAt?: Date; rebuilding: boolean };
  outboxes: Record<"mail" | "leads", () => Promise<OutboxBacklog>>;
  /** The stock console's latest import and rebuild of the search index. */
  stockJobs: Record<StockJob, () => Promise<StockJobState | undefined>>;
  /** Pages handed to render threads and not yet rendered, and how many threads there are. */
  renderThreads?(): { pending: number; threads: number };
  /** Meilisearch's tasks not yet done and the oldest one's age; absent without a key that may read tasks. */
  searchTasks?(): Promise<OutboxBacklog>;
}

export class SiteMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: "dealer_http_requests_total",
    help: "Requests answered, by kind of route, method and status code.",
    labelNames: ["route", "method", "status"] as const,
    registers: [this.registry],
  });
  private readonly requestSeconds = new Histogram({
    name: "dealer_http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by kind of route and method.",
    labelNames: ["route", "method"] as const,
    buckets: REQUEST_BUCKETS,
    registers: [this.registry],
  });
  private readonly pageCache = new Counter({
    name: "dealer_page_cache_requests_total",
    help: "Pages the page cache could keep, answered from it (hit) or rendered (miss).",
    labelNames: ["result"] as const,
    registers: [this.registry],
  });
  private readonly renderSeconds = new Histogram({
    name: "dealer_render_duration_seconds",
    help: "Time from handing a page to a render thread to having it back, waiting included.",
    buckets: REQUEST_BUCKETS,
    registers: [this.registry],
  });
  private readonly engineSeconds = new Histogram({
    name: "dealer_engine_call_duration_seconds",
    help: "A request's calls to the search engine and the store, by engine and how they ended.",
    labelNames: ["role", "engine", "outcome"] as const,
    buckets: ENGINE_BUCKETS,
    registers: [this.registry],
  });
  private readonly signInRefusals = new Counter({
    name: "dealer_staff_sign_in_refusals_total",
    help: "Staff sign-ins and codes refused, by reason (throttled: held back by the sign-in guard).",
    labelNames: ["reason"] as const,
    registers: [this.registry],
  });
  private readonly rateLimited = new Counter({
    name: "dealer_rate_limit_refusals_total",
    help: "POSTs refused with 429 by the per-client rate limit, or with 503 when too many wait their turn.",
    registers: [this.registry],
  });

  constructor(
    /** The engines' names for the labels: embedded or meilisearch, file or mongodb. */
    private readonly engineNames: Record<EngineRole, string>,
  ) {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    for (const role of ["search", "store"] as const) {
      for (const outcome of ["ok", "unavailable", "error"] as const) this.engineSeconds.zero({ role, engine: engineNames[role], outcome });
    }
    this.pageCache.inc({ result: "hit" }, 0);
    this.pageCache.inc({ result: "miss" }, 0);
  }

  /** Counts one answered request; `pageCache` is the X-Page-Cache header it was answered with, if any. */
  requestAnswered(path: string, method: string, status: number, seconds: number, pageCache?: string): void {
    const route = routeKindOf(path);
    const knownMethod = method === "GET" || method === "HEAD" || method === "POST" ? method : "other";
    this.requests.inc({ route, method: knownMethod, status: String(status) });
    this.requestSeconds.observe({ route, method: knownMethod }, seconds);
    if (pageCache === "hit" || pageCache === "miss") this.pageCache.inc({ result: pageCache });
  }

  pageRendered(seconds: number): void {
    this.renderSeconds.observe(seconds);
  }

  engineCalled(role: EngineRole, seconds: number, outcome: CallOutcome): void {
    this.engineSeconds.observe({ role, engine: this.engineNames[role], outcome }, seconds);
  }

  signInRefused(reason: string): void {
    this.signInRefusals.inc({ reason });
  }

  postRefused(): void {
    this.rateLimited.inc();
  }

  /** Adds the gauges read at each scrape. A source that fails leaves its gauges out of that scrape, logged, rather than failing the scrape. */
  watch(sources: MetricSources, logger: Pick<Logger, "warn">): void {
    const registers = [this.registry];
    const { engineNames } = this;
    type Labels = Record<string, string>;
    /** A gauge whose values are read at each scrape: `read` gives each labelled value, or undefined to leave one out. */
    const gauge = (name: string, help: string, labelNames: readonly string[], read: () => Promise<[Labels, number | undefined][]>) =>
      new Gauge({
        name,
        help,
        labelNames,
        registers,
        async collect(this: Gauge) {
          this.reset();
          try {
            for (const [labels, value] of await read()) if (value !== undefined) this.set(labels, value);
          } catch (error) {
            logger.warn({ err: error, metric: name }, "A metric could not be read");
          }
        },
      });
    const engines = onceAScrape(sources.engines);
    gauge("dealer_engine_up", "1 when the engine answers a small call within its deadline, else 0.", ["role", "engine"], async () => {
      const state = await engines();
      return (["search", "store"] as const).map((role) => [{ role, engine: engineNames[role] }, state[role].up ? 1 : 0]);
    });
    gauge(
      "dealer_search_index_age_seconds",
      "Seconds since the in-process search index the site serves was built (absent with Meilisearch).",
      [],
      async () => {
        const { builtAt } = sources.index();
        return [[{}, builtAt ? secondsSince(builtAt) : undefined]];
      },
    );
    gauge("dealer_search_index_rebuilding", "1 while the site rebuilds its in-process search index.", [], async () => [
      [{}, sources.index().rebuilding ? 1 : 0],
    ]);
    const outboxes = onceAScrape(async () => ({ mail: await sources.outboxes.mail(), leads: await sources.outboxes.leads() }));
    gauge("dealer_outbox_waiting", "Items not yet delivered.", ["outbox"], async () =>
      Object.entries(await outboxes()).map(([outbox, backlog]) => [{ outbox }, backlog.waiting]),
    );
    gauge(
      "dealer_outbox_oldest_age_seconds",
      "Seconds the oldest item not yet delivered has waited; 0 when none waits.",
      ["outbox"],
      async () => Object.entries(await outboxes()).map(([outbox, backlog]) => [{ outbox }, secondsSince(backlog.oldest)]),
    );
    const jobs = onceAScrape(async () => ({ import: await sources.stockJobs.import(), rebuild: await sources.stockJobs.rebuild() }));
    gauge("dealer_stock_job_running", "1 while the stock console's import or search index rebuild runs.", ["job"], async () =>
      Object.entries(await jobs()).map(([job, latest]) => [{ job }, latest?.running ? 1 : 0]),
    );
    gauge("dealer_stock_job_last_failed", "1 when the latest import or rebuild ended in failure.", ["job"], async () =>
      Object.entries(await jobs()).map(([job, latest]) => [{ job }, latest?.failed ? 1 : 0]),
    );
    gauge("dealer_stock_job_last_duration_seconds", "How long the latest finished import or rebuild took.", ["job"], async () =>
      Object.entries(await jobs()).map(([job, latest]) => [{ job }, latest?.seconds]),
    );
    const { renderThreads, searchTasks } = sources;
    if (renderThreads) {
      gauge("dealer_render_queue_pages", "Pages handed to render threads and not yet rendered.", [], async () => [
        [{}, renderThreads().pending],
      ]);
      gauge("dealer_render_threads", "Render threads running.", [], async () => [[{}, renderThreads().threads]]);
    }
    if (searchTasks) {
      const tasks = onceAScrape(searchTasks);
      gauge("dealer_search_tasks_waiting", "Meilisearch tasks enqueued or processing.", [], async () => [[{}, (await tasks()).waiting]]);
      gauge(
        "dealer_search_task_lag_seconds",
        "Seconds the oldest Meilisearch task not yet done has waited; 0 when none waits.",
        [],
        async () => [[{}, secondsSince((await tasks()).oldest)]],
      );
    }
  }

  /** The metrics as Prometheus reads them. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
