import { hash } from "node:crypto";
import { open, rename, rm, truncate, type FileHandle } from "node:fs/promises";
import type { CatchUpBoard } from "../catch-up-board";
import { backgroundTurn } from "../event-loop-turns";
import { sizeOf, type AppendLog } from "../store/append-log";
import { AUDIT_ACTIONS, type AuditEntry, type AuditQuery } from "./staff-store";

/**
 * A second file beside the audit log (audit.ndjson → audit.idx) with one fixed-size record
 * per line of the log: where the line is, when, which action, and digests of the actor and
 * target. The records are read from the file as a page needs them, never held whole: in
 * memory is only a summary of each block of 4,096 records (earliest and latest time, how many
 * of each action, a Bloom filter of the ids acting and acted on), about 2 KB a block. A page
 * adds up the blocks' counts for its total and reads only the blocks holding its entries, so
 * it costs the same at a thousand entries as at millions, unless it is filtered by actor or
 * target, when it reads the blocks whose filter holds that id; the log itself is read only
 * for the lines shown.
 *
 * The log stays the record: the index is derived from it and kept in step by reading the log
 * past the last line indexed, before each query. So an append from the staff command, or one
 * the site made before a crash cut the index short, is indexed at the next read; a torn record
 * at the index's end is dropped, and records pointing past the log (a log restored from an
 * older backup) are dropped and built again. Appends never wait for the index: indexing a
 * whole log (an upgrade, a restore without audit.idx) runs beside them, and queries wait for
 * it. Only the site reads the log, so only it writes the index.
 */

/** offset f64 · at f64 · length u32 · action u8 (+3 spare) · actor digest 8 bytes · target digest 8 bytes. */
const RECORD_BYTES = 40;
const BLOCK_RECORDS = 4096;
/** The Bloom filter's bits a block: two bits per id, some 1 % false positives at 1,000 ids in a block, 5 % at 2,000. */
const FILTER_BITS = 16_384;
/** The log is indexed this much at a time (some 700 lines, a millisecond or two), so that requests are answered between slices (backgroundTurn). */
const INDEXED_BYTES = 128 << 10;
const NO_ACTION = 255;
const ACTION_CODES = new Map<string, number>(AUDIT_ACTIONS.map((action, code) => [action, code]));
/** The log is rewritten without expired entries only once the oldest is this far past its time. */
const REWRITE_AFTER_MS = 30 * 24 * 3_600_000;
/** Catching up on more than this (index read, log indexed) is shown on the board. */
const SHOWN_BYTES = 4 << 20;

/** What a query asks of each record. */
interface RecordFilter {
  actionSlot?: number;
  actor?: Digest;
  target?: Digest;
  fromMs: number;
  toMs: number;
}

type Digest = [number, number];

class Block {
  count = 0;
  earliest = Infinity;
  latest = -Infinity;
  readonly actions = new Uint32Array(AUDIT_ACTIONS.length + 1);
  private readonly ids = new Uint32Array(FILTER_BITS / 32);

  add(records: Buffer, i: number): void {
    const at = atOf(records, i);
    this.count++;
    this.earliest = Math.min(this.earliest, at);
    this.latest = Math.max(this.latest, at);
    this.actions[slotOf(records[i * RECORD_BYTES + 20]!)]!++;
    for (const digest of [actorOf(records, i), targetOf(records, i)]) {
      if (digest[0] === 0 && digest[1] === 0) continue;
      for (const word of digest) this.ids[(word % FILTER_BITS) >>> 5]! |= 1 << (word & 31);
    }
  }

  /** How many of its records match, when the summary tells; 0 when none can; undefined when its records must be read. */
  matching({ actionSlot, actor, target, fromMs, toMs }: RecordFilter): number | undefined {
    if (this.count === 0 || this.latest < fromMs || this.earliest >= toMs) return 0;
    if (actionSlot !== undefined && this.actions[actionSlot] === 0) return 0;
    if ((actor && !this.mayHold(actor)) || (target && !this.mayHold(target))) return 0;
    if (actor || target || this.earliest < fromMs || this.latest >= toMs) return undefined;
    return actionSlot === undefined ? this.count : this.actions[actionSlot];
  }

  private mayHold(digest: Digest): boolean {
    return digest.every((word) => (this.ids[(word % FILTER_BITS) >>> 5]! & (1 << (word & 31))) !== 0);
  }
}

/** Where the index stands: its records' summaries and where in the log the lines indexed end. */
interface IndexState {
  blocks: Block[];
  count: number;
  indexedEnd: number;
}

export class AuditIndex {
  private state: IndexState = { blocks: [], count: 0, indexedEnd: 0 };
  private loaded = false;
  /** Rises whenever the index file is begun again, so that a rewrite planned on the old one is dropped. */
  private generation = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private retention: Promise<number> | undefined;

  constructor(
    private readonly logFile: string,
    private readonly indexFile: string,
    private readonly catchUps?: CatchUpBoard,
  ) {}

  /** Entries matching the query, newest first, and how many match in all. */
  list(query: AuditQuery): Promise<{ total: number; entries: AuditEntry[] }> {
    // One at a time, so a rewrite never moves the lines a page is reading.
    return this.serially(async () => {
      await this.catchUp();
      return this.page(query);
    });
  }

  private async page(query: AuditQuery): Promise<{ total: number; entries: AuditEntry[] }> {
    const filter = filterOf(query);
    const skip = (query.page - 1) * query.pageSize;
    const shown: [offset: number, length: number][] = [];
    let total = 0;
    const { blocks } = this.state;
    const index = blocks.length > 0 ? await open(this.indexFile, "r") : undefined;
    try {
      for (let b = blocks.length - 1; b >= 0; b--) {
        const block = blocks[b]!;
        const known = block.matching(filter);
        if (known !== undefined && (known === 0 || total + known <= skip || shown.length === query.pageSize)) {
          total += known;
          continue;
        }
        const records = await readRecords(index!, b * BLOCK_RECORDS, block.count);
        for (let i = block.count - 1; i >= 0; i--) {
          if (!matches(records, i, filter)) continue;
          if (total >= skip && shown.length < query.pageSize)
            shown.push([records.readDoubleLE(i * RECORD_BYTES), records.readUInt32LE(i * RECORD_BYTES + 16)]);
          total++;
        }
      }
    } finally {
      await index?.close();
    }
    const lines = await this.readLines(shown);
    // A digest shared by two ids is all but impossible; the lines shown are checked all the same.
    const entries = lines
      .map((line) => entryOf(line))
      .filter(
        (entry): entry is AuditEntry =>
          entry !== undefined &&
          (!query.actorId || entry.actorId === query.actorId) &&
          (!query.targetId || entry.targetId === query.targetId),
      );
    return { total, entries };
  }

  /**
   * Rewrites the log without its entries from before `cutoff` (those at its start: entries are
   * appended as they happen), once the oldest is a month past it, so the log is rewritten at
   * most monthly. The copy is made beside appends and pages (`AppendLog.rewrite`), the index
   * for it too; both take the old files' places together, with pages and appends held off
   * only for that. One rewrite at a time: a sweep arriving meanwhile shares the one under way.
   */
  dropBefore(cutoff: Date, log: AppendLog): Promise<number> {
    this.retention ??= this.rewriteWithout(cutoff, log).finally(() => (this.retention = undefined));
    return this.retention;
  }

  private async rewriteWithout(cutoff: Date, log: AppendLog): Promise<number> {
    const plan = await this.serially(async () => {
      await this.catchUp();
      return this.retentionPlan(cutoff.getTime());
    });
    if (!plan) return 0;
    const rewrite = async (done: (share: number) => void) => {
      const kept = await this.writeKeptIndex(plan, done);
      let swapped = false;
      try {
        await log.rewrite({
          begin: () => ({ from: plan.cut }),
          swap: (replace) =>
            this.serially(async () => {
              if (this.generation !== plan.generation) return;
              // No index while the log changes under it: a crash in between leaves it to be built again.
              await rm(this.indexFile, { force: true });
              try {
                await replace();
                await rename(`${this.indexFile}.rewrite`, this.indexFile);
              } catch (error) {
                await this.startAgain();
                throw error;
              }
              this.generation++;
              this.state = kept;
              swapped = true;
            }),
        });
      } finally {
        if (!swapped) await rm(`${this.indexFile}.rewrite`, { force: true });
      }
      return swapped ? plan.dropped : 0;
    };
    return this.catchUps ? this.catchUps.run("audit-retention", rewrite) : rewrite(() => undefined);
  }

  /** How many entries at the log's start are expired, and where the first kept begins; undefined when no rewrite is due. */
  private async retentionPlan(cutoffMs: number) {
    const { blocks, count, indexedEnd } = this.state;
    if (count === 0) return undefined;
    const index = await open(this.indexFile, "r");
    try {
      if (atOf(await readRecords(index, 0, 1), 0) >= cutoffMs - REWRITE_AFTER_MS) return undefined;
      let dropped = 0;
      for (const [b, block] of blocks.entries()) {
        if (block.latest < cutoffMs) {
          dropped += block.count;
          continue;
        }
        const records = await readRecords(index, b * BLOCK_RECORDS, block.count);
        for (let i = 0; i < block.count && atOf(records, i) < cutoffMs; i++) dropped++;
        break;
      }
      const cut = dropped < count ? (await readRecords(index, dropped, 1)).readDoubleLE(0) : indexedEnd;
      return { dropped, cut, count, indexedEnd, generation: this.generation };
    } finally {
      await index.close();
    }
  }

  /** The index of the entries kept, their offsets moved back by `cut`, written beside the live one; its state once it takes that one's place. */
  private async writeKeptIndex(
    { dropped, cut, count, indexedEnd }: { dropped: number; cut: number; count: number; indexedEnd: number },
    done: (share: number) => void,
  ): Promise<IndexState> {
    const kept: IndexState = { blocks: [], count: count - dropped, indexedEnd: indexedEnd - cut };
    const source = await open(this.indexFile, "r");
    const target = await open(`${this.indexFile}.rewrite`, "w", 0o600);
    try {
      for (let first = dropped; first < count; first += BLOCK_RECORDS) {
        const records = await readRecords(source, first, Math.min(BLOCK_RECORDS, count - first));
        const n = records.length / RECORD_BYTES;
        for (let i = 0; i < n; i++) {
          records.writeDoubleLE(records.readDoubleLE(i * RECORD_BYTES) - cut, i * RECORD_BYTES);
          summarise(kept.blocks, first - dropped + i, records, i);
        }
        await target.write(records);
        done((first - dropped) / Math.max(1, count - dropped) / 2);
        await backgroundTurn();
      }
      await target.sync();
    } finally {
      await target.close();
      await source.close();
    }
    return kept;
  }

  private serially<R>(work: () => Promise<R>): Promise<R> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The index read (the first time) and the log indexed past its last line indexed; shown on the board when that is long. */
  private async catchUp(): Promise<void> {
    const logSize = await sizeOf(this.logFile);
    const indexSize = await sizeOf(this.indexFile);
    if (this.loaded && indexSize !== this.state.count * RECORD_BYTES) {
      // Changed behind the site's back (deleted, cut short): read again, and built again where it falls short.
      this.loaded = false;
      this.state = { blocks: [], count: 0, indexedEnd: 0 };
      this.generation++;
    }
    const indexBytes = this.loaded ? 0 : indexSize;
    const work = async (done: (share: number) => void) => {
      // Until the index is read, the whole log may be left to index.
      let toRead = indexBytes + logSize - this.state.indexedEnd;
      if (!this.loaded) await this.load(logSize, (bytes) => done(bytes / toRead));
      if (logSize < this.state.indexedEnd) await this.startAgain();
      const from = this.state.indexedEnd;
      toRead = indexBytes + logSize - from;
      await this.indexNewLines(logSize, (position) => done((indexBytes + position - from) / toRead));
    };
    if (this.catchUps && indexBytes + logSize - this.state.indexedEnd > SHOWN_BYTES) await this.catchUps.run("audit-index", work);
    else await work(() => undefined);
  }

  /** Indexes what the log holds past the last line indexed, up to `logSize`. */
  private async indexNewLines(logSize: number, progress: (position: number) => void): Promise<void> {
    if (logSize <= this.state.indexedEnd) return;
    const log = await open(this.logFile, "r");
    const index = await open(this.indexFile, "a", 0o600);
    try {
      let position = this.state.indexedEnd;
      let chunkBytes = INDEXED_BYTES;
      while (position < logSize) {
        const chunk = Buffer.allocUnsafe(Math.min(chunkBytes, logSize - position));
        const { bytesRead } = await log.read(chunk, 0, chunk.length, position);
        const lastNewline = chunk.subarray(0, bytesRead).lastIndexOf(10);
        if (lastNewline < 0) {
          // A line longer than a chunk is read whole the next time round; the rest is a line still
          // being written (or a crash's torn line, which the next append closes), left for the next read.
          if (position + bytesRead < logSize) chunkBytes *= 2;
          else break;
          continue;
        }
        chunkBytes = INDEXED_BYTES;
        const added = recordsOf(chunk.subarray(0, lastNewline + 1), position);
        await index.write(added);
        for (let i = 0; i < added.length / RECORD_BYTES; i++) summarise(this.state.blocks, this.state.count + i, added, i);
        this.state.count += added.length / RECORD_BYTES;
        position += lastNewline + 1;
        this.state.indexedEnd = position;
        progress(position);
        await backgroundTurn();
      }
    } finally {
      await index.close();
      await log.close();
    }
  }

  /** The index file, cut to its whole records and to those pointing inside the log, and summarised. */
  private async load(logSize: number, progress: (bytes: number) => void): Promise<void> {
    const size = await sizeOf(this.indexFile);
    let whole = Math.floor(size / RECORD_BYTES);
    const state: IndexState = { blocks: [], count: 0, indexedEnd: 0 };
    if (whole > 0) {
      const handle = await open(this.indexFile, "r");
      try {
        whole = await recordsInside(handle, whole, logSize);
        for (let first = 0; first < whole; first += BLOCK_RECORDS) {
          const records = await readRecords(handle, first, Math.min(BLOCK_RECORDS, whole - first));
          for (let i = 0; i < records.length / RECORD_BYTES; i++) summarise(state.blocks, first + i, records, i);
          progress((first + BLOCK_RECORDS) * RECORD_BYTES);
          await backgroundTurn();
        }
        if (whole > 0) state.indexedEnd = endOf(await readRecords(handle, whole - 1, 1), 0);
      } finally {
        await handle.close();
      }
    }
    state.count = whole;
    if (whole * RECORD_BYTES !== size) await truncate(this.indexFile, whole * RECORD_BYTES);
    this.state = state;
    this.loaded = true;
  }

  private async startAgain(): Promise<void> {
    this.state = { blocks: [], count: 0, indexedEnd: 0 };
    this.generation++;
    await truncate(this.indexFile, 0).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
  }

  private async readLines(places: [offset: number, length: number][]): Promise<Buffer[]> {
    if (places.length === 0) return [];
    const handle = await open(this.logFile, "r");
    try {
      return await Promise.all(
        places.map(async ([offset, length]) => {
          const line = Buffer.alloc(length);
          await handle.read(line, 0, length, offset);
          return line;
        }),
      );
    } finally {
      await handle.close();
    }
  }
}

/** How many of the index's first `whole` records end inside a log of `logSize` bytes (records are in the log's order). */
async function recordsInside(handle: FileHandle, whole: number, logSize: number): Promise<number> {
  if (endOf(await readRecords(handle, whole - 1, 1), 0) <= logSize) return whole;
  let [low, high] = [0, whole - 1];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (endOf(await readRecords(handle, middle, 1), 0) <= logSize) low = middle + 1;
    else high = middle;
  }
  return low;
}

async function readRecords(handle: FileHandle, first: number, count: number): Promise<Buffer> {
  const records = Buffer.alloc(count * RECORD_BYTES);
  const { bytesRead } = await handle.read(records, 0, records.length, first * RECORD_BYTES);
  return records.subarray(0, bytesRead - (bytesRead % RECORD_BYTES));
}

/** Adds record `i` of `records`, the index's record number `n`, to its block's summary. */
function summarise(blocks: Block[], n: number, records: Buffer, i: number): void {
  const b = Math.floor(n / BLOCK_RECORDS);
  if (b === blocks.length) blocks.push(new Block());
  blocks[b]!.add(records, i);
}

function filterOf({ action, actorId, targetId, from, to }: AuditQuery): RecordFilter {
  return {
    actionSlot: action === undefined ? undefined : slotOf(ACTION_CODES.get(action) ?? NO_ACTION),
    actor: actorId === undefined ? undefined : digestWords(actorId),
    target: targetId === undefined ? undefined : digestWords(targetId),
    fromMs: from?.getTime() ?? -Infinity,
    toMs: to?.getTime() ?? Infinity,
  };
}

function matches(records: Buffer, i: number, { actionSlot, actor, target, fromMs, toMs }: RecordFilter): boolean {
  const at = atOf(records, i);
  if (at < fromMs || at >= toMs) return false;
  if (actionSlot !== undefined && slotOf(records[i * RECORD_BYTES + 20]!) !== actionSlot) return false;
  if (actor && !sameDigest(actorOf(records, i), actor)) return false;
  return !target || sameDigest(targetOf(records, i), target);
}

const atOf = (records: Buffer, i: number) => records.readDoubleLE(i * RECORD_BYTES + 8);
const endOf = (records: Buffer, i: number) => records.readDoubleLE(i * RECORD_BYTES) + records.readUInt32LE(i * RECORD_BYTES + 16);
const actorOf = (records: Buffer, i: number): Digest => [
  records.readUInt32LE(i * RECORD_BYTES + 24),
  records.readUInt32LE(i * RECORD_BYTES + 28),
];
const targetOf = (records: Buffer, i: number): Digest => [
  records.readUInt32LE(i * RECORD_BYTES + 32),
  records.readUInt32LE(i * RECORD_BYTES + 36),
];
const sameDigest = (a: Digest, b: Digest) => a[0] === b[0] && a[1] === b[1];
/** An action's place in a block's counts: its code, or the last place for one this version does not know. */
const slotOf = (code: number) => (code < AUDIT_ACTIONS.length ? code : AUDIT_ACTIONS.length);

/** The records for each line of `text` (whole lines, read from `start` in the log). */
function recordsOf(text: Buffer, start: number): Buffer {
  let lines = 0;
  for (let at = text.indexOf(10); at >= 0; at = text.indexOf(10, at + 1)) lines++;
  const records = Buffer.alloc(lines * RECORD_BYTES);
  const digests = new Map<string, Buffer>();
  let count = 0;
  let lineStart = 0;
  while (lineStart < text.length) {
    const lineEnd = text.indexOf(10, lineStart);
    const entry = entryOf(text.subarray(lineStart, lineEnd));
    // A line that is not an entry (torn by a crash, then closed by the next append) is passed over.
    if (entry) writeRecord(records, count++, entry, start + lineStart, lineEnd + 1 - lineStart, digests);
    lineStart = lineEnd + 1;
  }
  return records.subarray(0, count * RECORD_BYTES);
}

/** Writes record `i`; `digests` keeps those of ids already seen in this stretch of the log (the same staff, the same lead). */
function writeRecord(records: Buffer, i: number, entry: AuditEntry, offset: number, length: number, digests: Map<string, Buffer>): void {
  const place = i * RECORD_BYTES;
  records.writeDoubleLE(offset, place);
  records.writeDoubleLE(entry.at.getTime(), place + 8);
  records.writeUInt32LE(length, place + 16);
  records.writeUInt8(ACTION_CODES.get(entry.action) ?? NO_ACTION, place + 20);
  for (const [id, at] of [
    [entry.actorId, place + 24],
    [entry.targetId, place + 32],
  ] as const) {
    if (id === undefined) continue;
    let digest = digests.get(id);
    if (!digest) digests.set(id, (digest = digestOf(id)));
    digest.copy(records, at);
  }
}

function digestOf(id: string): Buffer {
  return hash("sha256", id, "buffer").subarray(0, 8);
}

/** A digest as the two 32-bit words a record holds (little-endian). */
function digestWords(id: string): Digest {
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
