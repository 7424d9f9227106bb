import { mkdtemp, readFile, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { SiteMetrics } from "../backend/observability/site-metrics";
import { spawnBuiltSite, stopSite } from "../tests/support/built-site";
import { freePort } from "../tests/support/free-port";

/**
 * What the metrics cost a request, in CPU: the work each request adds (counted, timed, its
 * route kind found, its engine calls timed, the page cache's answer counted), done a few
 * hundred thousand times in this process; beside it, the CPU the built site spends on a
 * request of the search API under 8 connections (read from /proc), so the share is plain.
 * Metrics are always on, so the site's figure includes them.
 */
const ITERATIONS = 300_000;
const LOAD_SECONDS = 5;
const CLOCK_TICKS_PER_SECOND = 100;

function metricsWorkPerRequestMicroseconds(): number {
  const metrics = new SiteMetrics({ search: "embedded", store: "file" });
  const paths = ["/api/vehicles/search/car", "/car-search", "/vehicles/fiesta-2019", "/api/finance-application", "/"];
  const once = (i: number) => {
    metrics.requestAnswered(paths[i % paths.length]!, "GET", 200, 0.004, i % 2 ? "hit" : "miss");
    metrics.engineCalled("search", 0.001, "ok");
    metrics.engineCalled("store", 0.0002, "ok");
  };
  for (let i = 0; i < 20_000; i++) once(i);
  const before = process.cpuUsage();
  for (let i = 0; i < ITERATIONS; i++) once(i);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / ITERATIONS;
}

/** CPU seconds a process has used, from /proc (user and system). */
async function cpuSecondsOf(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

export async function benchMetricsCost(): Promise<string[]> {
  process.stderr.write("Metrics' cost per request...\n");
  const microseconds = metricsWorkPerRequestMicroseconds();
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-metrics-"));
  const site = await spawnBuiltSite({
    dataDir,
    port: await freePort(),
    env: { DEMO_STOCK_SIZE: "2000", RENDER_THREADS: "0" },
    timeoutMs: 60_000,
  });
  try {
    const url = `${site.url}/api/vehicles/search/car?make=Ford&pageSize=24`;
    await autocannon({ url, connections: 8, duration: 1 });
    const cpuBefore = await cpuSecondsOf(site.server.pid!);
    const load = await autocannon({ url, connections: 8, duration: LOAD_SECONDS });
    const siteCpu = (await cpuSecondsOf(site.server.pid!)) - cpuBefore;
    const requests = load.requests.total;
    const sitePerRequest = (siteCpu * 1e6) / requests;
    return [
      "",
      `The metrics' CPU per request (load average ${loadavg()[0]!.toFixed(1)}):`,
      "",
      "| metrics' work per request | the site's CPU per search API request (2,000 vehicles, 8 connections) | share |",
      "|---:|---:|---:|",
      `| ${microseconds.toFixed(2)} µs | ${sitePerRequest.toFixed(0)} µs (${requests} requests in ${LOAD_SECONDS} s) | ${((microseconds / sitePerRequest) * 100).toFixed(2)}% |`,
    ];
  } finally {
    await stopSite(site);
    await rm(dataDir, { recursive: true, force: true });
  }
}
