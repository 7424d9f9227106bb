import { open, type FileHandle } from "node:fs/promises";
import type { CatchUpBoard } from "../catch-up-board";
import { backgroundTurn } from "../event-loop-turns";
import type { Logger } from "../logger";
import { AppendLog } from "../store/append-log";
import type { Entry } from "./lead-entries";

/** Beside the lead files: what the store keeps in memory of each, so start-up reads one file, not one per lead. */
export const JOURNAL_NAME = "index.ndjson";
/** Writing the journal for more leads than this is shown on /healthz and logged. */
export const SHOWN_LEADS = 20_000;
/** Journal lines yielded between while it is rewritten, so the site keeps answering. */
const LINES_PER_TURN = 2_000;
/**
 * Bytes of the journal read at a time at start: read whole, its buffer (30 MB at 100,000
 * leads) stayed in memory, unused, until a full collection, which a site at rest may not run.
 */
const READ_BYTES = 256 * 1024;

/**
 * A line of the journal: a lead's entry as it now is, or the id of a lead about to be written
 * or deleted (flushed before its file changes, so that a crash between leaves the lead to be
 * read again at start).
 */
export type JournalLine = { entry: Entry } | { changing: string };

/** What the journal is rewritten from: the leads as they stand, and those announced as changing whose entry has not yet followed. */
export interface JournalSource {
  entries(): readonly Entry[];
  changing(): readonly string[];
}

/**
 * The embedded lead store's journal (DATA_DIR/leads/index.ndjson): every change announced,
 * flushed, before its lead file changes, and its new entry after. It is rewritten with one
 * line per lead kept beside new changes (`AppendLog.rewrite`: what is appended meanwhile is
 * copied after the leads kept), one rewrite at a time, so that no visitor's lead waits for it.
 */
export class LeadJournal {
  private readonly log: AppendLog;
  private lines = 0;
  private compaction: Promise<void> = Promise.resolve();
  /** A rewrite asked for that has not yet begun: it will take in every change made before it does. */
  private nextCompaction: Promise<void> | undefined;

  constructor(
    private readonly file: string,
    private readonly source: JournalSource,
    private readonly logger?: Pick<Logger, "error">,
    private readonly catchUps?: CatchUpBoard,
  ) {
    this.log = new AppendLog(file);
  }

  /** Each whole line of the journal, in order, taking turns; the number of lines, or "none" when there is no journal. */
  async read(take: (line: JournalLine) => void): Promise<number | "none"> {
    let file: FileHandle;
    try {
      file = await open(this.file, "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return "none";
      throw error;
    }
    let lines = 0;
    const takeLine = async (bytes: Buffer) => {
      const line = parsedLine(bytes);
      lines++;
      await backgroundTurn();
      // A torn line (a crash mid-append) is passed over: the lead it was about was announced first.
      if (line) take(line);
    };
    try {
      let buffer = Buffer.allocUnsafe(READ_BYTES);
      // Bytes at the buffer's start of a line not yet ended.
      let held = 0;
      for (;;) {
        if (held === buffer.length) buffer = Buffer.concat([buffer, Buffer.allocUnsafe(buffer.length)]);
        const { bytesRead } = await file.read(buffer, held, buffer.length - held, null);
        const filled = buffer.subarray(0, held + bytesRead);
        let start = 0;
        for (let end = filled.indexOf(10); end !== -1; end = filled.indexOf(10, start)) {
          await takeLine(filled.subarray(start, end));
          start = end + 1;
        }
        if (bytesRead === 0) {
          if (start < filled.length) await takeLine(filled.subarray(start));
          break;
        }
        held = filled.copy(buffer, 0, start);
      }
    } finally {
      await file.close();
    }
    this.lines = lines;
    return lines;
  }

  async note(line: JournalLine): Promise<void> {
    await this.log.append(JSON.stringify(line));
    this.lines++;
  }

  /**
   * A rewrite of the journal, one line per lead kept, that takes in every change made before
   * it begins; one at a time. On the board when long.
   */
  compact(): Promise<void> {
    if (!this.nextCompaction) {
      const next = this.compaction
        .catch(() => undefined)
        .then(() => {
          this.nextCompaction = undefined;
          return this.catchUps && this.source.entries().length > SHOWN_LEADS
            ? this.catchUps.run("leads-journal", () => this.rewrite())
            : this.rewrite();
        });
      next.catch((error: unknown) => this.logger?.error({ err: error }, "The leads journal could not be rewritten"));
      this.compaction = next;
      this.nextCompaction = next;
    }
    return this.nextCompaction;
  }

  /**
   * The journal written again with one line per lead kept, beside changes: the leads as they
   * stand when it begins (and the announcements of changes not yet followed by their entries),
   * then every line appended since.
   */
  async rewrite(): Promise<void> {
    let linesBefore = 0;
    let kept = 0;
    await this.log.rewrite({
      begin: (size) => {
        const entries = this.source.entries().slice();
        const changing = [...this.source.changing()];
        linesBefore = this.lines;
        kept = entries.length + changing.length;
        return { from: size, head: journalOf(entries, changing) };
      },
    });
    this.lines = kept + this.lines - linesBefore;
  }

  /** Once the rewrite under way, if any, has ended. */
  async settled(): Promise<void> {
    await this.compaction.catch(() => undefined);
  }
}

/** The journal's lines for `entries`, then the announcements of changes under way, a batch a turn so the site keeps answering. */
async function* journalOf(entries: readonly Entry[], changing: readonly string[]): AsyncGenerator<string> {
  for (let start = 0; start < entries.length; start += LINES_PER_TURN) {
    yield entries
      .slice(start, start + LINES_PER_TURN)
      .map((entry) => `${JSON.stringify({ entry } satisfies JournalLine)}\n`)
      .join("");
    await new Promise((resolve) => setImmediate(resolve));
  }
  yield changing.map((id) => `${JSON.stringify({ changing: id } satisfies JournalLine)}\n`).join("");
}

function parsedLine(bytes: Buffer): JournalLine | undefined {
  try {
    return JSON.parse(bytes.toString()) as JournalLine;
  } catch {
    return undefined;
  }
}
