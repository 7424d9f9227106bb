import { createHash } from "node:crypto";
import { appendFile, open, readFile, rename, stat, truncate, writeFile, type FileHandle } from "node:fs/promises";
import type { AppendLog } from "../store/append-log";
import { AUDIT_ACTIONS, type AuditEntry, type AuditQuery } from "./staff-store";

/**
 * A second file beside the audit log (audit.ndjson → audit.idx) with one fixed-size record
 * per line of the log: where the line is, when, which action, and digests of the actor and
 * target. A page of the log is found by scanning these records, newest first, and reading only
 * the lines it shows, so a page costs the same at a thousand entries as at a million, and the
 * log is never read whole (past about 2.3 million entries it would not fit in a string).
 *
 * The log stays the record: the index is derived from it and kept in step by reading the
 * log past the last line indexed, before each query. So an append from the staff command, or
 * one the site made just before a crash cut the index short, is indexed at the next read; a
 * torn record at the index's end is dropped, and an index that points past the log (a log
 * restored from an older backup) is rebuilt. Only the site reads the log, so only it writes
 * the index.
 */

/** offset f64 · at f64 · length u32 · action u8 (+3 spare) · actor digest 8 bytes · target digest 8 bytes. */
const RECORD_BYTES = 40;
const CHUNK_BYTES = 1 << 20;
const NO_ACTION = 255;
/** The log is rewritten without expired entries only once the oldest is this far past its time. */
const REWRITE_AFTER_MS = 30 * 24 * 3_600_000;
const ACTION_CODES = new Map<string, number>(AUDIT_ACTIONS.map((action, code) => [action, code]));

export class AuditIndex {
  private records = new ArrayBuffer(0);
  private count = 0;
  /** Where in the log the lines indexed end. */
  private indexedEnd = 0;
  private loaded = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly logFile: string,
    private readonly indexFile: string,
  ) {}

  /** Entries matching the query, newest first, and how many match in all. */
  list(query: AuditQuery): Promise<{ total: number; entries: AuditEntry[] }> {
    // One at a time, so a rewrite never moves the lines a page is reading.
    return this.serially(async () => {
      await this.indexNewLines();
      return this.page(query);
    });
  }

  private async page({
    action,
    actorId,
    targetId,
    from,
    to,
    page,
    pageSize,
  }: AuditQuery): Promise<{ total: number; entries: AuditEntry[] }> {
    const f64 = new Float64Array(this.records, 0, this.count * 5);
    const u32 = new Uint32Array(this.records, 0, this.count * 10);
    const u8 = new Uint8Array(this.records, 0, this.count * RECORD_BYTES);
    const actionCode = action === undefined ? undefined : (ACTION_CODES.get(action) ?? NO_ACTION);
    const actor = actorId === undefined ? undefined : digestWords(actorId);
    const target = targetId === undefined ? undefined : digestWords(targetId);
    const fromMs = from?.getTime() ?? -Infinity;
    const toMs = to?.getTime() ?? Infinity;
    const skip = (page - 1) * pageSize;
    const shown: number[] = [];
    let total = 0;
    for (let i = this.count - 1; i >= 0; i--) {
      const at = f64[i * 5 + 1]!;
      if (at < fromMs || at >= toMs) continue;
      if (actionCode !== undefined && u8[i * RECORD_BYTES + 20] !== actionCode) continue;
      if (actor && (u32[i * 10 + 6] !== actor[0] || u32[i * 10 + 7] !== actor[1])) continue;
      if (target && (u32[i * 10 + 8] !== target[0] || u32[i * 10 + 9] !== target[1])) continue;
      if (total >= skip && shown.length < pageSize) shown.push(i);
      total++;
    }
    const lines = await this.readLines(shown.map((i) => [f64[i * 5]!, u32[i * 10 + 4]!]));
    // A digest shared by two ids is all but impossible; the lines shown are checked all the same.
    const entries = lines
      .map((line) => entryOf(line))
      .filter(
        (entry): entry is AuditEntry =>
          entry !== undefined && (!actorId || entry.actorId === actorId) && (!targetId || entry.targetId === targetId),
      );
    return { total, entries };
  }

  /**
   * Rewrites the log without its entries from before `cutoff` (those at its start: entries are
   * appended as they happen), once the oldest is a month past it, so the log is rewritten at
   * most monthly. Appends wait meanwhile (`log`); the staff command's, from another process,
   * are copied over if they land before the new log takes the old one's place.
   */
  dropBefore(cutoff: Date, log: AppendLog): Promise<number> {
    const f64 = () => new Float64Array(this.records, 0, this.count * 5);
    return this.serially(() =>
      log.exclusive(async () => {
        await this.indexNewLines();
        if (this.count === 0 || f64()[1]! >= cutoff.getTime() - REWRITE_AFTER_MS) return 0;
        let dropped = 0;
        while (dropped < this.count && f64()[dropped * 5 + 1]! < cutoff.getTime()) dropped++;
        const cut = dropped < this.count ? f64()[dropped * 5]! : this.indexedEnd;
        // No index while the log changes under it: a crash in between leaves it to be built again.
        await this.truncateIndexFile();
        await copyFrom(this.logFile, cut);
        const kept = new Uint8Array(this.records, dropped * RECORD_BYTES, (this.count - dropped) * RECORD_BYTES).slice();
        this.records = new ArrayBuffer(Math.max(kept.length * 2, 1 << 16));
        new Uint8Array(this.records).set(kept);
        this.count -= dropped;
        this.indexedEnd -= cut;
        const offsets = f64();
        for (let i = 0; i < this.count; i++) offsets[i * 5]! -= cut;
        await writeFile(this.indexFile, new Uint8Array(this.records, 0, this.count * RECORD_BYTES), { mode: 0o600 });
        return dropped;
      }),
    );
  }

  private serially<R>(work: () => Promise<R>): Promise<R> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Indexes what the log holds past the last line indexed. */
  private async indexNewLines(): Promise<void> {
    const logSize = await stat(this.logFile).then(
      (stats) => stats.size,
      (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return 0;
        throw error;
      },
    );
    if (!this.loaded) await this.load(logSize);
    if (logSize < this.indexedEnd) await this.startAgain();
    if (logSize <= this.indexedEnd) return;
    const handle = await open(this.logFile, "r");
    try {
      let position = this.indexedEnd;
      while (position < logSize) {
        const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, logSize - position));
        const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
        const lastNewline = chunk.subarray(0, bytesRead).lastIndexOf(10);
        // The rest is a line still being written (or a crash's torn line, which the next append closes): left for the next read.
        if (lastNewline < 0) break;
        const added = this.indexLines(chunk.subarray(0, lastNewline + 1), position);
        await appendFile(this.indexFile, added, { mode: 0o600 });
        position += lastNewline + 1;
      }
    } finally {
      await handle.close();
    }
  }

  /** The index file, cut to its whole records and to those pointing inside the log. */
  private async load(logSize: number): Promise<void> {
    let saved = Buffer.alloc(0);
    try {
      saved = await readFile(this.indexFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    let whole = Math.floor(saved.length / RECORD_BYTES);
    const endOf = (i: number) => saved.readDoubleLE(i * RECORD_BYTES) + saved.readUInt32LE(i * RECORD_BYTES + 16);
    while (whole > 0 && endOf(whole - 1) > logSize) whole--;
    this.records = new ArrayBuffer(Math.max(whole * RECORD_BYTES * 2, 1 << 16));
    saved.copy(new Uint8Array(this.records), 0, 0, whole * RECORD_BYTES);
    this.count = whole;
    this.indexedEnd = whole > 0 ? endOf(whole - 1) : 0;
    if (whole * RECORD_BYTES !== saved.length) await truncate(this.indexFile, whole * RECORD_BYTES);
    this.loaded = true;
  }

  private async startAgain(): Promise<void> {
    this.count = 0;
    this.indexedEnd = 0;
    await this.truncateIndexFile();
  }

  private async truncateIndexFile(): Promise<void> {
    await truncate(this.indexFile, 0).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
  }

  /** Adds a record for each line of `text` (whole lines, read from `start` in the log); resolves to the records' bytes. */
  private indexLines(text: Buffer, start: number): Buffer {
    const added: Buffer[] = [];
    let lineStart = 0;
    while (lineStart < text.length) {
      const lineEnd = text.indexOf(10, lineStart);
      const entry = entryOf(text.subarray(lineStart, lineEnd));
      // A line that is not an entry (torn by a crash, then closed by the next append) is passed over.
      if (entry) added.push(recordOf(entry, start + lineStart, lineEnd + 1 - lineStart));
      lineStart = lineEnd + 1;
    }
    const bytes = Buffer.concat(added);
    this.makeRoomFor(added.length);
    bytes.copy(new Uint8Array(this.records), this.count * RECORD_BYTES);
    this.count += added.length;
    this.indexedEnd = start + text.length;
    return bytes;
  }

  private makeRoomFor(more: number): void {
    const needed = (this.count + more) * RECORD_BYTES;
    if (needed <= this.records.byteLength) return;
    const grown = new ArrayBuffer(Math.max(needed, this.records.byteLength * 2));
    new Uint8Array(grown).set(new Uint8Array(this.records, 0, this.count * RECORD_BYTES));
    this.records = grown;
  }

  private async readLines(places: [offset: number, length: number][]): Promise<Buffer[]> {
    if (places.length === 0) return [];
    let handle: FileHandle | undefined;
    try {
      handle = await open(this.logFile, "r");
      const opened = handle;
      return await Promise.all(
        places.map(async ([offset, length]) => {
          const line = Buffer.alloc(length);
          await opened.read(line, 0, length, offset);
          return line;
        }),
      );
    } finally {
      await handle?.close();
    }
  }
}

/** The file rewritten as what it holds from `start` on, through a temporary file and a rename; what is appended meanwhile is copied too. */
async function copyFrom(file: string, start: number): Promise<void> {
  const temp = `${file}.rewrite`;
  const source = await open(file, "r");
  const target = await open(temp, "w", 0o600);
  try {
    let position = start;
    for (;;) {
      const chunk = Buffer.alloc(CHUNK_BYTES);
      const { bytesRead } = await source.read(chunk, 0, CHUNK_BYTES, position);
      if (bytesRead === 0) break;
      await target.write(chunk.subarray(0, bytesRead));
      position += bytesRead;
    }
    await target.sync();
  } finally {
    await target.close();
    await source.close();
  }
  await rename(temp, file);
}

function recordOf(entry: AuditEntry, offset: number, length: number): Buffer {
  const record = Buffer.alloc(RECORD_BYTES);
  record.writeDoubleLE(offset, 0);
  record.writeDoubleLE(entry.at.getTime(), 8);
  record.writeUInt32LE(length, 16);
  record.writeUInt8(ACTION_CODES.get(entry.action) ?? NO_ACTION, 20);
  if (entry.actorId !== undefined) digestOf(entry.actorId).copy(record, 24);
  if (entry.targetId !== undefined) digestOf(entry.targetId).copy(record, 32);
  return record;
}

function digestOf(id: string): Buffer {
  return createHash("sha256").update(id).digest().subarray(0, 8);
}

/** A digest as the two 32-bit words the index's Uint32Array view reads (little-endian, as the records are written). */
function digestWords(id: string): [number, number] {
  const digest = digestOf(id);
  return [digest.readUInt32LE(0), digest.readUInt32LE(4)];
}

function entryOf(line: Buffer | string): AuditEntry | undefined {
  try {
    const raw = JSON.parse(line.toString()) as AuditEntry;
    const at = new Date(raw.at);
    return Number.isNaN(at.getTime()) ? undefined : { ...raw, at };
  } catch {
    return undefined;
  }
}
