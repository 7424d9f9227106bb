import { writeFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { runCli } from "../tests/support/run-cli";
import { backgroundLoad } from "./background-load";

/**
 * How long a running site, busy with search traffic, takes to serve stock that an import
 * (`npm run stock:import`, run as a stock manager runs it) has just written: from the
 * import's end to the first search that finds the new vehicles.
 */

const NEW_VEHICLES = 20;
/** A make no generated vehicle has, so one search tells whether the new ones are in. */
const MARKER_MAKE = "Freshness";
const GIVE_UP_MS = 120_000;

export interface FreshnessFigures {
  /** The import command, start to exit. */
  importMs: number;
  /** From the import's exit to the first search that finds its vehicles. */
  staleMs: number;
  /** Search requests answered per second meanwhile, and their latency. */
  requestsPerSecond: number;
  latencyP99: number;
}

export async function benchFreshAfterImport(
  site: { url: string; dataDir: string },
  searchPaths: string[],
  connections: number,
): Promise<FreshnessFigures> {
  const feed = path.join(site.dataDir, "freshness-feed.ndjson");
  await writeFile(
    feed,
    newVehicles()
      .map((record) => JSON.stringify(record))
      .join("\n"),
  );

  const load = backgroundLoad(site.url, searchPaths, connections, GIVE_UP_MS / 1000);
  try {
    await sleep(2000);
    const importStarted = performance.now();
    const { status, stderr } = await runCli(["import", feed], site.dataDir).done;
    if (status !== 0) throw new Error(`The import failed (${status}): ${stderr}`);
    const imported = performance.now();
    while ((await markedCount(site.url)) < NEW_VEHICLES) {
      if (performance.now() - imported > GIVE_UP_MS) throw new Error(`The site did not serve the import within ${GIVE_UP_MS / 1000} s`);
      await sleep(50);
    }
    const fresh = performance.now();
    // Long enough beside the rebuild to say what the traffic saw.
    await sleep(1000);
    load.stop();
    const result = await load.finished;
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`Load saw ${result.non2xx} non-2xx answers and ${result.errors} errors`);
    return {
      importMs: imported - importStarted,
      staleMs: fresh - imported,
      requestsPerSecond: result.requests.average,
      latencyP99: result.latency.p99,
    };
  } finally {
    load.stop();
  }
}

async function markedCount(url: string): Promise<number> {
  const response = await fetch(`${url}/api/vehicles/search/car?make=${MARKER_MAKE}&pageSize=1`);
  await response.arrayBuffer();
  return Number(response.headers.get("x-total-count"));
}

function newVehicles() {
  return Array.from({ length: NEW_VEHICLES }, (_, i) => ({
    _id: `freshness-${i}`,
    vehicle: { vehicleType: "car", make: MARKER_MAKE, model: "Probe", yearOfManufacture: 2024, odometerReadingMiles: 1000 + i },
    adverts: { retailAdverts: { totalPrice: { amountGBP: 10_000 + i } } },
  }));
}
