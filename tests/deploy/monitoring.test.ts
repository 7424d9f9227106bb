import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";
import { SiteMetrics } from "../../backend/observability/site-metrics";
import { createLogger } from "../../backend/logger";
import { seriesNamedIn } from "../support/prometheus-text";

/**
 * The Grafana dashboard and the Prometheus alert rules in deploy/ ask only for series the site
 * exports, and the rules file has the shape `promtool check rules` requires (no Prometheus
 * here to load it).
 */
const root = path.resolve(import.meta.dirname, "..", "..");
const read = async (file: string) => readFile(path.join(root, file), "utf8");

/** Every series a site can export, whatever its engines: each metric, and a histogram's _bucket, _sum and _count. */
async function exportedSeries(): Promise<Set<string>> {
  const metrics = new SiteMetrics({ search: "meilisearch", store: "mongodb" });
  const none = async () => undefined;
  metrics.watch(
    {
      engines: async () => ({ search: { up: true }, store: { up: true } }),
      index: () => ({ rebuilding: false }),
      outboxes: { mail: async () => ({ waiting: 0 }), leads: async () => ({ waiting: 0 }) },
      stockJobs: { import: none, rebuild: none },
      renderThreads: () => ({ pending: 0, threads: 1 }),
      searchTasks: async () => ({ waiting: 0 }),
    },
    createLogger("silent"),
  );
  const names = new Set<string>();
  for (const metric of await metrics.registry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === "histogram") for (const suffix of ["_bucket", "_sum", "_count"]) names.add(`${metric.name}${suffix}`);
  }
  return names;
}

const dashboardSchema = z.object({
  title: z.string().min(1),
  uid: z.string().regex(/^[a-zA-Z0-9_-]{1,40}$/),
  schemaVersion: z.number().int().min(30),
  panels: z
    .array(
      z.object({
        id: z.number().int(),
        type: z.enum(["timeseries", "stat", "gauge", "table"]),
        title: z.string().min(1),
        gridPos: z.object({ h: z.number(), w: z.number().max(24), x: z.number().min(0).max(23), y: z.number().min(0) }),
        targets: z.array(z.object({ refId: z.string().min(1), expr: z.string().min(1) })).min(1),
      }),
    )
    .min(1),
});

/** Prometheus's duration: 30s, 5m, 1h30m. */
const duration = z.string().regex(/^(\d+(ms|s|m|h|d|w|y))+$/);
const rulesSchema = z.strictObject({
  groups: z
    .array(
      z.strictObject({
        name: z.string().min(1),
        interval: duration.optional(),
        rules: z
          .array(
            z.strictObject({
              alert: z.string().regex(/^[a-zA-Z_][a-zA-Z0-9_]*$/),
              expr: z.string().min(1),
              for: duration.optional(),
              labels: z.record(z.string(), z.string()).optional(),
              annotations: z.record(z.string(), z.string()).optional(),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});

/** Brackets and parentheses close in order, outside quoted strings: what a PromQL parser would first trip on. */
function balanced(expression: string): boolean {
  const open: string[] = [];
  const pairs: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
  let quoted = false;
  for (const character of expression) {
    if (character === '"') quoted = !quoted;
    if (quoted) continue;
    if ("([{".includes(character)) open.push(character);
    if (character in pairs && open.pop() !== pairs[character]) return false;
  }
  return open.length === 0 && !quoted;
}

describe("the Grafana dashboard", () => {
  it("has panels whose every expression names series the site exports", async () => {
    const dashboard = dashboardSchema.parse(JSON.parse(await read("deploy/grafana/dealer-site.json")));
    const exported = await exportedSeries();
    expect(new Set(dashboard.panels.map((panel) => panel.id)).size).toBe(dashboard.panels.length);
    for (const panel of dashboard.panels) {
      for (const { expr } of panel.targets) {
        expect(balanced(expr), `${panel.title}: ${expr}`).toBe(true);
        const named = seriesNamedIn(expr);
        expect(named, `${panel.title} names no series of the site`).not.toHaveLength(0);
        for (const series of named) expect(exported, `${panel.title}: ${series}`).toContain(series);
      }
    }
  });

  it("shows every series the site exports of its own", async () => {
    const dashboard = dashboardSchema.parse(JSON.parse(await read("deploy/grafana/dealer-site.json")));
    const shown = new Set(dashboard.panels.flatMap((panel) => panel.targets.flatMap(({ expr }) => seriesNamedIn(expr))));
    const own = [...(await exportedSeries())].filter((name) => name.startsWith("dealer_") && !/_(sum|count)$/.test(name));
    const histograms = own.filter((name) => name.endsWith("_bucket")).map((name) => name.slice(0, -"_bucket".length));
    for (const name of own.filter((series) => !histograms.includes(series))) expect(shown, name).toContain(name);
  });
});

describe("the Prometheus alert rules", () => {
  it("are rule groups as promtool reads them, each alert on series the site exports", async () => {
    const rules = rulesSchema.parse(parse(await read("deploy/prometheus/alerts.yml")));
    const exported = await exportedSeries();
    const alerts = rules.groups.flatMap((group) => group.rules);
    expect(new Set(rules.groups.map((group) => group.name)).size).toBe(rules.groups.length);
    expect(new Set(alerts.map((rule) => rule.alert)).size).toBe(alerts.length);
    for (const rule of alerts) {
      expect(balanced(rule.expr), rule.alert).toBe(true);
      expect(rule.labels?.severity, rule.alert).toMatch(/^(page|warn)$/);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      for (const series of seriesNamedIn(rule.expr)) expect(exported, `${rule.alert}: ${series}`).toContain(series);
    }
  });

  it("wake someone for an outbox older than 10 minutes, search down, errors and event-loop lag", async () => {
    const rules = rulesSchema.parse(parse(await read("deploy/prometheus/alerts.yml")));
    const expressions = rules.groups.flatMap((group) => group.rules.map((rule) => rule.expr.replace(/\s+/g, " ")));
    expect(expressions).toContainEqual(expect.stringMatching(/dealer_outbox_oldest_age_seconds\) > 600$/));
    expect(expressions).toContainEqual(expect.stringMatching(/dealer_engine_up\{role="search"\}\) == 0$/));
    expect(expressions).toContainEqual(expect.stringMatching(/dealer_http_requests_total\{status=~"5\.\."\}/));
    expect(expressions).toContainEqual(expect.stringMatching(/nodejs_eventloop_lag_p99_seconds/));
  });
});
