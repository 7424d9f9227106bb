import { copyFile, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { Catalogue } from "../backend/catalogue";
import { loadConfig } from "../backend/config";
import { openEngines } from "../backend/engines";
import { createLogger } from "../backend/logger";
import { seedDemoStock } from "../backend/seed-demo-stock";
import type { ImportJob, ImportMode } from "../backend/stock/import-job";
import { StockImports } from "../backend/stock/stock-imports";
import { signedInMember } from "../tests/support/staff-accounts";
import { EMBEDDED_ENGINES } from "../tests/support/embedded-engines";

/**
 * How long the stock console's preview and import of a large feed hold the event loop, which
 * every page and API call of the site waits on meanwhile: the site's own pieces in this
 * process (the embedded store, the in-process search index rebuilt after the import, the
 * console's imports), with a probe ticking every 50 ms. A gap between two ticks is how long
 * a request arriving then would have waited; the worst gap of each step is printed.
 *
 *   npx tsx indexer/cli.ts generate --count 100000 --seed 77 --out /tmp/feed-100k.csv
 *   npx tsx bench/import-stalls.ts /tmp/feed-100k.csv
 *
 * The feed is imported into a stock of 2,000 demo vehicles as an update (every vehicle
 * added), then again as the whole stock (every vehicle unchanged, the demo ones removed).
 */

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { stock: { type: "string", default: "2000" } },
});
const feed = positionals[0];
if (!feed) {
  process.stderr.write("Usage: npx tsx bench/import-stalls.ts FEED [--stock 2000]\n");
  process.exit(2);
}

const PROBE_MS = 50;

/** The longest time between two ticks of a timer asking for one every PROBE_MS, while `work` runs. */
async function worstGap<T>(work: () => Promise<T>): Promise<{ result: T; worstGapMs: number; ms: number }> {
  let last = performance.now();
  let worst = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, PROBE_MS);
  const started = performance.now();
  try {
    const result = await work();
    worst = Math.max(worst, performance.now() - last);
    return { result, worstGapMs: worst, ms: performance.now() - started };
  } finally {
    clearInterval(probe);
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), "import-stalls-"));
try {
  const logger = createLogger("silent");
  const config = loadConfig({
    ...EMBEDDED_ENGINES,
    DATA_DIR: dataDir,
    DEMO_STOCK_SIZE: values.stock,
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
  });
  const engines = await openEngines(config, logger);
  await seedDemoStock(engines.store, config.DEMO_STOCK_SIZE, logger);
  const catalogue = new Catalogue(engines.store, engines.search, logger);
  await catalogue.start();
  const staff = await signedInMember(dataDir, "stock");
  const imports = new StockImports(
    engines.store,
    staff.access,
    undefined,
    { uploadDirectory: path.join(dataDir, "stock-uploads"), maxUploadBytes: Infinity },
    logger,
  );
  const size = (await stat(feed)).size;

  const importOnce = async (mode: ImportMode) => {
    const upload = await imports.uploadPath();
    await copyFile(feed, upload);
    let job: ImportJob | undefined;
    const preview = await worstGap(async () => {
      job = await imports.start(staff.member, "127.0.0.1", { path: upload, name: path.basename(feed), size }, mode);
      await imports.settled();
    });
    if (job?.phase !== "ready") throw new Error(`The preview ended ${job?.phase}: ${job?.failure}`);
    const applied = await worstGap(async () => {
      await imports.apply(staff.member, "127.0.0.1", job!.id, true);
      await imports.settled();
      // The store told the catalogue of the change, which is rebuilding its index.
      while ((await catalogue.status()).rebuilding) await sleep(PROBE_MS);
    });
    // The board keeps the applied import as a new record: the one `start` gave stays "ready".
    const ended = await imports.latest(staff.member);
    if (!ended?.result) throw new Error(`The import ended ${ended?.phase}: ${ended?.failure}`);
    const { added, updated, unchanged, removed, rejected } = ended.result;
    process.stdout.write(
      `${mode === "upsert" ? "update     " : "whole stock"}  ` +
        `preview ${(preview.ms / 1000).toFixed(1)} s, worst gap ${Math.round(preview.worstGapMs)} ms;  ` +
        `import and index ${(applied.ms / 1000).toFixed(1)} s, worst gap ${Math.round(applied.worstGapMs)} ms  ` +
        `(${added} added, ${updated} updated, ${unchanged} unchanged, ${removed} removed, ${rejected.length} rejected)\n`,
    );
  };

  process.stdout.write(
    `${path.basename(feed)} (${(size / 2 ** 20).toFixed(0)} MB) into ${values.stock} vehicles, probe every ${PROBE_MS} ms\n`,
  );
  await importOnce("upsert");
  await importOnce("replace");
  await staff.close();
  await catalogue.stop();
  await engines.close();
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
