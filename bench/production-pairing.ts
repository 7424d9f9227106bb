import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { MongoClient } from "mongodb";
import { MongoVehicleStore } from "../backend/store/mongo-vehicle-store";
import type { VehicleRecord } from "../domain/vehicle";
import { spawnBuiltSite, stopSite, type SiteProcess } from "../tests/support/built-site";
import { setUpProductionPairing } from "../tests/support/production-pairing";
import { meiliForTests } from "../tests/support/servers/meilisearch-server";
import { directUrl, startFerretDb } from "../tests/support/servers/mongodb-server";
import { cpuSecondsOf, cpuSecondsOfPid } from "./process-cpu";
import { searchScreenQueries, stats, type Stats } from "./search-queries";

/**
 * The search page on the production pairing, FerretDB and Meilisearch, as `npm run
 * stock:setup` leaves it with `vehicles` demo vehicles: this build and each of `builds` (an
 * earlier build's server entry) started in turn on the same database and index, `rounds`
 * times, so that the machine's other work falls on each alike. An earlier build reads the
 * same index: it asks Meilisearch for ids alone, and its documents' records go unread. Each
 * build starts once FerretDB is calm again (the scans an earlier build abandoned at its
 * deadline go on in FerretDB), and the CPU per page leaves out what each process spends at
 * rest in as long, measured just before.
 *
 * Each build is asked, one request at a time, `SEQUENTIAL` search pages (`/car-search?…`)
 * never asked before (so never from the page cache), and as many calls of the search API
 * (`/api/vehicles/search/…`): time to the last byte, and the CPU each process spent per
 * search page (the site, FerretDB, Meilisearch; from /proc). Then `VEHICLE_PAGES` vehicle
 * pages, the home page once, `/healthz` five times, and the search pages for `seconds` at `CONNECTIONS` connections: pages a
 * second and how many answered 5xx. FerretDB comes from FERRETDB_BINARY and Meilisearch as
 * the tests find it; without either the bench says why and is skipped.
 */

const SEQUENTIAL = 30;
/** Vehicle pages, which still read their vehicle from the store. */
const VEHICLE_PAGES = 10;
const CONNECTIONS = 8;
const HEALTH_CHECKS = 5;
/** FerretDB counts as calm below this share of a core: a build's abandoned scans must not fall on the next build's time. */
const CALM_SHARE = 0.1;
const CALM_WAIT_MS = 120_000;
/** How long FerretDB's own background work (the site's polls) is measured, to be left out of the CPU per page. */
const BACKGROUND_MS = 3000;

/** Times to the last byte, and how many answered other than 200. */
interface Timed extends Stats {
  failed: number;
}

interface PairingFigures {
  build: string;
  pages: Timed;
  api: Timed;
  vehiclePages: Timed;
  /** CPU ms per search page, of each process. */
  cpu: { site: number; ferretdb: number; meili: number };
  homeMs: number;
  healthz: Stats;
  load: { perSecond: number; p50: number; failed: number };
  loadAverage: string;
}

export async function benchProductionPairing(
  vehicles: number,
  builds: readonly string[],
  rounds: number,
  seconds: number,
  port: number,
): Promise<string[]> {
  const ferretdb = process.env.FERRETDB_BINARY;
  if (!ferretdb) return ["Search pages on FerretDB and Meilisearch: skipped, FERRETDB_BINARY is not set."];
  const meili = await meiliForTests();
  if ("skipReason" in meili) return [`Search pages on FerretDB and Meilisearch: skipped, ${meili.skipReason}.`];
  const store = await startFerretDb(ferretdb);
  try {
    process.stderr.write(`Production pairing: stock:setup with ${vehicles.toLocaleString("en-GB")} vehicles...\n`);
    const pairing = await setUpProductionPairing(directUrl(store.port), meili, vehicles);
    try {
      const stock = await readStock(directUrl(store.port), pairing.siteEnv.MONGODB_DB!);
      const searches = [...new Set(searchScreenQueries(stock, 50 * SEQUENTIAL))];
      const pages = searches.slice(0, SEQUENTIAL).map((query) => query.replace(/^(\w+)\?/, "/$1-search?"));
      const apiCalls = searches.slice(SEQUENTIAL, 2 * SEQUENTIAL).map((query) => `/api/vehicles/search/${query}`);
      const underLoad = searches.slice(2 * SEQUENTIAL).map((query) => query.replace(/^(\w+)\?/, "/$1-search?"));
      const step = Math.floor(stock.length / VEHICLE_PAGES);
      const vehiclePages = stock.filter((_, i) => i % step === 0).map(({ _id }) => `/vehicles/${_id}`);
      const figures: PairingFigures[] = [];
      for (let round = 0; round < rounds; round++) {
        for (const build of ["", ...builds]) {
          process.stderr.write(`Production pairing: ${build || "this build"}, round ${round + 1}...\n`);
          const site = await spawnBuiltSite({
            port,
            dataDir: pairing.dataDir,
            env: { ...pairing.siteEnv, LOG_LEVEL: "error" },
            timeoutMs: 120_000,
            entry: build || undefined,
          });
          try {
            await untilCalm(store.port);
            figures.push(
              await measure(
                site,
                build || "this build",
                { store: store.port, meili: Number(new URL(meili.url).port) },
                { pages, apiCalls, vehiclePages, underLoad },
                seconds,
              ),
            );
          } finally {
            await stopSite(site);
            await untilCalm(store.port);
          }
        }
      }
      return pairingTable(vehicles, meili.label, figures);
    } finally {
      await pairing.dispose();
    }
  } finally {
    await store.stop();
    await meili.stop();
  }
}

async function readStock(url: string, db: string): Promise<VehicleRecord[]> {
  const client = new MongoClient(url);
  try {
    const stock: VehicleRecord[] = [];
    for await (const record of (await MongoVehicleStore.open(client.db(db))).scan()) stock.push(record);
    return stock;
  } finally {
    await client.close();
  }
}

async function measure(
  site: SiteProcess,
  build: string,
  ports: { store: number; meili: number },
  { pages, apiCalls, vehiclePages, underLoad }: Record<"pages" | "apiCalls" | "vehiclePages" | "underLoad", readonly string[]>,
  seconds: number,
): Promise<PairingFigures> {
  const loadBefore = loadavg()[0]!;
  const cpuNow = async () => ({
    site: await cpuSecondsOfPid(site.server.pid!),
    ferretdb: (await cpuSecondsOf("ferretdb", ports.store)) ?? NaN,
    meili: (await cpuSecondsOf("meilisearch", ports.meili)) ?? NaN,
  });
  const timeEach = async (addresses: readonly string[]): Promise<Timed> => {
    const times: number[] = [];
    let failed = 0;
    for (const address of addresses) {
      const { ms, status } = await timedGet(site.url, address);
      times.push(ms);
      if (status !== 200) failed++;
    }
    return { ...stats(times), failed };
  };

  const idleFrom = await cpuNow();
  await sleep(BACKGROUND_MS);
  const idleTo = await cpuNow();
  const before = await cpuNow();
  const started = performance.now();
  const pageTimes = await timeEach(pages);
  const elapsedMs = performance.now() - started;
  const after = await cpuNow();
  // Each process's CPU over the pages, less what it spends at rest in as long (the site's polls of FerretDB, say).
  const perPage = (process: keyof typeof before) => {
    const atRest = ((idleTo[process] - idleFrom[process]) * elapsedMs) / BACKGROUND_MS;
    return ((after[process] - before[process]) * 1000 - atRest * 1000) / pages.length;
  };
  const api = await timeEach(apiCalls);
  const vehicles = await timeEach(vehiclePages);
  const homeMs = (await timedGet(site.url, "/")).ms;
  const healthz = await timeEach(Array.from({ length: HEALTH_CHECKS }, () => "/healthz"));
  const load = await searchPagesUnderLoad(site.url, underLoad, seconds);
  return {
    build,
    pages: pageTimes,
    api,
    vehiclePages: vehicles,
    cpu: { site: perPage("site"), ferretdb: perPage("ferretdb"), meili: perPage("meili") },
    homeMs,
    healthz,
    load,
    loadAverage: `${loadBefore.toFixed(1)}–${loadavg()[0]!.toFixed(1)}`,
  };
}

/** Waits until FerretDB, on `port`, spends under CALM_SHARE of a core, for at most CALM_WAIT_MS. */
async function untilCalm(port: number): Promise<void> {
  const deadline = performance.now() + CALM_WAIT_MS;
  for (;;) {
    const from = (await cpuSecondsOf("ferretdb", port)) ?? 0;
    await sleep(1000);
    const to = (await cpuSecondsOf("ferretdb", port)) ?? 0;
    if (to - from < CALM_SHARE || performance.now() > deadline) return;
  }
}

/** A GET to the last byte. */
async function timedGet(url: string, address: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(`${url}${address}`);
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

/** Search pages asked `CONNECTIONS` at a time for `seconds`, each address at most once while the pool lasts. */
async function searchPagesUnderLoad(url: string, addresses: readonly string[], seconds: number) {
  const until = performance.now() + seconds * 1000;
  const times: number[] = [];
  let next = 0;
  let failed = 0;
  const connection = async () => {
    while (performance.now() < until) {
      const address = addresses[next++ % addresses.length]!;
      const started = performance.now();
      const response = await fetch(`${url}${address}`);
      await response.arrayBuffer();
      if (response.status >= 500) failed++;
      times.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, connection));
  return { perSecond: times.length / ((performance.now() - started) / 1000), p50: stats(times).median, failed };
}

function pairingTable(vehicles: number, meiliLabel: string, figures: readonly PairingFigures[]): string[] {
  const ms = (value: number) => `${Math.round(value)} ms`;
  const timed = ({ median, p95, failed }: Timed) => `${ms(median)} / ${ms(p95)}${failed > 0 ? ` (${failed} not 200)` : ""}`;
  const cpu = (value: number) => (Number.isNaN(value) ? "?" : `${value.toFixed(1)} ms`);
  return [
    "",
    `Search pages on FerretDB and Meilisearch (${meiliLabel}), ${vehicles.toLocaleString("en-GB")} vehicles from stock:setup, builds in turn:`,
    "",
    `| build | search page, one at a time: median / p95 | CPU per search page: site / FerretDB / Meilisearch | search API median / p95 | vehicle page median / p95 | home page, first | /healthz median | search pages at ${CONNECTIONS} connections: per second, p50, 5xx | load average |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...figures.map(
      (run) =>
        `| ${run.build} | ${timed(run.pages)} | ${cpu(run.cpu.site)} / ${cpu(run.cpu.ferretdb)} / ${cpu(run.cpu.meili)} | ` +
        `${timed(run.api)} | ${timed(run.vehiclePages)} | ${ms(run.homeMs)} | ${ms(run.healthz.median)} | ` +
        `${run.load.perSecond.toFixed(1)}, ${ms(run.load.p50)}, ${run.load.failed} | ${run.loadAverage} |`,
    ),
  ];
}
