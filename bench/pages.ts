import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { runCli } from "../tests/support/run-cli";
import { backgroundLoad } from "./background-load";

/**
 * The pages a visitor actually opens, as the server renders them (HTML, not the API): each
 * under `connections` connections for the bench's duration, and all of them together while
 * `stock:reindex` makes the site rebuild its index. Each request asks for a compressed
 * answer, as every browser does.
 */

const AS_A_BROWSER_ASKS = { "accept-encoding": "gzip, deflate, br, zstd" };

export interface PageLoad {
  path: string;
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
}

export interface PagesFigures {
  pages: PageLoad[];
  /** Every page in turn, from before `stock:reindex` starts until a second after the site has rebuilt. */
  duringReindex: PageLoad & { rebuildMs: number };
}

const GIVE_UP_MS = 120_000;

export async function benchPages(site: { url: string; dataDir: string }, seconds: number, connections: number): Promise<PagesFigures> {
  const [vehicle] = (await (await fetch(`${site.url}/api/vehicles/search/car?pageSize=1`)).json()) as { _id: string }[];
  const paths = ["/car-search?make=Ford", "/car-search", `/vehicles/${vehicle!._id}`];
  const pages: PageLoad[] = [];
  for (const path of paths) {
    const result = await autocannon({ url: `${site.url}${path}`, connections, duration: seconds, headers: AS_A_BROWSER_ASKS });
    pages.push(loadOf(path, result));
  }
  return { pages, duringReindex: await loadDuringReindex(site, paths, connections) };
}

async function loadDuringReindex(site: { url: string; dataDir: string }, paths: string[], connections: number) {
  const indexedAt = async () => ((await (await fetch(`${site.url}/healthz`)).json()) as { indexedAt: string }).indexedAt;
  const before = await indexedAt();
  const load = backgroundLoad(site.url, paths, connections, GIVE_UP_MS / 1000, AS_A_BROWSER_ASKS);
  try {
    await sleep(2000);
    const started = performance.now();
    const { status, stderr } = await runCli(["reindex"], site.dataDir).done;
    if (status !== 0) throw new Error(`stock:reindex failed (${status}): ${stderr}`);
    while ((await indexedAt()) === before) {
      if (performance.now() - started > GIVE_UP_MS) throw new Error(`The site did not rebuild within ${GIVE_UP_MS / 1000} s`);
      await sleep(50);
    }
    const rebuildMs = performance.now() - started;
    // Long enough after the rebuild to see pages rendered afresh from the new index.
    await sleep(1000);
    load.stop();
    return { ...loadOf("all three, during stock:reindex", await load.finished), rebuildMs };
  } finally {
    load.stop();
  }
}

function loadOf(path: string, result: autocannon.Result): PageLoad {
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  return { path, requestsPerSecond: result.requests.average, latencyP50: result.latency.p50, latencyP99: result.latency.p99 };
}
