import { mkdtemp, rm } from "node:fs/promises";
import { cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { Catalogue } from "../backend/catalogue";
import { generateDemoStock } from "../backend/demo-stock/generate-demo-stock";
import { meiliClient, meiliSearchClient } from "../backend/search/meili-adapter";
import { createLogger } from "../backend/logger";
import { MeiliIndexer } from "../backend/search/meili-indexer";
import { ensureSearchKey, searchKeyUid } from "../backend/search/meili-keys";
import { MeiliSearchEngine } from "../backend/search/meili-search";
import { FileVehicleStore } from "../backend/store/file-vehicle-store";
import { parseSearchRequest } from "../domain/parse-search-request";
import type { SearchRequest } from "../domain/search-request";
import type { VehicleType } from "../domain/vehicle";
import { meiliForTests } from "../tests/support/servers/meilisearch-server";
import { searchScreenQueries, stats } from "./search-queries";
import { versionIndexUid } from "../backend/search/meili-index-version";
import { meiliBreakdown } from "./meili-breakdown";

/**
 * `npm run bench:meili [-- --size 100000 --max-total-hits 1000000,100000]`: the search
 * screen's query (filters, every filter's options, the first page of records) through
 * the Meilisearch engine, one at a time, for each `maxTotalHits` setting, with the
 * bench's queries; before that, with the settings stock:setup gives the index, where the
 * search screen's time goes (bench/meili-breakdown.ts). `--max-total-hits ""` runs the
 * breakdown alone. Meilisearch is found as the test suites find it (TEST_MEILI_URL,
 * MEILI_BINARY or meilisearch on PATH, or a container); without one it says why and stops.
 */

const { values } = parseArgs({
  options: {
    size: { type: "string", default: "100000" },
    "max-total-hits": { type: "string", default: "1000000,200000,100000,1000" },
  },
});
const size = Number(values.size);
const settings = values["max-total-hits"].split(",").filter(Boolean).map(Number);
const QUERIES = 600;
/** Distinct search-screen queries for the breakdown: half one at a time, half at once. */
const BREAKDOWN_SEARCHES = 1200;
const WARM_UP = 100;

const server = await meiliForTests();
if ("skipReason" in server) {
  process.stderr.write(`Skipped the Meilisearch bench: ${server.skipReason}.\n`);
  process.exit(0);
}
const admin = meiliClient(server.url, server.adminKey);
const name = `bench_${size}_${Date.now()}`;
const dataDir = await mkdtemp(path.join(tmpdir(), "bench-meili-"));
const rows: string[] = [];
try {
  process.stderr.write(`Generating ${size.toLocaleString("en-GB")} vehicles...\n`);
  const stock = [...generateDemoStock({ count: size, referenceDate: new Date("2026-11-01T00:00:00Z") })];
  const store = await FileVehicleStore.open(dataDir);
  await store.applyChange({ records: stock.map((record) => ({ id: record._id, record })), mode: "upsert" });
  const requests = searchScreenQueries(stock, QUERIES).map(toRequest);
  const distinctSearches = [...new Set(searchScreenQueries(stock, 20 * BREAKDOWN_SEARCHES))].slice(0, BREAKDOWN_SEARCHES).map(toRequest);
  stock.length = 0;

  process.stderr.write(`Indexing them in ${server.label}...\n`);
  const built = performance.now();
  await new MeiliIndexer(admin, name, createLogger("silent")).fullSync(() => store.scan());
  const buildSeconds = (performance.now() - built) / 1000;
  const engine = new MeiliSearchEngine(meiliSearchClient(server.url, await ensureSearchKey(admin, name)), name);
  const catalogue = new Catalogue(store, engine, createLogger("silent"));
  const searchClient = meiliSearchClient(server.url, await ensureSearchKey(admin, name));
  const breakdown = await meiliBreakdown({
    client: searchClient,
    index: name,
    store,
    meiliPort: Number(new URL(server.url).port),
    searches: distinctSearches,
  });

  let exactTotals: number[] | undefined;
  for (const maxTotalHits of settings) {
    await admin
      .index(name)
      .updatePagination({ maxTotalHits })
      .waitTask({ timeout: 10 * 60_000 });
    for (const { type, request } of requests.slice(0, WARM_UP)) await catalogue.searchJson(type, request, true);
    const times: number[] = [];
    const totals: number[] = [];
    for (const { type, request } of requests) {
      const started = performance.now();
      const { total } = await catalogue.searchJson(type, request, true);
      times.push(performance.now() - started);
      totals.push(total);
    }
    exactTotals ??= totals;
    const wrong = totals.filter((total, i) => total !== exactTotals![i]).length;
    const { median, p95 } = stats(times);
    const mean = times.reduce((sum, ms) => sum + ms, 0) / times.length;
    rows.push(
      `| ${maxTotalHits.toLocaleString("en-GB")} | ${median.toFixed(1)} ms | ${p95.toFixed(1)} ms | ${mean.toFixed(1)} ms | ${wrong} of ${totals.length} |`,
    );
    process.stderr.write(`maxTotalHits ${maxTotalHits}: median ${median.toFixed(1)} ms\n`);
  }
  await store.close();
  process.stdout.write(
    [
      `Machine: ${cpus().length} × ${cpus()[0]?.model ?? "unknown CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${server.label}`,
      `${size.toLocaleString("en-GB")} vehicles, indexed in ${buildSeconds.toFixed(1)} s; ${QUERIES} search-screen queries one at a time after ${WARM_UP} to warm up`,
      "",
      `| maxTotalHits | median | p95 | mean | totals unlike the first setting's |`,
      "|---:|---:|---:|---:|---:|",
      ...rows,
      "",
      ...breakdown,
    ].join("\n"),
  );
} finally {
  await admin.deleteKey(searchKeyUid(name)).catch(() => undefined);
  await admin.deleteIndexIfExists(name);
  await admin.deleteIndexIfExists(versionIndexUid(name));
  await rm(dataDir, { recursive: true, force: true });
  await server.stop();
}

function toRequest(query: string): { type: VehicleType; request: SearchRequest } {
  const [type, params] = query.split("?") as [VehicleType, string];
  const parsed = parseSearchRequest(new URLSearchParams(params));
  if (!parsed.ok) throw new Error(`The bench made a query the site refuses: ${query}`);
  return { type, request: parsed.value };
}
