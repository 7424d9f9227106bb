import { createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import { performance } from "node:perf_hooks";
import { once } from "node:events";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../backend/config";
import { generateDemoStock } from "../backend/demo-stock/generate-demo-stock";
import { createSearchEngine, openStore } from "../backend/engines";
import { createLogger } from "../backend/logger";
import { LockBusyError } from "../backend/store/file-lock";
import { MassRemovalError } from "../backend/store/vehicle-store";
import { formatCount } from "../domain/format";
import { FEED_FORMATS, UnreadableFeedError, type FeedFormat } from "./feed-reader";
import { importFeed, NothingImportedError, type ImportReport, type Rejection } from "./import-feed";
import { progressBar } from "./progress-bar";

const USAGE = `Stock tools for the dealer site.

  npm run stock:import -- FILE [--replace] [--format json|ndjson|csv] [--allow-mass-removal]
      Loads a feed (JSON array, NDJSON or CSV). By default vehicles are added or updated;
      with --replace the file is the whole stock and vehicles missing from it are removed
      as sold (refused if that is over half the stock, unless --allow-mass-removal).

  npm run stock:reindex
      Rebuilds the search index from the stored stock; a running site picks it up.

  npm run stock:generate -- --count N [--seed S] [--out FILE]
      Writes N demo vehicles as NDJSON, for trying imports and for benchmarks.

Settings come from the environment (DATA_DIR, ...), as for the site.`;

/** Exit statuses: 0 done, 1 the feed or the stock could not be used, 2 a mistake in the command. */
class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "import") return runImport(rest);
  if (command === "reindex") return runReindex();
  if (command === "generate") return runGenerate(rest);
  throw new UsageError(command ? `Unknown command "${command}"` : "No command given");
}

async function runImport(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      replace: { type: "boolean", default: false },
      format: { type: "string" },
      "allow-mass-removal": { type: "boolean", default: false },
    },
  });
  if (positionals.length !== 1) throw new UsageError("Give exactly one feed file to import");
  const file = positionals[0]!;
  const format = values.format;
  if (format !== undefined && !(FEED_FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format must be one of ${FEED_FORMATS.join(", ")}`);
  }

  const size = await stat(file).then(
    (stats) => stats.size,
    (error: NodeJS.ErrnoException) => {
      throw new UnreadableFeedError(
        error.code === "ENOENT" ? `There is no file ${file}` : `The file ${file} cannot be read (${error.code})`,
      );
    },
  );
  const config = loadConfig();
  const store = await openStore(config, createLogger("warn"));
  const progress = progressBar(process.stderr, size, `Reading ${file}`, formatBytes);
  const started = performance.now();
  try {
    const report = await importFeed(store, file, {
      mode: values.replace ? "replace" : "upsert",
      format: format as FeedFormat | undefined,
      allowMassRemoval: values["allow-mass-removal"],
      onProgress: (step) => (step.phase === "reading" ? progress.update(step.bytesRead) : progress.label("Saving")),
    });
    progress.finish();
    printReport(file, report, performance.now() - started);
    return 0;
  } catch (error) {
    progress.finish();
    if (error instanceof NothingImportedError) printRejections(error.rejected);
    throw error;
  } finally {
    await store.close();
  }
}

async function runReindex(): Promise<number> {
  const config = loadConfig();
  const store = await openStore(config, createLogger("warn"));
  try {
    const engine = createSearchEngine();
    const started = performance.now();
    await engine.rebuild(store.scan());
    await engine.close();
    await store.signalChanged();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    write(`Rebuilt the search index of ${formatCount(await store.count())} vehicles in ${seconds} s.`);
    write("A running site picks the new index up within a few seconds, without a restart.");
    return 0;
  } finally {
    await store.close();
  }
}

async function runGenerate(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { count: { type: "string" }, seed: { type: "string" }, out: { type: "string" } } });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) throw new UsageError("--count must be a whole number from 1");
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed)) throw new UsageError("--seed must be a whole number");
  const output = values.out ? createWriteStream(values.out) : process.stdout;
  for (const record of generateDemoStock({ count, seed })) {
    if (!output.write(`${JSON.stringify(record)}\n`)) await once(output, "drain");
  }
  if (values.out) {
    output.end();
    await once(output, "finish");
    write(`Wrote ${formatCount(count)} demo vehicles to ${values.out}`);
  }
  return 0;
}

function printReport(file: string, report: ImportReport, ms: number): void {
  const lines = [
    `Imported ${file} (${report.format.toUpperCase()}, ${formatCount(report.rows)} rows) in ${(ms / 1000).toFixed(1)} s`,
    row("added", report.added),
    row("updated", report.updated),
    row("unchanged", report.unchanged),
    row("removed", report.removed, "sold: missing from the feed"),
    row("rejected", report.rejected.length),
  ];
  if (report.ignoredColumns.length > 0) lines.push(`Ignored columns no field matches: ${report.ignoredColumns.join(", ")}`);
  write(lines.join("\n"));
  printRejections(report.rejected);
}

const SHOWN_REJECTIONS = 100;

function printRejections(rejected: readonly Rejection[]): void {
  if (rejected.length === 0) return;
  const shown = rejected.slice(0, SHOWN_REJECTIONS).map(({ line, reason }) => `  line ${line}: ${reason}`);
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

const EXPECTED_FAILURES = [UnreadableFeedError, NothingImportedError, MassRemovalError, LockBusyError, ConfigError];

main(process.argv.slice(2)).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
      process.exitCode = 2;
    } else if (EXPECTED_FAILURES.some((kind) => error instanceof kind)) {
      process.stderr.write(`${(error as Error).message}\n`);
      process.exitCode = 1;
    } else {
      throw error;
    }
  },
);
