import { readFile, stat } from "node:fs/promises";
import { writeFileAtomically } from "./atomic-file";
import { withFileLock } from "./file-lock";

/**
 * A small JSON document in one file that more than one process changes: the site, and a
 * command-line tool run beside it (a staff account added while the site runs). Each read
 * takes the file as it is on disk (read again only when it has changed); each change is
 * made under the file lock, on the newest version, and written atomically.
 */
export class SharedJsonFile<T> {
  private cached: { signature: string; value: T } | undefined;

  constructor(
    private readonly file: string,
    private readonly empty: () => T,
    /** Turns what JSON.parse gave back into T (dates, say). */
    private readonly revive: (raw: unknown) => T,
  ) {}

  async read(): Promise<T> {
    let signature: string;
    try {
      const stats = await stat(this.file);
      signature = `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return this.empty();
      throw error;
    }
    if (this.cached?.signature !== signature) {
      this.cached = { signature, value: this.revive(JSON.parse(await readFile(this.file, "utf8"))) };
    }
    return this.cached.value;
  }

  /**
   * Applies `change` to the newest version and writes what it gives back, unless that is the
   * very value it was given (nothing to change); resolves to its `result`.
   */
  change<R>(change: (value: T) => { value: T; result: R }): Promise<R> {
    return withFileLock(`${this.file}.lock`, async () => {
      const current = await this.read();
      const { value, result } = change(current);
      if (value !== current) {
        await writeFileAtomically(this.file, [JSON.stringify(value)]);
        this.cached = undefined;
      }
      return result;
    });
  }
}
