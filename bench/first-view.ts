import { mkdtemp, readFile, rm } from "node:fs/promises";
import { Agent, get, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { generateDemoStock } from "../backend/demo-stock/generate-demo-stock";
import { FileVehicleStore } from "../backend/store/file-vehicle-store";
import { spawnBuiltSite } from "../tests/support/built-site";
import { searchScreenQueries, stats, type Stats } from "./search-queries";
import { processCpuMs } from "./site-cpu";

/**
 * The first view of a page: each address asked once, as a buyer's own filters, a shared
 * link or a crawler walking the stock ask them, so the page cache (on, as in production)
 * never answers. Its hits are counted, and must be 0, or the figures measure the cache.
 *
 * For each page kind, distinct addresses drawn from the stock (vehicle pages by id; search
 * pages with the search screen's queries, as the API bench draws them), one at a time
 * (client time, p50 and p95, and the site's CPU per page) and with `CONNECTIONS` connections
 * (requests/s), beside the API call that answers the same thing: `/api/vehicles/{id}` for a
 * vehicle page, `/api/search/…` (filters, every option count, the first page) for a search
 * page. The home page and a category landing page (/vans/used) have one address each: a
 * `deposit` the page cache keeps apart and these pages do not read makes each request one
 * nobody has asked before, rendered, compressed and kept as the first after a publish is.
 * Each request asks for a compressed answer, as browsers do; one at a time, the time is the
 * client's over a kept-alive connection on the same machine.
 */

export const FIRST_VIEW_CONNECTIONS = 8;
/** Addresses timed one at a time, per kind, after as many again to warm up. */
const SEQUENTIAL = 400;
/** At most this many addresses under load, per kind: each is asked once, so there must be enough for the run. */
export const UNDER_LOAD = 6_000;
/** The kinds of page, by the names `--first-view-pages` takes. */
export const FIRST_VIEW_PAGES = ["vehicle", "search", "home", "category"] as const;
export type FirstViewPage = (typeof FIRST_VIEW_PAGES)[number];
const AS_A_BROWSER_ASKS = { "accept-encoding": "gzip, deflate, br, zstd" };

export interface FirstViewRow {
  page: string;
  /** One at a time, client time in ms. */
  oneAtATime: Stats;
  /** The site's CPU time (every thread) per request one at a time, in ms, from /proc. */
  cpuMs: number;
  requestsPerSecond: number;
  /** Requests under load. */
  asked: number;
  /** Answers from the page cache: must be 0. */
  cacheHits: number;
  /** Mean compressed bytes sent per page. */
  bytes: number;
}

export interface FirstViewFigures {
  size: number;
  renderThreads: string;
  rows: FirstViewRow[];
  idleRssMB: number;
  peakRssMB: number;
}

interface Addresses {
  kind: FirstViewPage;
  page: string;
  paths: string[];
  /** The API call answering the same thing, when there is one. */
  api?: { label: string; paths: string[] };
}

/** Distinct addresses of each kind, drawn from `size` demo vehicles written into `dataDir`. */
export async function firstViewStock(dataDir: string, size: number): Promise<Addresses[]> {
  const stock = [...generateDemoStock({ count: size, referenceDate: new Date("2026-11-01T00:00:00Z") })];
  const store = await FileVehicleStore.open(dataDir);
  await store.applyChange({ records: stock.map((record) => ({ id: record._id, record })), mode: "upsert" });
  await store.close();
  const count = 2 * SEQUENTIAL + UNDER_LOAD;
  const ids = shuffled(stock.map((record) => record._id)).slice(0, count);
  const queries = [...new Set(searchScreenQueries(stock, 3 * count))].slice(0, count);
  const unread = (path: string) => Array.from({ length: count }, (_, n) => `${path}?deposit=${n + 1}`);
  return [
    {
      kind: "vehicle",
      page: "/vehicles/{id}",
      paths: ids.map((id) => `/vehicles/${id}`),
      api: { label: "/api/vehicles/{id}", paths: ids.map((id) => `/api/vehicles/${id}`) },
    },
    {
      kind: "search",
      page: "/{type}-search?…",
      paths: queries.map((query) => query.replace(/^(car|van|truck)\?/, "/$1-search?")),
      api: { label: "/api/search/{type}?…", paths: queries.map((query) => `/api/search/${query}`) },
    },
    { kind: "home", page: "/", paths: unread("/") },
    { kind: "category", page: "/vans/used", paths: unread("/vans/used") },
  ];
}

/** A fixed shuffle, so that runs compared in turn ask for the same addresses. */
function shuffled<T>(items: T[]): T[] {
  let state = 2026;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * Runs the built site (`serverEntry`, the current build unless given) over `dataDir` and
 * measures each kind of page and its API call, on addresses not asked before in this run.
 */
export async function benchFirstView(
  dataDir: string,
  size: number,
  addresses: Addresses[],
  port: number,
  options: { serverEntry?: string; env?: Record<string, string>; underLoad?: number } = {},
): Promise<FirstViewFigures> {
  const { server, url } = await spawnBuiltSite({ dataDir, port, entry: options.serverEntry, env: options.env, timeoutMs: 300_000 });
  const idleRssMB = await residentMB(server.pid!);
  let peakRssMB = idleRssMB;
  const sampler = setInterval(() => {
    residentMB(server.pid!).then(
      (mb) => (peakRssMB = Math.max(peakRssMB, mb)),
      () => undefined,
    );
  }, 250);
  try {
    const rows: FirstViewRow[] = [];
    const loadCount = options.underLoad ?? UNDER_LOAD;
    for (const kind of addresses) {
      for (const { label, paths } of [{ label: kind.page, paths: kind.paths }, ...(kind.api ? [kind.api] : [])]) {
        // Warm up the JIT as a running site is warm, on addresses the timed runs never ask.
        await oneAtATime(url, paths.slice(0, SEQUENTIAL));
        const cpuBefore = await processCpuMs(server.pid!);
        const sequential = await oneAtATime(url, paths.slice(SEQUENTIAL, 2 * SEQUENTIAL));
        const cpuMs = ((await processCpuMs(server.pid!)) - cpuBefore) / SEQUENTIAL;
        const load = await underLoad(url, paths.slice(2 * SEQUENTIAL, 2 * SEQUENTIAL + loadCount));
        rows.push({
          page: label,
          ...load,
          oneAtATime: stats(sequential.times),
          cpuMs,
          cacheHits: sequential.cacheHits + load.cacheHits,
          bytes: sequential.bytes,
        });
      }
    }
    return { size, renderThreads: options.env?.RENDER_THREADS ?? "default", rows, idleRssMB, peakRssMB };
  } finally {
    clearInterval(sampler);
    // Gone before the next build starts on the same folder and port, or the folder is removed.
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
  }
}

/** Over one kept-alive connection, as a browser asks, counting the bytes sent (still compressed). */
async function oneAtATime(url: string, paths: readonly string[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let cacheHits = 0;
  let bytes = 0;
  try {
    for (const requestPath of paths) {
      const started = performance.now();
      const { status, headers, length } = await new Promise<{ status: number; headers: IncomingHttpHeaders; length: number }>(
        (resolve, reject) => {
          get(`${url}${requestPath}`, { agent, headers: AS_A_BROWSER_ASKS }, (response) => {
            let length = 0;
            response.on("data", (chunk: Buffer) => (length += chunk.length));
            response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, length }));
            response.on("error", reject);
          }).on("error", reject);
        },
      );
      times.push(performance.now() - started);
      if (status !== 200) throw new Error(`${requestPath} answered ${status}`);
      if (headers["x-page-cache"] === "hit") cacheHits++;
      bytes += length;
    }
  } finally {
    agent.destroy();
  }
  return { times, cacheHits, bytes: Math.round(bytes / paths.length) };
}

async function underLoad(url: string, paths: readonly string[]) {
  let next = 0;
  let cacheHits = 0;
  const result = await autocannon({
    url,
    connections: FIRST_VIEW_CONNECTIONS,
    amount: paths.length,
    headers: AS_A_BROWSER_ASKS,
    requests: [
      {
        method: "GET",
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }),
        onResponse: (_status, _body, _context, headers) => {
          if (headers?.["x-page-cache"] === "hit") cacheHits++;
        },
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`Under load: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  const seconds = (Date.parse(String(result.finish)) - Date.parse(String(result.start))) / 1000;
  return { requestsPerSecond: result.requests.total / seconds, asked: result.requests.total, cacheHits };
}

/** Resident memory of a process, from Linux's /proc. */
export async function residentMB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

/** The table docs/benchmarks.md shows, one row per page kind and its API call. */
export function firstViewTable(figures: FirstViewFigures[]): string[] {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return [
    `First view, each address asked once (${FIRST_VIEW_CONNECTIONS} connections under load; compressed as a browser asks):`,
    "",
    "| vehicles | render threads | address | p50 one at a time | p95 | site CPU per request | requests/s, 8 connections | asked under load | page cache hits | bytes sent | site RSS after start / peak |",
    "|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...figures.flatMap((run) =>
      run.rows.map(
        (row) =>
          `| ${run.size.toLocaleString("en-GB")} | ${run.renderThreads} | \`${row.page}\` | ${ms(row.oneAtATime.median)} | ${ms(row.oneAtATime.p95)} | ${ms(row.cpuMs)} | ${Math.round(row.requestsPerSecond).toLocaleString("en-GB")} | ${row.asked.toLocaleString("en-GB")} | ${row.cacheHits} | ${(row.bytes / 1024).toFixed(1)} KB | ${Math.round(run.idleRssMB)} / ${Math.round(run.peakRssMB)} MB |`,
      ),
    ),
    "",
  ];
}

/** Runs `work` over a fresh data folder holding `size` demo vehicles, and the addresses of the `pages` kinds drawn from them. */
export async function withFirstViewStock<T>(
  size: number,
  pages: readonly FirstViewPage[],
  work: (dataDir: string, addresses: Addresses[]) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `bench-first-view-${size}-`));
  try {
    return await work(
      dataDir,
      (await firstViewStock(dataDir, size)).filter(({ kind }) => pages.includes(kind)),
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
