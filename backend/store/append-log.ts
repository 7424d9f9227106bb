import { open, type FileHandle } from "node:fs/promises";

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
  private paused: Promise<unknown> | undefined;
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

  /** Runs `work` (a rewrite of the file, say) with no append under way: appends arriving meanwhile wait for it. */
  async exclusive<R>(work: () => Promise<R>): Promise<R> {
    while (this.writing || this.paused) await (this.writing ?? this.paused)!.catch(() => undefined);
    const run = work();
    this.paused = run;
    try {
      return await run;
    } finally {
      this.paused = undefined;
      if (this.waiting.length > 0) this.startWriting();
    }
  }

  private startWriting(): void {
    if (this.writing || this.paused) return;
    this.writing = this.writeWaiting().finally(() => {
      this.writing = undefined;
      // An append may have arrived after the last batch was taken and before this ran.
      if (this.waiting.length > 0) this.startWriting();
    });
  }

  private async writeWaiting(): Promise<void> {
    while (this.waiting.length > 0) {
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
