import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { dealerBranches } from "../domain/branches";
import { BranchPlaces } from "../backend/branches/branch-places";
import { loadDealerNow } from "../backend/dealer-config";
import { generateDemoStock } from "../backend/demo-stock/generate-demo-stock";
import { createLogger } from "../backend/logger";
import { meiliClient } from "../backend/search/meili-adapter";
import { versionIndexUid } from "../backend/search/meili-index-version";
import { MeiliIndexer } from "../backend/search/meili-indexer";
import { ensureSearchKey, searchKeyUid } from "../backend/search/meili-keys";
import { FileVehicleStore } from "../backend/store/file-vehicle-store";
import { spawnBuiltSite, stopSite, type SiteProcess } from "../tests/support/built-site";
import { meiliForTests } from "../tests/support/servers/meilisearch-server";
import { cpuSecondsOf, cpuSecondsOfPid } from "./process-cpu";
import { searchScreenQueries, stats } from "./search-queries";

/**
 * A search sorted by distance from a buyer's postcode beside the same search in relevance
 * order, on the group demo (`dealer-group.json`, its stock spread over three branches), in the
 * embedded engine and, where one can be found or started, in Meilisearch: the public search
 * call (`/api/vehicles/search/{type}`, a page of records, where the sort is most of the work),
 * one request at a time, each asked once (so no kept answer helps), the two kinds taken in turn
 * so that the machine's other work falls on both alike. CPU per request is the site's process
 * (and Meilisearch's) from /proc over each batch.
 */

const GROUP_DEALER_FILE = path.resolve(import.meta.dirname, "..", "dealer-group.json");
const WARM_UP = 100;
const BATCH = 150;
const ROUNDS = 4;
/** Buyers near the branches and far from them: the sort's work is the same either way. */
const POSTCODES = ["WN1", "M1 1AE", "L3 4BP", "CH2", "PR1", "BB1", "LS1", "B1", "SW1A 1AA", "EH1", "CF10", "NE1"];

interface KindFigures {
  cpuMs: number[];
  serverMs: number[];
}

interface EngineFigures {
  label: string;
  relevance: KindFigures;
  distance: KindFigures;
}

export async function benchDistanceSearch(size: number, port: number): Promise<string[]> {
  const places = BranchPlaces.of(dealerBranches(loadDealerNow(GROUP_DEALER_FILE)));
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-distance-"));
  const sites: SiteProcess[] = [];
  const found = await meiliForTests();
  const meili = "skipReason" in found ? undefined : found;
  const indexName = `bench_distance_${Date.now()}`;
  const admin = meili && meiliClient(meili.url, meili.adminKey);
  try {
    process.stderr.write(`Distance: generating ${size.toLocaleString("en-GB")} vehicles at the group's branches...\n`);
    const stock = [
      ...generateDemoStock({
        count: size,
        referenceDate: new Date("2026-11-01T00:00:00Z"),
        branches: places.branches.map((branch) => branch.code),
      }),
    ];
    const store = await FileVehicleStore.open(dataDir);
    await store.applyChange({ records: stock.map((record) => ({ id: record._id, record })), mode: "upsert" });
    const searches = [...new Set(searchScreenQueries(stock, 3 * (WARM_UP + ROUNDS * BATCH)))].slice(0, WARM_UP + ROUNDS * BATCH);
    stock.length = 0;
    const pairs = searches.map((search, index) => pairOf(search, POSTCODES[index % POSTCODES.length]!));

    let indexSeconds = 0;
    if (meili && admin) {
      process.stderr.write(`Distance: indexing them in ${meili.label}...\n`);
      const started = performance.now();
      await new MeiliIndexer(admin, indexName, createLogger("silent"), { places }).fullSync(() => store.scan());
      indexSeconds = (performance.now() - started) / 1000;
    }
    await store.close();

    const engines: { label: string; site: SiteProcess; otherCpu?: () => Promise<number> }[] = [];
    const embedded = await spawnBuiltSite({ dataDir, port, timeoutMs: 300_000, env: { DEALER_CONFIG: GROUP_DEALER_FILE } });
    sites.push(embedded);
    engines.push({ label: "embedded", site: embedded });
    if (meili && admin) {
      const site = await spawnBuiltSite({
        dataDir,
        port: port + 1,
        timeoutMs: 300_000,
        env: {
          DEALER_CONFIG: GROUP_DEALER_FILE,
          MEILI_URL: meili.url,
          MEILI_SEARCH_KEY: await ensureSearchKey(admin, indexName),
          MEILI_INDEX: indexName,
        },
      });
      sites.push(site);
      const meiliPort = Number(new URL(meili.url).port);
      engines.push({
        label: `Meilisearch (${meili.label}, indexed in ${indexSeconds.toFixed(0)} s)`,
        site,
        otherCpu: async () => (await cpuSecondsOf("meilisearch", meiliPort)) ?? Number.NaN,
      });
    }

    const figures: EngineFigures[] = [];
    for (const { label, site, otherCpu } of engines) {
      const cpu = async () => (await cpuSecondsOfPid(site.server.pid!)) + (otherCpu ? await otherCpu() : 0);
      const warmUp = pairs.slice(0, WARM_UP);
      await batch(site.url, cpu, [...warmUp.map(({ relevance }) => relevance), ...warmUp.map(({ distance }) => distance)]);
      const engine: EngineFigures = { label, relevance: { cpuMs: [], serverMs: [] }, distance: { cpuMs: [], serverMs: [] } };
      for (let round = 0; round < ROUNDS; round++) {
        const these = pairs.slice(WARM_UP + round * BATCH, WARM_UP + (round + 1) * BATCH);
        // Which kind goes first alternates, so neither always follows the other.
        const kinds = round % 2 === 0 ? (["relevance", "distance"] as const) : (["distance", "relevance"] as const);
        for (const kind of kinds) {
          const measured = await batch(
            site.url,
            cpu,
            these.map((pair) => pair[kind]),
          );
          engine[kind].cpuMs.push(measured.cpuMsPerRequest);
          engine[kind].serverMs.push(...measured.serverMs);
        }
      }
      figures.push(engine);
    }

    const ms = (value: number) => `${value.toFixed(2)} ms`;
    const cpuOf = (kind: KindFigures) => kind.cpuMs.reduce((sum, value) => sum + value, 0) / kind.cpuMs.length;
    return [
      `Distance sort beside relevance, ${size.toLocaleString("en-GB")} vehicles at three branches (dealer-group.json), the public search call \`/api/vehicles/search/{type}\` with the search screen's filters, one request at a time, ${ROUNDS} × ${BATCH} distinct searches of each kind${"skipReason" in found ? `; Meilisearch skipped, ${found.skipReason}` : ""}:`,
      "",
      "| engine | relevance CPU/request | distance CPU/request | distance ÷ relevance (target ≤ 1.5×) | relevance server median | distance server median |",
      "|---|---:|---:|---:|---:|---:|",
      ...figures.map(
        ({ label, relevance, distance }) =>
          `| ${label} | ${ms(cpuOf(relevance))} | ${ms(cpuOf(distance))} | ${(cpuOf(distance) / cpuOf(relevance)).toFixed(2)}× | ${ms(stats(relevance.serverMs).median)} | ${ms(stats(distance.serverMs).median)} |`,
      ),
      "",
    ];
  } finally {
    for (const site of sites) await stopSite(site);
    if (admin) {
      await admin.deleteKey(searchKeyUid(indexName)).catch(() => undefined);
      await admin.deleteIndexIfExists(indexName);
      await admin.deleteIndexIfExists(versionIndexUid(indexName));
    }
    await meili?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** One search of the search screen's, in relevance order and nearest first from a postcode. */
function pairOf(search: string, postcode: string): { relevance: string; distance: string } {
  const [type, query] = search.split("?") as [string, string];
  const params = new URLSearchParams(query);
  params.delete("sort");
  const relevance = `/api/vehicles/search/${type}?${params}`;
  params.set("postcode", postcode);
  params.set("sort", "distance");
  return { relevance, distance: `/api/vehicles/search/${type}?${params}` };
}

/** Asks each address in turn; the CPU the engine's processes used over the batch, and each answer's server time. */
async function batch(
  url: string,
  cpu: () => Promise<number>,
  addresses: string[],
): Promise<{ cpuMsPerRequest: number; serverMs: number[] }> {
  const serverMs: number[] = [];
  const before = await cpu();
  for (const address of addresses) {
    const response = await fetch(`${url}${address}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${address} answered ${response.status}`);
    serverMs.push(Number(/dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "")?.[1]));
  }
  return { cpuMsPerRequest: (((await cpu()) - before) * 1000) / addresses.length, serverMs };
}
