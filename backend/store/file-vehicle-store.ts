import { createReadStream, unwatchFile, watchFile, type Stats } from "node:fs";
import { mkdir, stat, utimes } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { VehicleRecord } from "../../domain/vehicle";
import { eventLoopTurns } from "../event-loop-turns";
import type { Logger } from "../logger";
import { removeAbandonedTempFiles, writeFileAtomically } from "./atomic-file";
import { ChangeLog } from "./change-log";
import { withFileLock } from "./file-lock";
import { FileSoldRegister } from "./file-sold-register";
import { soldVehicleOf } from "./sold-vehicles";
import { stampRecord, storedVersion, type StoredVersion } from "./stamp-record";
import { StockLines } from "./stock-lines";
import {
  MassRemovalError,
  staffMarksOf,
  type SoldVehicle,
  type StockChange,
  type StockChangeResult,
  type StockChangesSince,
  type VehicleStore,
} from "./vehicle-store";

const STOCK_FILE = "vehicles.ndjson";
const WATCH_INTERVAL_MS = 1000;

/** Lines are written with `_id` first, so the id can be read without parsing the record. */
const LEADING_ID = /^\{"_id":"([^"\\]+)"/;

/**
 * The embedded store: all stock in one NDJSON file under the data folder, held in memory as
 * one JSON line per vehicle (a StockLines, replaced whole by each change). Every change
 * rewrites the file through a temporary file and a rename, so a process killed mid-import
 * leaves the old stock or the new, never a mix; a lock file keeps two processes (the site
 * and a command-line import) from writing at once.
 */
export class FileVehicleStore implements VehicleStore {
  private stock = new StockLines();
  /** What each version of `stock` changed, for followers: the two are only ever replaced together. */
  private readonly changes = new ChangeLog();
  private loadedSignature = "";
  private readonly listeners = new Set<() => void>();
  /** Reloads and changes in this process run one after another. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly sold: FileSoldRegister;

  private constructor(
    private readonly directory: string,
    private readonly logger?: Pick<Logger, "info" | "warn">,
  ) {
    this.sold = new FileSoldRegister(directory);
  }

  static async open(directory: string, logger?: Pick<Logger, "info" | "warn">): Promise<FileVehicleStore> {
    await mkdir(directory, { recursive: true });
    const store = new FileVehicleStore(directory, logger);
    await store.reloadIfChanged();
    return store;
  }

  private get stockFile(): string {
    return path.join(this.directory, STOCK_FILE);
  }

  async get(id: string): Promise<VehicleRecord | undefined> {
    return this.stock.get(id);
  }

  async soldVehicle(id: string): Promise<SoldVehicle | undefined> {
    return this.stock.lines.has(id) ? undefined : this.sold.find(id);
  }

  getMany(ids: readonly string[]): Promise<VehicleRecord[]> {
    return this.stock.getMany(ids);
  }

  getManyJson(ids: readonly string[]): Promise<string[]> {
    return this.stock.getManyJson(ids);
  }

  async count(): Promise<number> {
    return this.stock.size;
  }

  async storedVersions(ids: readonly string[]): Promise<Map<string, StoredVersion>> {
    const versions = new Map<string, StoredVersion>();
    const takeTurn = eventLoopTurns();
    for (const record of await this.stock.getMany(ids)) {
      versions.set(record._id, storedVersion(record));
      await takeTurn();
    }
    return versions;
  }

  scan(): AsyncIterable<VehicleRecord> {
    // A change swaps in a new version rather than editing this one, so the scan sees one version.
    return this.stock.scan();
  }

  snapshot(): StockLines {
    return this.stock;
  }

  async stockPosition(): Promise<number> {
    return this.changes.version;
  }

  async changesSince(position: number): Promise<StockChangesSince> {
    const stock = this.stock;
    const since = this.changes.since(position);
    if (since.kind === "resync") return since;
    return { kind: "changes", upserts: stock.scanOf(since.changedIds), removedIds: since.removedIds, position: since.position };
  }

  async isPristine(): Promise<boolean> {
    return this.loadedSignature === "";
  }

  applyChange(change: StockChange, now = new Date(), onApplied?: (result: StockChangeResult) => Promise<void>): Promise<StockChangeResult> {
    const run = this.queue.then(() =>
      withFileLock(`${this.stockFile}.lock`, async () => {
        // Only the lock holder writes the stock and the sold register, so any temporary file now is a dead writer's.
        await removeAbandonedTempFiles(this.directory, STOCK_FILE);
        await this.sold.removeAbandonedFiles();
        // Another process may have changed the stock since this one last read it.
        await this.reloadIfChanged();
        const summary = await this.writeChange(change, now);
        this.notify();
        await onApplied?.(summary);
        return summary;
      }),
    );
    this.queue = run.catch(() => undefined);
    return run;
  }

  async signalChanged(): Promise<void> {
    // A new modification time is a new version to every process watching the file.
    const now = new Date();
    await utimes(this.stockFile, now, now).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
  }

  watch(onChange: () => void): () => void {
    if (this.listeners.size === 0) {
      watchFile(this.stockFile, { interval: WATCH_INTERVAL_MS, persistent: false }, this.onFileChange);
    }
    this.listeners.add(onChange);
    return () => {
      this.listeners.delete(onChange);
      if (this.listeners.size === 0) unwatchFile(this.stockFile, this.onFileChange);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    unwatchFile(this.stockFile, this.onFileChange);
    await this.queue;
  }

  private readonly onFileChange = (current: Stats) => {
    if (signatureOf(current) === this.loadedSignature) return;
    const run = this.queue.then(async () => {
      const started = performance.now();
      if (!(await this.reloadIfChanged())) return;
      this.logger?.info({ vehicles: this.stock.size, ms: Math.round(performance.now() - started) }, "Stock file re-read after a change");
      this.notify();
    });
    this.queue = run.catch((error: unknown) => this.logger?.warn({ err: error }, "Could not reload the stock file"));
  };

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  private async writeChange(change: StockChange, now: Date): Promise<StockChangeResult> {
    const next = new Map(this.stock.lines);
    const summary: StockChangeResult = { added: 0, updated: 0, unchanged: 0, removed: 0, changedIds: [], removedIds: [] };
    // Stamping a large feed takes seconds: pages and API calls are answered meanwhile, from the stock as it was.
    const takeTurn = eventLoopTurns();
    for (const { id, record } of change.records) {
      await takeTurn();
      const line = next.get(id);
      const existing = line === undefined ? undefined : storedVersion(JSON.parse(line) as VehicleRecord);
      const stamped = stampRecord(id, record, existing, now, staffMarksOf(change, id));
      summary[stamped.change]++;
      if (stamped.change === "unchanged") continue;
      next.set(id, serialise(stamped.record));
      summary.changedIds.push(id);
    }
    const sold: SoldVehicle[] = [];
    const remove = (id: string, line: string) => {
      next.delete(id);
      summary.removedIds.push(id);
      sold.push(soldVehicleOf(JSON.parse(line) as VehicleRecord, now));
    };
    if (change.mode === "replace") {
      const present = new Set([...change.records.map(({ id }) => id), ...(change.keepIds ?? [])]);
      for (const [id, line] of [...next]) {
        if (!present.has(id)) remove(id, line);
        await takeTurn();
      }
      if (summary.removedIds.length > (change.maxRemovals ?? Infinity))
        throw new MassRemovalError(summary.removedIds.length, this.stock.size);
    }
    for (const id of change.removeIds ?? []) {
      const line = next.get(id);
      if (line !== undefined) remove(id, line);
    }
    summary.removed = summary.removedIds.length;
    const changed = summary.added + summary.updated + summary.removed > 0;
    if (changed || this.loadedSignature === "") {
      // Registered first: a crash before the stock is written leaves them in both, which lookups allow for.
      await this.sold.add(sold, now);
      await writeFileAtomically(this.stockFile, linesOf(next));
      this.stock = new StockLines(next);
      this.changes.record(summary.changedIds, summary.removedIds);
      this.loadedSignature = signatureOf(await stat(this.stockFile));
    }
    return summary;
  }

  /** Reads the stock file if it is not the version already in memory; true when it was read. */
  private async reloadIfChanged(): Promise<boolean> {
    let stats: Stats;
    try {
      stats = await stat(this.stockFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      return false;
    }
    const signature = signatureOf(stats);
    if (signature === this.loadedSignature) return false;
    const lines = await this.readStockFile();
    // Another process wrote it: what it changed is worked out here, so followers need not read it all again.
    const { changedIds, removedIds } = await differences(this.stock.lines, lines);
    this.stock = new StockLines(lines);
    this.changes.record(changedIds, removedIds);
    this.loadedSignature = signature;
    return true;
  }

  private async readStockFile(): Promise<Map<string, string>> {
    const lines = new Map<string, string>();
    let lineNumber = 0;
    const add = (line: string) => {
      lineNumber++;
      if (line.trim() === "") return;
      const id = idOfLine(line);
      if (id === undefined) {
        this.logger?.warn({ file: this.stockFile, line: lineNumber }, "Skipped an unreadable line of the stock file");
        return;
      }
      lines.set(id, line);
    };
    // Read in large pieces: on a busy site every wait for the next piece queues behind the
    // requests in hand, so 100 MB read 64 KB at a time took 40 s under load.
    let rest: Buffer = Buffer.alloc(0);
    for await (const piece of createReadStream(this.stockFile, { highWaterMark: READ_PIECE_BYTES }) as AsyncIterable<Buffer>) {
      const buffer = rest.length > 0 ? Buffer.concat([rest, piece]) : piece;
      let start = 0;
      for (let end = buffer.indexOf(NEWLINE); end >= 0; end = buffer.indexOf(NEWLINE, start)) {
        add(withoutCarriageReturn(buffer.toString("utf8", start, end)));
        start = end + 1;
      }
      rest = buffer.subarray(start);
    }
    if (rest.length > 0) add(withoutCarriageReturn(rest.toString("utf8")));
    return lines;
  }
}

const READ_PIECE_BYTES = 8 * 1024 * 1024;
const NEWLINE = 0x0a;

const withoutCarriageReturn = (line: string) => (line.endsWith("\r") ? line.slice(0, -1) : line);

function idOfLine(line: string): string | undefined {
  const leading = LEADING_ID.exec(line);
  if (leading) return leading[1];
  try {
    const parsed = JSON.parse(line) as { _id?: unknown };
    return typeof parsed._id === "string" ? parsed._id : undefined;
  } catch {
    return undefined;
  }
}

async function differences(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>) {
  const changedIds: string[] = [];
  const removedIds: string[] = [];
  const takeTurn = eventLoopTurns();
  for (const [id, line] of after) {
    if (before.get(id) !== line) changedIds.push(id);
    await takeTurn();
  }
  for (const id of before.keys()) {
    if (!after.has(id)) removedIds.push(id);
    await takeTurn();
  }
  return { changedIds, removedIds };
}

function serialise(record: VehicleRecord): string {
  const { _id, vehicle, media, adverts, branch, createdAt, updatedAt, priceReduction, hidden, reserved, handEdited, photos } = record;
  return JSON.stringify({
    _id,
    vehicle,
    media,
    adverts,
    branch,
    createdAt,
    updatedAt,
    priceReduction,
    hidden,
    reserved,
    handEdited,
    photos,
  });
}

function* linesOf(lines: Map<string, string>): Iterable<string> {
  for (const line of lines.values()) yield `${line}\n`;
}

/** Identifies one version of the file: a rename gives a new inode, an edit a new size or time. */
function signatureOf(stats: Stats): string {
  return stats.nlink === 0 && stats.size === 0 && stats.mtimeMs === 0 ? "" : `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
}
