import { mkdtemp, rm } from "node:fs/promises";
import { cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { generateDemoStock } from "../backend/demo-stock/generate-demo-stock";
import { EmbeddedSearch } from "../backend/search/embedded-search";
import { FileVehicleStore } from "../backend/store/file-vehicle-store";
import { ageingTable, benchAgeing } from "./ageing";
import {
  alertMatchingRows,
  benchAlertMatching,
  benchPagesWhileAlerting,
  pagesWhileRows,
  type AlertMatchingFigures,
  type PagesWhileFigures,
} from "./alert-matching";
import { benchDistanceSearch } from "./distance-search";
import { benchEnginesSideBySide } from "./engines-side-by-side";
import {
  benchFirstView,
  FIRST_VIEW_PAGES,
  firstViewTable,
  residentMB,
  UNDER_LOAD,
  withFirstViewStock,
  type FirstViewFigures,
  type FirstViewPage,
} from "./first-view";
import { benchFreshAfterImport, type FreshnessFigures } from "./fresh-after-import";
import { benchMetricsCost } from "./metrics-cost";
import { benchPages, type PageLoad, type PagesFigures } from "./pages";
import { benchPhotos } from "./photos";
import { benchSiteImport } from "./site-import";
import { benchProductionPairing } from "./production-pairing";
import { benchSearchScreen, type SearchScreenFigures } from "./search-screen";
import { benchSignInFlood, signInFloodTable } from "./sign-in-flood";
import { benchStockTable, stockTableRows, type StockTableFigures } from "./stock-table";
import { benchDashboard, dashboardRows, type DashboardFigures } from "./dashboard";
import { keywordQueries, searchScreenQueries, stats, type Stats } from "./search-queries";
import { spawnBuiltSite } from "../tests/support/built-site";
import { buildSite } from "./site-process";

/**
 * `npm run bench [-- --sizes 20000,100000,440021]`: the search screen's API call (filters,
 * every option count and the first page) against the embedded engine at each stock size,
 * with filters only and with keywords (bench/search-queries.ts),
 * served by the production build (`node build/server/index.js`) in its own process.
 * Reports server time one request at a time (from Server-Timing), requests per second with
 * 32 connections, the server's start-up time and resident memory, and the index build time.
 * `--heap-mb N` runs the site with its V8 heap capped, as docs/benchmarks.md recommends.
 * Then the pages a visitor opens, as HTML, under 32 connections each and during a
 * `stock:reindex` (bench/pages.ts); and, still under 32 connections of searches, how long
 * the site takes to serve what a `stock:import` has just written (bench/fresh-after-import.ts).
 * Then the first view of vehicle and search pages, each address asked once, at each of the
 * `--first-view` sizes (bench/first-view.ts): for each, the site as built, or each server
 * entry of `--first-view-builds` (a copy of an earlier build, say) and each `RENDER_THREADS`
 * of `--first-view-threads`, run in turn `--first-view-rounds` times; the home page and
 * /vans/used too, each request a first view (`--first-view-pages` chooses among vehicle,
 * search, home and category; `--first-view-load` asks fewer addresses of each under load).
 * Then the stock table (/staff/stock) at each `--stock-table` size (bench/stock-table.ts), and
 * the staff dashboard at each `--dashboard` size of stock and leads (bench/dashboard.ts).
 * Last, the embedded engine and Meilisearch side by side at `--side-by-side` vehicles
 * (bench/engines-side-by-side.ts; reported skipped, with the reason, where no Meilisearch can
 * be found or started); `--sizes ""` runs that comparison alone. And a search sorted by
 * distance from a buyer's postcode beside the same search by relevance, CPU per request, on
 * the group demo's three branches at each `--distance` size, in the embedded engine and in
 * Meilisearch where one can be found (bench/distance-search.ts). Then the search page on the
 * production pairing, FerretDB (FERRETDB_BINARY) and Meilisearch, at `--pairing` vehicles,
 * this build and each of `--pairing-builds` in turn, `--pairing-rounds` times
 * (bench/production-pairing.ts; 0 skips it).
 * `--ageing 0,1000,10000,100000` times the staff pages of an embedded site as its leads and
 * audit log grow (bench/ageing.ts), this build and each of `--ageing-builds` in turn, with
 * `--ageing-audit-per-lead` audit entries a lead (10 by default), each of them then importing
 * a `--ageing-import` row feed through its stock console, /healthz watched
 * (bench/site-import.ts). And a
 * 12-megapixel photo through the photo library, every width in AVIF, WebP and JPEG
 * (bench/photos.ts; `--photos 0` skips it). And /healthz and a member of staff signing in
 * during a flood of 300 sign-ins for unknown addresses (bench/sign-in-flood.ts), this build
 * and each of `--sign-in-flood-builds` in turn (`--sign-in-flood 0` skips it). And the
 * metrics' CPU per request beside the site's own (bench/metrics-cost.ts; `--metrics-cost 0` skips it).
 * And buyers' saved searches at `--alerts` (and as many vehicles): a feed of `--alert-changes`
 * matched, and the whole round that e-mails them; and at `--alert-pages`, the first view of
 * pages while that round runs, beside the same import without alerts (bench/alert-matching.ts).
 */

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "20000,100000" },
    seconds: { type: "string", default: "10" },
    /** Caps the site's V8 heap (--max-old-space-size), as a production deployment should. */
    "heap-mb": { type: "string" },
    /** The stock size at which the search screen is also timed in Chromium; 0 to skip. */
    "screen-at": { type: "string", default: "20000" },
    /** The stock size at which the embedded engine and Meilisearch are compared side by side; 0 to skip. */
    "side-by-side": { type: "string", default: "100000" },
    "side-by-side-seconds": { type: "string", default: "8" },
    /** Stock sizes at which a distance-sorted search is timed beside a relevance one (bench/distance-search.ts); empty to skip. */
    distance: { type: "string", default: "100000" },
    "first-view": { type: "string", default: "3000,100000" },
    "first-view-builds": { type: "string", default: "" },
    "first-view-threads": { type: "string", default: "" },
    "first-view-rounds": { type: "string", default: "1" },
    /** Which pages' first view is measured: vehicle, search, home, category (/vans/used). */
    "first-view-pages": { type: "string", default: FIRST_VIEW_PAGES.join(",") },
    /** Addresses of each kind asked under load; fewer on a shared machine. */
    "first-view-load": { type: "string", default: String(UNDER_LOAD) },
    "stock-table": { type: "string", default: "100000" },
    /** Vehicles and leads (as many of each) at which the staff dashboard is timed (bench/dashboard.ts); empty to skip. */
    dashboard: { type: "string", default: "100000" },
    /** Lead counts at which an ageing embedded site's staff pages are timed (bench/ageing.ts); empty to skip. */
    ageing: { type: "string", default: "" },
    /** Earlier builds' server entries, timed in turn with this one on the same history. */
    "ageing-builds": { type: "string", default: "" },
    /** Rows of the feed each ageing build imports through its stock console, /healthz watched (bench/site-import.ts); 0 to skip. */
    "ageing-import": { type: "string", default: "100000" },
    /** Audit entries written for each lead: 10 gives 1,000,000 at 100,000 leads, 30 gives 3,000,000. */
    "ageing-audit-per-lead": { type: "string", default: "10" },
    /** Vehicles stock:setup loads for the search page on FerretDB and Meilisearch (bench/production-pairing.ts); 0 to skip. */
    pairing: { type: "string", default: "2000" },
    /** Earlier builds' server entries, timed in turn with this one on the production pairing. */
    "pairing-builds": { type: "string", default: "" },
    "pairing-rounds": { type: "string", default: "2" },
    "pairing-seconds": { type: "string", default: "15" },
    /** Times a 12-megapixel photo's processing into every size and format (bench/photos.ts); 0 to skip. */
    photos: { type: "string", default: "1" },
    /** Times /healthz and a staff sign-in during a flood of failed sign-ins (bench/sign-in-flood.ts); 0 to skip. */
    "sign-in-flood": { type: "string", default: "1" },
    /** Earlier builds' server entries, flooded in turn with this one. */
    "sign-in-flood-builds": { type: "string", default: "" },
    /** Times the metrics' work per request beside the site's CPU per request (bench/metrics-cost.ts); 0 to skip. */
    "metrics-cost": { type: "string", default: "1" },
    /** Saved searches (over as many vehicles) whose alerts are matched against a feed (bench/alert-matching.ts); empty to skip. */
    alerts: { type: "string", default: "100000" },
    "alert-changes": { type: "string", default: "1000" },
    /** Saved searches (over as many vehicles) at which pages are timed while the alerts' round runs; empty to skip. */
    "alert-pages": { type: "string", default: "100000" },
  },
});
const heapArgs = values["heap-mb"] ? [`--max-old-space-size=${Number(values["heap-mb"])}`] : [];
const sizes = values.sizes.split(",").filter(Boolean).map(Number);
const firstViewPages = values["first-view-pages"].split(",").filter(Boolean) as FirstViewPage[];
const unknownPages = firstViewPages.filter((kind) => !FIRST_VIEW_PAGES.includes(kind));
if (unknownPages.length > 0) throw new Error(`--first-view-pages takes ${FIRST_VIEW_PAGES.join(", ")}, not ${unknownPages.join(", ")}`);
const loadSeconds = Number(values.seconds);
const SEQUENTIAL_REQUESTS = 600;
const CONNECTIONS = 32;

interface SizeResult {
  size: number;
  startMs: number;
  rebuildMs: number;
  idleRssMB: number;
  peakRssMB: number;
  searchScreen: Stats;
  keywords: Stats;
  results: Stats;
  distinct: Stats;
  requestsPerSecond: number;
  loadLatencyP50: number;
  loadLatencyP99: number;
  screen?: SearchScreenFigures;
  pages: PagesFigures;
  freshness: FreshnessFigures;
}

async function serverTimes(url: string, paths: string[]): Promise<Stats> {
  const times: number[] = [];
  for (const requestPath of paths) {
    const response = await fetch(`${url}${requestPath}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${requestPath} answered ${response.status}`);
    times.push(Number(/dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "")?.[1]));
  }
  return stats(times);
}

async function benchSize(size: number, port: number): Promise<SizeResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `bench-${size}-`));
  try {
    const stock = [...generateDemoStock({ count: size, referenceDate: new Date("2026-11-01T00:00:00Z") })];
    const store = await FileVehicleStore.open(dataDir);
    await store.applyChange({ records: stock.map((record) => ({ id: record._id, record })), mode: "upsert" });
    const queries = searchScreenQueries(stock, SEQUENTIAL_REQUESTS);
    const keywordSearches = keywordQueries(stock, SEQUENTIAL_REQUESTS);
    stock.length = 0;

    const rebuildStarted = performance.now();
    await new EmbeddedSearch().rebuild(store);
    const rebuildMs = performance.now() - rebuildStarted;
    await store.close();

    const { server, url, startMs } = await spawnBuiltSite({ dataDir, port, nodeArgs: heapArgs });
    const idleRssMB = await residentMB(server.pid!);
    let peakRssMB = idleRssMB;
    const sampler = setInterval(() => {
      residentMB(server.pid!).then(
        (mb) => (peakRssMB = Math.max(peakRssMB, mb)),
        () => undefined,
      );
    }, 250);
    try {
      // Warm up the JIT the way a running site is warm.
      await serverTimes(
        url,
        queries.slice(0, 100).map((q) => `/api/search/${q}`),
      );
      const searchScreen = await serverTimes(
        url,
        queries.map((q) => `/api/search/${q}`),
      );
      await serverTimes(
        url,
        keywordSearches.slice(0, 100).map((q) => `/api/search/${q}`),
      );
      const keywords = await serverTimes(
        url,
        keywordSearches.map((q) => `/api/search/${q}`),
      );
      const results = await serverTimes(
        url,
        queries.map((q) => `/api/vehicles/search/${q}`),
      );
      const distinct = await serverTimes(
        url,
        queries.map((q) => `/api/vehicles/distinct/${q}`),
      );

      let next = 0;
      const load = await autocannon({
        url,
        connections: CONNECTIONS,
        duration: loadSeconds,
        requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: `/api/search/${queries[next++ % queries.length]}` }) }],
      });
      if (load.non2xx > 0 || load.errors > 0) throw new Error(`Load test saw ${load.non2xx} non-2xx answers and ${load.errors} errors`);
      const pages = await benchPages({ url, dataDir }, loadSeconds, CONNECTIONS);
      const screenFigures = size === Number(values["screen-at"]) ? await benchSearchScreen(url) : undefined;
      const freshness = await benchFreshAfterImport(
        { url, dataDir },
        queries.map((q) => `/api/search/${q}`),
        CONNECTIONS,
      );
      return {
        size,
        startMs,
        rebuildMs,
        idleRssMB,
        peakRssMB,
        searchScreen,
        keywords,
        results,
        distinct,
        requestsPerSecond: load.requests.average,
        loadLatencyP50: load.latency.p50,
        loadLatencyP99: load.latency.p99,
        screen: screenFigures,
        pages,
        freshness,
      };
    } finally {
      clearInterval(sampler);
      server.kill("SIGTERM");
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const rows: string[] = [];
const screenRows: string[] = [];
const freshnessRows: string[] = [];
const pageRows: string[] = [];
buildSite();
for (const [i, size] of sizes.entries()) {
  process.stderr.write(`Benchmarking ${size.toLocaleString("en-GB")} vehicles...\n`);
  const r = await benchSize(size, 3900 + i);
  rows.push(
    `| ${r.size.toLocaleString("en-GB")} | ${ms(r.searchScreen.median)} | ${ms(r.searchScreen.p95)} | ${ms(r.keywords.median)} | ${ms(r.keywords.p95)} | ${ms(r.results.p95)} | ${ms(r.distinct.p95)} | ${Math.round(r.requestsPerSecond).toLocaleString("en-GB")} (p50 ${r.loadLatencyP50} ms, p99 ${r.loadLatencyP99} ms) | ${(r.rebuildMs / 1000).toFixed(2)} s | ${(r.startMs / 1000).toFixed(2)} s | ${Math.round(r.idleRssMB)} MB | ${Math.round(r.peakRssMB)} MB |`,
  );
  const load = (page: PageLoad) =>
    `${Math.round(page.requestsPerSecond).toLocaleString("en-GB")} (p50 ${page.latencyP50} ms, p99 ${page.latencyP99} ms)`;
  const reindex = r.pages.duringReindex;
  pageRows.push(
    `| ${r.size.toLocaleString("en-GB")} | ${r.pages.pages.map(load).join(" | ")} | ${load(reindex)}, rebuilt in ${(reindex.rebuildMs / 1000).toFixed(1)} s | ${Math.round(r.requestsPerSecond).toLocaleString("en-GB")} |`,
  );
  const f = r.freshness;
  freshnessRows.push(
    `| ${r.size.toLocaleString("en-GB")} | ${(f.importMs / 1000).toFixed(1)} s | ${(f.staleMs / 1000).toFixed(1)} s | ${Math.round(f.requestsPerSecond).toLocaleString("en-GB")} (p99 ${f.latencyP99} ms) |`,
  );
  if (r.screen) {
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    screenRows.push(
      `| ${r.size.toLocaleString("en-GB")} | ${r.screen.changes} | ${ms(r.screen.medianMs)} | ${ms(r.screen.p95Ms)} | ${kb(r.screen.scriptGzipBytes)} (${kb(r.screen.scriptBytes)} raw) |`,
    );
  }
}

const firstViewRuns: FirstViewFigures[] = [];
for (const size of values["first-view"].split(",").filter(Boolean).map(Number)) {
  process.stderr.write(`First view at ${size.toLocaleString("en-GB")} vehicles...\n`);
  await withFirstViewStock(size, firstViewPages, async (dataDir, addresses) => {
    for (let round = 0; round < Number(values["first-view-rounds"]); round++) {
      for (const serverEntry of values["first-view-builds"]
        .split(",")
        .filter(Boolean)
        .concat(values["first-view-builds"] ? [] : [""])) {
        for (const threads of values["first-view-threads"]
          .split(",")
          .filter(Boolean)
          .concat(values["first-view-threads"] ? [] : [""])) {
          const figures = await benchFirstView(dataDir, size, addresses, 3940, {
            serverEntry: serverEntry || undefined,
            env: threads ? { RENDER_THREADS: threads } : {},
            underLoad: Math.min(Number(values["first-view-load"]), UNDER_LOAD),
          });
          firstViewRuns.push({ ...figures, renderThreads: `${serverEntry ? `${serverEntry}, ` : ""}${figures.renderThreads}` });
        }
      }
    }
  });
}

const stockTableRuns: StockTableFigures[] = [];
for (const size of values["stock-table"].split(",").filter(Boolean).map(Number)) {
  process.stderr.write(`Stock table at ${size.toLocaleString("en-GB")} vehicles...\n`);
  stockTableRuns.push(await benchStockTable(size, 3945));
}
const dashboardRuns: DashboardFigures[] = [];
for (const size of values.dashboard.split(",").filter(Boolean).map(Number)) {
  process.stderr.write(`Dashboard at ${size.toLocaleString("en-GB")} vehicles and leads...\n`);
  dashboardRuns.push(await benchDashboard(size, 3946));
}
const ageingSizes = values.ageing.split(",").filter(Boolean).map(Number);
const ageingBuilds = ["", ...values["ageing-builds"].split(",").filter(Boolean)];
const ageingRows = ageingSizes.length > 0 ? await benchAgeing(ageingSizes, ageingBuilds, Number(values["ageing-audit-per-lead"])) : [];
const siteImportRows =
  ageingSizes.length > 0 && Number(values["ageing-import"]) > 0 ? await benchSiteImport(Number(values["ageing-import"]), ageingBuilds) : [];

const sideBySideSize = Number(values["side-by-side"]);
const sideBySideRows = sideBySideSize > 0 ? await benchEnginesSideBySide(sideBySideSize, Number(values["side-by-side-seconds"]), 3950) : [];
const distanceRows: string[] = [];
for (const size of values.distance.split(",").filter(Boolean).map(Number)) distanceRows.push(...(await benchDistanceSearch(size, 3960)));
const pairingSize = Number(values.pairing);
const pairingRows =
  pairingSize > 0
    ? await benchProductionPairing(
        pairingSize,
        values["pairing-builds"].split(",").filter(Boolean),
        Number(values["pairing-rounds"]),
        Number(values["pairing-seconds"]),
        3955,
      )
    : [];
const photoRows = values.photos === "0" ? [] : await benchPhotos();
const signInFloodRows =
  values["sign-in-flood"] === "0" ? [] : await benchSignInFlood(["", ...values["sign-in-flood-builds"].split(",").filter(Boolean)]);
const metricsCostRows = values["metrics-cost"] === "0" ? [] : await benchMetricsCost();
const alertChanges = Number(values["alert-changes"]);
const alertRuns: AlertMatchingFigures[] = [];
for (const size of values.alerts.split(",").filter(Boolean).map(Number)) {
  process.stderr.write(`Alerts of ${size.toLocaleString("en-GB")} saved searches...\n`);
  alertRuns.push(await benchAlertMatching(size, size, alertChanges));
}
const pagesWhile: PagesWhileFigures[] = [];
for (const size of values["alert-pages"].split(",").filter(Boolean).map(Number)) {
  process.stderr.write(`Pages while alerting ${size.toLocaleString("en-GB")} saved searches...\n`);
  pagesWhile.push(...(await benchPagesWhileAlerting(size, size, alertChanges, 3955)));
}

process.stdout.write(
  [
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? "unknown CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}${heapArgs.length ? `; site run with ${heapArgs[0]}` : ""}`,
    "",
    ...(rows.length > 0
      ? [
          "| vehicles | search screen median | search screen p95 | with keywords median | with keywords p95 | results only p95 | distinct p95 | requests/s, 32 connections | index build | site start-up | site RSS after start | site RSS peak under load |",
          "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
          ...rows,
          "",
          `Pages as HTML, requests/s with ${CONNECTIONS} connections (the search screen's API call beside them):`,
          "",
          "| vehicles | /car-search?make=Ford | /car-search | /vehicles/{id} | all three during stock:reindex | API /api/search |",
          "|---:|---:|---:|---:|---:|---:|",
          ...pageRows,
          "",
          `After an import of 20 new vehicles, under ${CONNECTIONS} connections of searches:`,
          "",
          "| vehicles | import command | stale after it ended | searches meanwhile |",
          "|---:|---:|---:|---:|",
          ...freshnessRows,
          "",
        ]
      : []),
    ...(screenRows.length > 0
      ? [
          "Search screen in Chromium (a make chosen or cleared, to updated results on screen):",
          "",
          "| vehicles | filter changes | median | p95 | JavaScript loaded, gzipped |",
          "|---:|---:|---:|---:|---:|",
          ...screenRows,
          "",
        ]
      : []),
    ...(firstViewRuns.length > 0 ? firstViewTable(firstViewRuns) : []),
    ...stockTableRows(stockTableRuns),
    ...dashboardRows(dashboardRuns),
    ...sideBySideRows,
    ...distanceRows,
    ...pairingRows,
    ...(ageingRows.length > 0
      ? ["", "An ageing embedded site, staff pages one request at a time (median, to the last byte):", "", ...ageingTable(ageingRows)]
      : []),
    ...siteImportRows,
    ...photoRows,
    ...(signInFloodRows.length > 0 ? signInFloodTable(signInFloodRows) : []),
    ...metricsCostRows,
    ...alertMatchingRows(alertRuns),
    ...pagesWhileRows(pagesWhile),
  ].join("\n"),
);
