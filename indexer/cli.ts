import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { MongoNetworkError, MongoServerError, MongoServerSelectionError } from "mongodb";
import { ConfigError, loadConfig, type Config } from "../backend/config";
import { generateDemoStock } from "../backend/demo-stock/generate-demo-stock";
import { csvLine } from "../backend/staff/csv-export";
import { CSV_HEADER, recordToCsvRow } from "../backend/stock/csv-columns";
import { openIndexWriter, openStore, publishedDealerIn, type OpenStore } from "../backend/engines";
import { loadDealer } from "../backend/dealer-config";
import { dealerBranches } from "../domain/branches";
import { createLogger } from "../backend/logger";
import { isSearchEngineFailure } from "../backend/search/engine-failures";
import { branchPlacesOf } from "../backend/branches/branch-places";
import { seedDemoStock } from "../backend/seed-demo-stock";
import { MongoVehicleStore } from "../backend/store/mongo-vehicle-store";
import { StockLeaseLostError } from "../backend/store/stock-lease";
import { MassRemovalError, StockBusyError } from "../backend/store/vehicle-store";
import { formatCount } from "../domain/format";
import { FEED_FORMATS, feedFileSize, UnreadableFeedError, type FeedFormat } from "../backend/stock/feed-reader";
import { importFeed, NothingImportedError, wouldTripGuard, type ImportReport, type Rejection } from "../backend/stock/import-feed";
import { progressBar } from "./progress-bar";
import { followStock, rebuildAndRecordSyncPosition, rebuildSearchIndex, searchIndexPush } from "../backend/stock/search-sync";

const USAGE = `Stock tools for the dealer site.

  npm run stock:import -- FILE [--replace] [--format json|ndjson|csv] [--allow-mass-removal] [--dry-run]
      Loads a feed (JSON array, NDJSON or CSV). By default vehicles are added or updated;
      with --replace the file is the whole stock and vehicles missing from it are removed
      as sold (refused if that is over half the stock, unless --allow-mass-removal).
      --dry-run says what the import would do and changes nothing.

  npm run stock:reindex
      Rebuilds the search index from the stored stock: the site's own index, which a
      running site picks up, or with Meilisearch a fresh index swapped in whole (then,
      with MongoDB, the changes made while it was built are sent again).

  npm run stock:sync
      With MongoDB and Meilisearch: keeps the search index in step with the stock, for as
      long as it runs (a service).

  npm run stock:setup
      With Meilisearch: creates the site's search-only key (written to MEILI_SEARCH_KEY_FILE),
      loads demo stock into an empty store, and builds the search index if it is missing,
      empty or has settings older than this version's (with MongoDB, recording where
      stock:sync is to carry on from).

  npm run stock:generate -- --count N [--seed S] [--out FILE]   (a FILE ending .csv is written as CSV, else NDJSON)
      Writes N demo vehicles as NDJSON, for trying imports and for benchmarks.

Settings come from the environment (DATA_DIR, MONGODB_URL, MEILI_URL, MEILI_ADMIN_KEY, ...),
as for the site.`;

/** Exit statuses: 0 done, 1 the feed, the stock or a service could not be used, 2 a mistake in the command. */
class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "import") return runImport(rest);
  if (command === "reindex") return withStock(runReindex);
  if (command === "sync") return withStock(runSync);
  if (command === "setup") return withStock(runSetup);
  if (command === "generate") return runGenerate(rest);
  throw new UsageError(command ? `Unknown command "${command}"` : "No command given");
}

const cliLogger = (config: Config) => createLogger(config.LOG_LEVEL === "info" ? "warn" : config.LOG_LEVEL, { toStderr: true });

async function withStock(work: (opened: OpenStore, config: Config) => Promise<number>): Promise<number> {
  const config = loadConfig();
  const opened = await openStore(config, cliLogger(config));
  try {
    // Vehicles are indexed at the branches as the staff area last published them, not the dealer file's.
    const published = await publishedDealerIn(config, opened.mongo, await loadDealer(config.DEALER_CONFIG));
    branchPlacesOf(config).follow(dealerBranches(published));
    return await work(opened, config);
  } finally {
    await opened.close();
  }
}

async function runImport(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      replace: { type: "boolean", default: false },
      format: { type: "string" },
      "allow-mass-removal": { type: "boolean", default: false },
      "dry-run": { type: "boolean", default: false },
    },
  });
  if (positionals.length !== 1) throw new UsageError("Give exactly one feed file to import");
  const file = positionals[0]!;
  const format = values.format;
  if (format !== undefined && !(FEED_FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format must be one of ${FEED_FORMATS.join(", ")}`);
  }
  const size = await feedFileSize(file);

  return withStock(async ({ store }, config) => {
    const indexer = openIndexWriter(config, cliLogger(config), "tools");
    const progress = progressBar(process.stderr, size, `Reading ${file}`, formatBytes);
    const started = performance.now();
    const push = indexer && searchIndexPush(store, indexer, () => progress.label("Updating the search index"));
    let report: ImportReport;
    try {
      report = await importFeed(store, file, {
        mode: values.replace ? "replace" : "upsert",
        format: format as FeedFormat | undefined,
        allowMassRemoval: values["allow-mass-removal"],
        dryRun: values["dry-run"],
        onProgress: (step) => (step.phase === "reading" ? progress.update(step.bytesRead) : progress.label("Saving")),
        onApplied: push?.onApplied,
      });
    } catch (error) {
      progress.finish();
      if (error instanceof NothingImportedError) printRejections(error.rejectedRows?.rejected ?? []);
      throw error;
    }
    progress.finish();
    printReport(file, report, values.replace, performance.now() - started, values["dry-run"]);
    if (values["dry-run"]) return 0;

    const { update: searchUpdate, failure: searchFailure } = push?.outcome ?? {};
    if (searchFailure) {
      write(`The stock is saved, but the search index was not updated: ${searchFailure.message}`);
      write("Run npm run stock:reindex once Meilisearch is reachable (a running stock:sync also catches up).");
      return 1;
    }
    if (searchUpdate?.kind === "sent") write("Search index updated.");
    if (searchUpdate?.kind === "rebuilt") {
      write(`The search index was missing, empty or out of date, so it was rebuilt: ${formatCount(searchUpdate.documents)} vehicles.`);
    }
    return 0;
  });
}

async function runReindex({ store }: OpenStore, config: Config): Promise<number> {
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  const indexer = openIndexWriter(config, cliLogger(config), "tools");
  if (indexer) {
    const documents = await rebuildSearchIndex(store, indexer);
    write(`Built a fresh Meilisearch index of ${formatCount(documents)} vehicles in ${seconds()} s and swapped it in.`);
    return 0;
  }
  // The embedded index lives inside the site's process, so it is the site that rebuilds it.
  await store.signalChanged();
  write(`Asked the running site to rebuild its search index of ${formatCount(await store.count())} vehicles.`);
  write("It answers from the old index until the new one is built, within a few seconds, without a restart.");
  return 0;
}

async function runSync({ store, mongo }: OpenStore, config: Config): Promise<number> {
  const logger = createLogger(config.LOG_LEVEL);
  const indexer = openIndexWriter(config, logger, "tools");
  if (!mongo || !indexer || !(store instanceof MongoVehicleStore)) {
    throw new UsageError("stock:sync keeps Meilisearch in step with MongoDB: set MONGODB_URL and MEILI_URL");
  }
  const stopping = new AbortController();
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => stopping.abort());
  await followStock({ db: mongo.db(config.MONGODB_DB), store, indexer, logger, signal: stopping.signal });
  return 0;
}

async function runSetup({ store, mongo }: OpenStore, config: Config): Promise<number> {
  const logger = cliLogger(config);
  const indexer = openIndexWriter(config, logger, "tools");
  // The site's search-only key, with Meilisearch, written to MEILI_SEARCH_KEY_FILE.
  const prepared = await indexer?.prepareForSite();
  if (prepared) write(prepared);
  if (await store.isPristine()) {
    const branches = branchPlacesOf(config).branches.map((branch) => branch.code);
    await seedDemoStock(store, config.DEMO_STOCK_SIZE, logger, branches);
    write(`Loaded ${formatCount(await store.count())} demo vehicles into the empty store.`);
  }
  if (indexer && (await indexer.needsFullSync())) {
    // Recorded, so that stock:sync carries on from this build rather than start with another.
    const documents =
      mongo && store instanceof MongoVehicleStore
        ? await rebuildAndRecordSyncPosition({ db: mongo.db(config.MONGODB_DB), store, indexer, logger })
        : await rebuildSearchIndex(store, indexer);
    write(`Built the search index: ${formatCount(documents)} vehicles.`);
  }
  return 0;
}

async function runGenerate(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { count: { type: "string" }, seed: { type: "string" }, out: { type: "string" } } });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) throw new UsageError("--count must be a whole number from 1");
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed)) throw new UsageError("--seed must be a whole number");
  const output = values.out ? createWriteStream(values.out) : process.stdout;
  // A CSV feed is what most dealers' systems export, and the one a stock manager uploads by hand.
  const csv = values.out?.toLowerCase().endsWith(".csv") ?? false;
  const send = async (line: string) => {
    if (!output.write(line)) await once(output, "drain");
  };
  if (csv) await send(csvLine(CSV_HEADER));
  for (const record of generateDemoStock({ count, seed })) {
    await send(csv ? csvLine(recordToCsvRow(record)) : `${JSON.stringify(record)}\n`);
  }
  if (values.out) {
    output.end();
    await once(output, "finish");
    write(`Wrote ${formatCount(count)} demo vehicles to ${values.out}`);
  }
  return 0;
}

function printReport(file: string, report: ImportReport, replace: boolean, ms: number, dryRun: boolean): void {
  const removalsWithheld = replace && report.unidentifiedRows > 0;
  const lines = [
    `${dryRun ? "Dry run of" : "Imported"} ${file} (${report.format.toUpperCase()}, ${formatCount(report.rows)} rows) in ${(ms / 1000).toFixed(1)} s${dryRun ? ": nothing was changed" : ""}`,
    row("added", report.added),
    row("updated", report.updated),
    row("unchanged", report.unchanged),
    row("removed", report.removed, removalsWithheld ? "withheld: see below" : "sold: missing from the feed"),
    row("rejected", report.rejected.length),
  ];
  if (removalsWithheld) {
    lines.push(
      `No vehicle was removed as sold: ${formatCount(report.unidentifiedRows)} rejected row${report.unidentifiedRows === 1 ? "" : "s"} could not ` +
        "be matched to a vehicle (no readable _id or registration) and might be vehicles still in stock. " +
        "Fix the rows and import again with --replace to remove the sold ones.",
    );
  }
  if (dryRun && replace && wouldTripGuard(report)) {
    lines.push(
      `This would remove ${formatCount(report.removed)} of the ${formatCount(report.stockBefore)} vehicles in stock, more than half: ` +
        "the import itself needs --allow-mass-removal.",
    );
  }
  if (report.ignoredColumns.length > 0) lines.push(`Ignored columns no field matches: ${report.ignoredColumns.join(", ")}`);
  write(lines.join("\n"));
  printRejections(report.rejected);
}

const SHOWN_REJECTIONS = 100;

function printRejections(rejected: readonly Rejection[]): void {
  if (rejected.length === 0) return;
  const shown = rejected.slice(0, SHOWN_REJECTIONS).map(({ reason }) => `  ${reason}`);
  if (rejected.length > SHOWN_REJECTIONS) shown.push(`  … and ${formatCount(rejected.length - SHOWN_REJECTIONS)} more`);
  write(`Rejected rows (not imported):\n${shown.join("\n")}`);
}

function row(label: string, value: number, note?: string): string {
  return `  ${label.padEnd(10)} ${formatCount(value).padStart(9)}${note ? `  (${note})` : ""}`;
}

function formatBytes(bytes: number): string {
  return bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

function write(text: string): void {
  process.stdout.write(`${text}\n`);
}

/** Failures with a message for the person at the keyboard; anything else is a bug, with its stack. */
const EXPECTED_FAILURES = [
  UnreadableFeedError,
  NothingImportedError,
  MassRemovalError,
  StockBusyError,
  StockLeaseLostError,
  ConfigError,
  MongoServerError,
  MongoNetworkError,
  MongoServerSelectionError,
];

main(process.argv.slice(2)).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
      process.exitCode = 2;
    } else if (EXPECTED_FAILURES.some((kind) => error instanceof kind) || isSearchEngineFailure(error)) {
      process.stderr.write(`${(error as Error).message}\n`);
      process.exitCode = 1;
    } else {
      throw error;
    }
  },
);
