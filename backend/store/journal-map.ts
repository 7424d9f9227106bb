import { readFile } from "node:fs/promises";
import { AppendLog } from "./append-log";
import { writeFileAtomically } from "./atomic-file";

/** A line of the journal: the key's value as it now is, or the key alone once deleted. */
interface JournalLine {
  k: string;
  v?: unknown;
}

/** Lines written per chunk of a rewrite. */
const LINES_PER_CHUNK = 1_000;

/**
 * A map kept in memory and on disk as a journal of its changes: each change appended as
 * lines, flushed before it resolves, and the file rewritten with only the live entries once
 * superseded lines outnumber them, or when asked (after an erasure, so that what was deleted
 * leaves the disk at once). Read whole at open; a line torn by a crash mid-append is passed over.
 * One process writes it; its caller keeps changes to one key in order.
 */
export class JournalMap<V> {
  private readonly map = new Map<string, V>();
  private lines = 0;
  private readonly log: AppendLog;

  private constructor(private readonly file: string) {
    this.log = new AppendLog(file);
  }

  /** `revive` turns what JSON gave back into a value (its dates, say). */
  static async open<V>(file: string, revive: (raw: unknown) => V): Promise<JournalMap<V>> {
    const journal = new JournalMap<V>(file);
    let text = "";
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    for (const line of text.split("\n")) {
      if (line === "") continue;
      let parsed: JournalLine;
      try {
        parsed = JSON.parse(line) as JournalLine;
      } catch {
        continue;
      }
      journal.lines++;
      if (parsed.v === undefined) journal.map.delete(parsed.k);
      else journal.map.set(parsed.k, revive(parsed.v));
    }
    if (journal.lines > 2 * journal.map.size + 1_000) await journal.rewrite();
    return journal;
  }

  get size(): number {
    return this.map.size;
  }

  get(key: string): V | undefined {
    return this.map.get(key);
  }

  values(): IterableIterator<V> {
    return this.map.values();
  }

  entries(): IterableIterator<[string, V]> {
    return this.map.entries();
  }

  /** Sets each key to its value (undefined deletes it), on disk before it resolves; in memory as soon as it is called. */
  async write(changes: Iterable<readonly [string, V | undefined]>): Promise<void> {
    const lines: string[] = [];
    for (const [key, value] of changes) {
      if (value === undefined) {
        if (!this.map.delete(key)) continue;
        lines.push(JSON.stringify({ k: key }));
      } else {
        this.map.set(key, value);
        lines.push(JSON.stringify({ k: key, v: value }));
      }
    }
    if (lines.length === 0) return;
    this.lines += lines.length;
    await this.log.append(lines.join("\n"));
    if (this.lines > 2 * this.map.size + 1_000) await this.rewrite();
  }

  /** Writes the file afresh with only the live entries, replacing it atomically. */
  rewrite(): Promise<void> {
    return this.log.exclusive(async () => {
      const entries = [...this.map];
      await writeFileAtomically(this.file, chunksOf(entries));
      this.lines = entries.length;
    });
  }
}

function* chunksOf(entries: readonly (readonly [string, unknown])[]): Generator<string> {
  for (let from = 0; from < entries.length; from += LINES_PER_CHUNK) {
    yield entries
      .slice(from, from + LINES_PER_CHUNK)
      .map(([k, v]) => `${JSON.stringify({ k, v })}\n`)
      .join("");
  }
}
