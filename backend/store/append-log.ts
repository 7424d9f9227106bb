import { open, rename, rm, stat, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { syncDirectory } from "./atomic-file";

const CHUNK_BYTES = 1 << 20;

/** A rewrite of the log (`AppendLog.rewrite`). */
export interface LogRewrite {
  /**
   * Called with appends paused, given the file's size: where the bytes kept begin (those
   * before are dropped) and what goes in their place.
   */
  begin(size: number): { from: number; head?: AsyncIterable<string> };
  /**
   * Wraps the last step, `replace` (appends paused, the rest appended meanwhile copied, the
   * new file renamed over the old one), so that a caller can hold its readers off round it,
   * or skip it (not calling `replace`) when what it rewrote no longer holds.
   */
  swap?(replace: () => Promise<void>): Promise<void>;
}

/**
 * Lines appended to a file, each on disk before its append resolves. Appends that arrive
 * while a write is under way go together in the next one, so a burst of them costs one
 * write and one flush to disk, not one each; there is no lock, since each write is one
 * append to the end of the file, which the file system keeps whole against other writers
 * (the staff command appends beside the site).
 */
export class AppendLog {
  private waiting: { line: string; done(error?: unknown): void }[] = [];
  private writing: Promise<void> | undefined;
  /** Exclusive work waiting or under way: no new write begins meanwhile, so a stream of appends cannot keep it waiting. */
  private exclusives = 0;
  private exclusiveTurns: Promise<unknown> = Promise.resolve();
  private endChecked = false;

  constructor(
    private readonly file: string,
    private readonly mode = 0o600,
  ) {}

  append(line: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({
        line: line.endsWith("\n") ? line : `${line}\n`,
        done: (error) => (error === undefined ? resolve() : reject(error)),
      });
      this.startWriting();
    });
  }

  /** Runs `work` with no append under way: appends arriving meanwhile wait for it, so keep it short. */
  exclusive<R>(work: () => Promise<R>): Promise<R> {
    this.exclusives++;
    const run = this.exclusiveTurns.then(async () => {
      try {
        while (this.writing) await this.writing;
        return await work();
      } finally {
        this.exclusives--;
        this.startWriting();
      }
    });
    this.exclusiveTurns = run.catch(() => undefined);
    return run;
  }

  /**
   * Rewrites the file as a head and what it holds from a point on, beside appends: the head
   * and the bulk of the copy are written to a temporary file while appends go on to the old
   * one; only what was appended meanwhile is copied with appends paused, just before the new
   * file takes the old one's place. A crash at any moment leaves the old file or the new.
   * Appends from another process are kept if they land before that last step.
   */
  async rewrite({ begin, swap = (replace) => replace() }: LogRewrite): Promise<void> {
    const temp = `${this.file}.rewrite`;
    const { from, head } = await this.exclusive(async () => begin(await sizeOf(this.file)));
    const target = await open(temp, "w", this.mode);
    let replaced = false;
    try {
      if (head) for await (const chunk of head) await target.write(chunk);
      const copiedTo = await copyTail(this.file, from, target);
      await swap(() =>
        this.exclusive(async () => {
          await copyTail(this.file, copiedTo, target);
          await target.sync();
          await rename(temp, this.file);
          replaced = true;
          await syncDirectory(path.dirname(this.file));
        }),
      );
    } finally {
      await target.close();
      if (!replaced) await rm(temp, { force: true });
    }
  }

  private startWriting(): void {
    if (this.writing || this.exclusives > 0 || this.waiting.length === 0) return;
    this.writing = this.writeWaiting().finally(() => {
      this.writing = undefined;
      // An append may have arrived after the last batch was taken and before this ran.
      this.startWriting();
    });
  }

  private async writeWaiting(): Promise<void> {
    while (this.waiting.length > 0 && this.exclusives === 0) {
      const batch = this.waiting;
      this.waiting = [];
      try {
        const handle = await open(this.file, "a+", this.mode);
        try {
          await handle.write(`${await this.lineBreakOwed(handle)}${batch.map(({ line }) => line).join("")}`);
          this.endChecked = true;
          await handle.sync();
        } finally {
          await handle.close();
        }
        for (const { done } of batch) done();
      } catch (error) {
        for (const { done } of batch) done(error);
      }
    }
  }

  /**
   * A line break when the file ends part-way through a line (a crash cut an append short), so
   * that the torn line stays one line of its own, which readers pass over, rather than
   * swallowing the first line this process appends. Checked once: after that, this process's
   * appends end every line.
   */
  private async lineBreakOwed(handle: FileHandle): Promise<string> {
    if (this.endChecked) return "";
    const { size } = await handle.stat();
    if (size === 0) return "";
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    return last[0] === 10 ? "" : "\n";
  }
}

/** A file's size; 0 when there is none yet. */
export function sizeOf(file: string): Promise<number> {
  return stat(file).then(
    (stats) => stats.size,
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return 0;
      throw error;
    },
  );
}

/** Copies what `file` holds from `start` to its end onto `target`; resolves to where that end was. */
async function copyTail(file: string, start: number, target: FileHandle): Promise<number> {
  let source: FileHandle;
  try {
    source = await open(file, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return start;
    throw error;
  }
  try {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let position = start;
    for (;;) {
      const { bytesRead } = await source.read(chunk, 0, CHUNK_BYTES, position);
      if (bytesRead === 0) return position;
      await target.write(chunk, 0, bytesRead);
      position += bytesRead;
    }
  } finally {
    await source.close();
  }
}
