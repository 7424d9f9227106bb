import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { settleTempFile, writeFileAtomically } from "./atomic-file";

/**
 * Records kept one small JSON file each in a folder, named by a key of URL-safe characters
 * (a digest): adding, changing or removing one touches that file alone, so the cost of each
 * is the same however many there are, and no lock is needed (each write replaces its file
 * whole). Reading them all is for what is rare: a sweep, or every record of one account.
 */
export class RecordFiles<T> {
  constructor(
    private readonly directory: string,
    /** Turns what JSON.parse gave back into T (dates, say). */
    private readonly revive: (raw: unknown) => T,
  ) {}

  async get(key: string): Promise<T | undefined> {
    try {
      return this.revive(JSON.parse(await readFile(this.fileOf(key), "utf8")));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  put(key: string, value: T): Promise<void> {
    return writeFileAtomically(this.fileOf(key), [JSON.stringify(value)]);
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }

  /** Every record with its key; one removed meanwhile is left out, as is a dead writer's temporary file (removed). */
  async *all(): AsyncGenerator<[string, T]> {
    const names = await readdir(this.directory).catch(() => [] as string[]);
    for (const name of names) {
      if (!name.endsWith(".json") || (await settleTempFile(this.directory, name))) continue;
      const key = name.slice(0, -".json".length);
      const value = await this.get(key);
      if (value !== undefined) yield [key, value];
    }
  }

  private fileOf(key: string): string {
    // Keys are digests; anything else could name a file outside the folder.
    if (!/^[\w-]+$/.test(key)) throw new RangeError("A record's key must be letters, digits, - and _");
    return path.join(this.directory, `${key}.json`);
  }
}
