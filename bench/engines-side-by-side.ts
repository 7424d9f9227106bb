import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { generateDemoStock } from "../backend/demo-stock/generate-demo-stock";
import { meiliClient } from "../backend/search/meili-adapter";
import { createLogger } from "../backend/logger";
import { versionIndexUid } from "../backend/search/meili-index-version";
import { MeiliIndexer } from "../backend/search/meili-indexer";
import { ensureSearchKey, searchKeyUid } from "../backend/search/meili-keys";
import { FileVehicleStore } from "../backend/store/file-vehicle-store";
import { spawnBuiltSite, stopSite, type SiteProcess } from "../tests/support/built-site";
import { meiliForTests } from "../tests/support/servers/meilisearch-server";
import { searchScreenQueries, stats } from "./search-queries";

/**
 * The same stock served by two copies of the built site side by side, one on the embedded
 * engines and one searching Meilisearch (the store stays the embedded one, so only search
 * differs), measured alternately so that the machine's other work falls on both alike:
 *
 * - one request at a time, server time (Server-Timing), **cold** (every query distinct and
 *   never asked before, so no answer kept by the Meilisearch path can help) and **warm** (the
 *   same queries again);
 * - requests per second with `CONNECTIONS` connections for `seconds` each: the issue's fixed
 *   queries (warm by nature: asked over and over) and a cold load of distinct queries.
 *
 * Meilisearch is found as the tests find it (TEST_MEILI_URL, MEILI_BINARY, meilisearch on PATH,
 * a container); without one the comparison is reported skipped, with the reason.
 */

const CONNECTIONS = 16;
const SEQUENTIAL = 300;
const WARM_UP = 100;
/** Enough distinct queries that a cold load never asks one twice. */
const COLD_POOL = 20_000;

export const FIXED_QUERIES = [
  "/api/search/car?make=Ford&sort=price_asc",
  "/api/search/car?fuelType=Diesel&bodyType=Hatchback&sort=mileage",
  "/api/search/car?sort=most_recent",
  "/car-search?make=Ford",
];

interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  /** Answers other than 2xx (503s past the deadline). */
  refused: number;
}

interface EngineFigures {
  cold: { median: number; p95: number };
  warm: { median: number; p95: number };
  /** Per fixed query: requests/s and p50 latency. */
  fixed: LoadFigures[];
  coldLoad: LoadFigures;
}

export async function benchEnginesSideBySide(size: number, seconds: number, port: number): Promise<string[]> {
  const server = await meiliForTests();
  if ("skipReason" in server) return [`Embedded and Meilisearch side by side: skipped, ${server.skipReason}.`];
  const admin = meiliClient(server.url, server.adminKey);
  const name = `bench_side_${Date.now()}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-side-"));
  const sites: SiteProcess[] = [];
  try {
    process.stderr.write(`Side by side: generating ${size.toLocaleString("en-GB")} vehicles and indexing them in ${server.label}...\n`);
    const stock = [...generateDemoStock({ count: size, referenceDate: new Date("2026-11-01T00:00:00Z") })];
    const store = await FileVehicleStore.open(dataDir);
    await store.applyChange({ records: stock.map((record) => ({ id: record._id, record })), mode: "upsert" });
    const queries = [...new Set(searchScreenQueries(stock, COLD_POOL + SEQUENTIAL + WARM_UP))].map((query) => `/api/search/${query}`);
    stock.length = 0;
    const started = performance.now();
    await new MeiliIndexer(admin, name, createLogger("silent")).fullSync(() => store.scan());
    const indexSeconds = (performance.now() - started) / 1000;
    await store.close();

    const embedded = await spawnBuiltSite({ dataDir, port, timeoutMs: 120_000 });
    sites.push(embedded);
    const meili = await spawnBuiltSite({
      dataDir,
      port: port + 1,
      timeoutMs: 120_000,
      env: { MEILI_URL: server.url, MEILI_SEARCH_KEY: await ensureSearchKey(admin, name), MEILI_INDEX: name },
    });
    sites.push(meili);

    const warmUp = queries.slice(0, WARM_UP);
    const sequential = queries.slice(WARM_UP, WARM_UP + SEQUENTIAL);
    const coldPool = queries.slice(WARM_UP + SEQUENTIAL);
    const figures = new Map<SiteProcess, EngineFigures>();
    for (const site of [embedded, meili]) {
      await serverTimes(site.url, warmUp);
      figures.set(site, { cold: stats([]), warm: stats([]), fixed: [], coldLoad: { requestsPerSecond: 0, p50: 0, refused: 0 } });
    }
    // Alternating, so that the machine's other work falls on both alike.
    for (const site of [embedded, meili]) figures.get(site)!.cold = stats(await serverTimes(site.url, sequential));
    for (const site of [embedded, meili]) figures.get(site)!.warm = stats(await serverTimes(site.url, sequential));
    for (const query of FIXED_QUERIES) {
      for (const site of [embedded, meili]) figures.get(site)!.fixed.push(await load(site.url, () => query, seconds));
    }
    let next = 0;
    for (const site of [embedded, meili])
      figures.get(site)!.coldLoad = await load(site.url, () => coldPool[next++ % coldPool.length]!, seconds);

    const e = figures.get(embedded)!;
    const m = figures.get(meili)!;
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const rate = (figure: LoadFigures) =>
      `${Math.round(figure.requestsPerSecond).toLocaleString("en-GB")} (p50 ${figure.p50} ms${figure.refused > 0 ? `, ${figure.refused} not 2xx` : ""})`;
    const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
    return [
      `Embedded and Meilisearch side by side, ${size.toLocaleString("en-GB")} vehicles (${server.label}, indexed in ${indexSeconds.toFixed(0)} s), the store embedded in both:`,
      "",
      "| one request at a time (server time) | embedded median | embedded p95 | Meilisearch median | Meilisearch p95 |",
      "|---|---:|---:|---:|---:|",
      `| cold: ${SEQUENTIAL} distinct search-screen calls | ${ms(e.cold.median)} | ${ms(e.cold.p95)} | ${ms(m.cold.median)} | ${ms(m.cold.p95)} |`,
      `| warm: the same ${SEQUENTIAL} again | ${ms(e.warm.median)} | ${ms(e.warm.p95)} | ${ms(m.warm.median)} | ${ms(m.warm.p95)} |`,
      "",
      `| ${CONNECTIONS} connections, ${seconds} s each | embedded req/s | Meilisearch req/s | embedded ÷ Meilisearch |`,
      "|---|---:|---:|---:|",
      ...FIXED_QUERIES.map(
        (query, i) =>
          `| \`${query}\` | ${rate(e.fixed[i]!)} | ${rate(m.fixed[i]!)} | ${ratio(e.fixed[i]!.requestsPerSecond, m.fixed[i]!.requestsPerSecond)} |`,
      ),
      `| cold: every request a new search-screen call | ${rate(e.coldLoad)} | ${rate(m.coldLoad)} | ${ratio(e.coldLoad.requestsPerSecond, m.coldLoad.requestsPerSecond)} |`,
      "",
    ];
  } finally {
    for (const site of sites) await stopSite(site);
    await admin.deleteKey(searchKeyUid(name)).catch(() => undefined);
    await admin.deleteIndexIfExists(name);
    await admin.deleteIndexIfExists(versionIndexUid(name));
    await rm(dataDir, { recursive: true, force: true });
    await server.stop();
  }
}

async function serverTimes(url: string, paths: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const requestPath of paths) {
    const response = await fetch(`${url}${requestPath}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${requestPath} answered ${response.status}`);
    times.push(Number(/dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "")?.[1]));
  }
  return times;
}

async function load(url: string, nextPath: () => string, seconds: number): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: nextPath() }) }],
  });
  if (result.errors > 0) throw new Error(`Load test saw ${result.errors} errors`);
  // Answers other than 200 are counted, not fatal: under overload a search past its deadline is a 503 by design.
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, refused: result.non2xx };
}
