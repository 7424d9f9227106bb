import { createReadStream } from "node:fs";
import { constants } from "node:fs";
import { access, open, stat } from "node:fs/promises";
import { parse as parseCsv } from "csv-parse";
import { checkCsvHeader, csvRowToRecord, type CsvHeader } from "./csv-columns";

/**
 * Reads a stock feed row by row, remembering the line each row starts on, so a bad row can
 * be reported as "line 1,204: ..." and the rest still imported. Three formats: a JSON array
 * of records, NDJSON (one record per line), and CSV with a header row.
 */

export const FEED_FORMATS = ["json", "ndjson", "csv"] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

export type FeedRow = (
  | { line: number; value: unknown }
  /** A row that could not even be parsed; the reader carries on with the next one. */
  | { line: number; problem: string }
) & {
  /** The row as the feed gave it, one value per column of Feed.originalColumns, for a rejected-rows download. */
  original: string[];
};

/** The feed as a whole cannot be used: nothing from it may be imported. */
export class UnreadableFeedError extends Error {}

export interface ReadOptions {
  format?: FeedFormat;
  /** Called now and then with the number of bytes read so far. */
  onBytesRead?: (bytes: number) => void;
}

/** The size of a feed file, or an UnreadableFeedError saying why it cannot be read as one. */
export async function feedFileSize(file: string): Promise<number> {
  try {
    const stats = await stat(file);
    if (stats.isDirectory()) throw new UnreadableFeedError(`${file} is a folder, not a feed file`);
    if (!stats.isFile()) throw new UnreadableFeedError(`${file} is not a regular file, so it cannot be a feed`);
    await access(file, constants.R_OK);
    return stats.size;
  } catch (error) {
    if (error instanceof UnreadableFeedError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new UnreadableFeedError(`There is no file ${file}`);
    if (code === "EACCES" || code === "EPERM") throw new UnreadableFeedError(`The file ${file} cannot be read: permission denied`);
    throw new UnreadableFeedError(`The file ${file} cannot be read (${code ?? (error as Error).message})`);
  }
}

/** The format of a file, from its first non-blank character: `[` JSON, `{` NDJSON, else CSV. */
export async function detectFormat(file: string): Promise<FeedFormat> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    const first = buffer
      .subarray(0, bytesRead)
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trimStart()[0];
    if (first === undefined) throw new UnreadableFeedError("The file is empty: it holds no vehicle records");
    return first === "[" ? "json" : first === "{" ? "ndjson" : "csv";
  } finally {
    await handle.close();
  }
}

export interface Feed {
  format: FeedFormat;
  /** Each row as a nested record candidate (CSV rows already mapped), in file order. */
  rows: AsyncGenerator<FeedRow>;
  /** CSV header columns that match no field; filled in once reading has started. */
  ignoredColumns: string[];
  /**
   * What a row's `original` holds: a CSV feed's header (filled in once reading has started,
   * less the columns of a rejected-rows download, so a corrected one is read as the feed it
   * came from), or a JSON feed's one column, "record", of each record's text.
   */
  originalColumns: string[];
}

export async function openFeed(file: string, options: ReadOptions = {}): Promise<Feed> {
  const format = options.format ?? (await detectFormat(file));
  const input = createReadStream(file, { encoding: "utf8", highWaterMark: 1 << 16 });
  if (options.onBytesRead) {
    const report = options.onBytesRead;
    input.on("data", () => report(input.bytesRead));
  }
  const feed: Feed = { format, rows: readJsonArray(input), ignoredColumns: [], originalColumns: ["record"] };
  if (format === "ndjson") feed.rows = readNdjson(input);
  if (format === "csv") {
    feed.rows = readCsv(input, (header) => {
      feed.ignoredColumns = header.ignored;
      feed.originalColumns = header.columns.slice(header.rejectionColumns);
    });
  }
  return feed;
}

/**
 * One record per line. A last line with no line break after it that is not valid JSON is
 * where the file was cut short (a whole record always parses), so the feed is unreadable.
 */
async function* readNdjson(input: AsyncIterable<string>): AsyncGenerator<FeedRow> {
  let line = 0;
  let unfinished = "";
  for await (const chunk of input) {
    const lines = (unfinished + chunk).split("\n");
    unfinished = lines.pop()!;
    for (const text of lines) {
      line++;
      const row = ndjsonRow(text, line);
      if (row) yield row;
    }
  }
  const last = ndjsonRow(unfinished, line + 1);
  if (last && "problem" in last) {
    throw new UnreadableFeedError(
      `Line ${last.line}, the last, is not valid JSON and has no line break after it: the file may have been cut short, so nothing was imported`,
    );
  }
  if (last) yield last;
}

/** A line's row, or undefined for a blank line. */
function ndjsonRow(text: string, line: number): FeedRow | undefined {
  const trimmed = (line === 1 ? text.replace(/^\uFEFF/, "") : text).trim();
  return trimmed === "" ? undefined : parseJsonRow(trimmed, line);
}

function parseJsonRow(text: string, line: number): FeedRow {
  try {
    return { line, value: JSON.parse(text) as unknown, original: [text] };
  } catch (error) {
    return { line, problem: `is not valid JSON: ${(error as Error).message}`, original: [text] };
  }
}

/**
 * Splits a JSON array into its elements without parsing the whole file at once, tracking
 * strings and nesting so that each element's text and starting line are known. A broken
 * element is reported and skipped; a file that ends before the array closes is unreadable,
 * because it was probably cut short and the rest of the stock is missing.
 */
async function* readJsonArray(input: AsyncIterable<string>): AsyncGenerator<FeedRow> {
  let line = 1;
  let state = "before-array" as "before-array" | "between" | "in-element" | "after-array";
  let depth = 0;
  let inString = false;
  let escaped = false;
  let element = "";
  let elementLine = 0;

  for await (const chunk of input) {
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (c === "\n") line++;
      if (state === "in-element") {
        if (inString) {
          if (escaped) escaped = false;
          else if (c === "\\") escaped = true;
          else if (c === '"') inString = false;
          continue;
        }
        if (c === '"') inString = true;
        else if (c === "{" || c === "[") depth++;
        else if ((c === "}" || c === "]") && depth > 0) depth--;
        else if ((c === "," || c === "]") && depth === 0) {
          element += chunk.slice(start, i);
          yield parseJsonRow(element.trim(), elementLine);
          element = "";
          state = c === "]" ? "after-array" : "between";
        }
        continue;
      }
      if (c === " " || c === "\t" || c === "\r" || c === "\n" || c === "\uFEFF") continue;
      if (state === "before-array") {
        if (c !== "[") throw new UnreadableFeedError(`Line ${line}: a JSON feed must be an array of records, starting with "["`);
        state = "between";
      } else if (state === "between") {
        if (c === "]") state = "after-array";
        else if (c !== ",") {
          state = "in-element";
          elementLine = line;
          start = i;
          depth = c === "{" || c === "[" ? 1 : 0;
          inString = c === '"';
        }
      } else {
        throw new UnreadableFeedError(`Line ${line}: unexpected text after the end of the JSON array`);
      }
    }
    if (state === "in-element") element += chunk.slice(start);
  }
  if (state === "before-array") throw new UnreadableFeedError("The file is empty: it holds no vehicle records");
  if (state !== "after-array") {
    throw new UnreadableFeedError(
      `The JSON array is not closed: the file ends at line ${line} inside ${state === "in-element" ? `the record that starts on line ${elementLine}` : "the array"}. It may have been cut short, so nothing was imported`,
    );
  }
}

interface CsvRow {
  record: string[];
  /** `lines`: the line the record ends on; `empty_lines`: blank lines skipped so far. */
  info: { lines: number; empty_lines: number };
  /** The record's text as read, with its line break when it has one. */
  raw: string;
}

/**
 * CSV with a header row. A record may span lines (a quoted value with line breaks in it)
 * and is reported by the line it starts on. A file that ends inside a quoted value, or
 * whose last record has too few values and no line break after it, was cut short.
 */
async function* readCsv(input: NodeJS.ReadableStream, onHeader: (header: CsvHeader) => void): AsyncGenerator<FeedRow> {
  const parser = input.pipe(parseCsv({ bom: true, info: true, raw: true, relax_column_count: true, skip_empty_lines: true, trim: true }));
  let header: CsvHeader | undefined;
  const rows = parser[Symbol.asyncIterator]() as AsyncIterator<CsvRow>;
  // Where the previous record ended, so the next one's first line is known.
  let endedOnLine = 0;
  let blankLinesBefore = 0;
  const firstLineOf = (blankLinesSoFar: number) => endedOnLine + 1 + blankLinesSoFar - blankLinesBefore;
  let cutShort: string | undefined;
  for (;;) {
    let next: IteratorResult<CsvRow>;
    try {
      next = await rows.next();
    } catch (error) {
      const csvError = error as Error & { code?: string } & Partial<CsvRow["info"]>;
      if (csvError.code === "CSV_QUOTE_NOT_CLOSED") {
        throw new UnreadableFeedError(
          `The file ends inside a quoted value, in the record that starts on line ${firstLineOf(csvError.empty_lines ?? blankLinesBefore)}: it may have been cut short, so nothing was imported`,
        );
      }
      throw new UnreadableFeedError(`The CSV file is damaged: ${csvError.message}`);
    }
    if (next.done) break;
    const { record, info, raw } = next.value;
    const line = firstLineOf(info.empty_lines);
    endedOnLine = info.lines;
    blankLinesBefore = info.empty_lines;
    if (!header) {
      try {
        header = checkCsvHeader(record);
        onHeader(header);
      } catch (error) {
        throw new UnreadableFeedError((error as Error).message);
      }
      continue;
    }
    const { columns } = header;
    const original = record.slice(header.rejectionColumns);
    if (record.length !== columns.length) {
      // Only the last record can lack a line break after it.
      if (record.length < columns.length && !/[\r\n]$/.test(raw)) {
        cutShort = `The last record, on line ${line}, has ${record.length} of the ${columns.length} values the header names and no line break after it: the file may have been cut short, so nothing was imported`;
      }
      yield { line, problem: `has ${record.length} values but the header has ${columns.length} columns`, original };
      continue;
    }
    const cells = Object.fromEntries(columns.map((column, i) => [column, record[i]!]));
    yield { line, value: csvRowToRecord(cells), original };
  }
  if (!header) throw new UnreadableFeedError("The file is empty: it holds no vehicle records");
  if (cutShort) throw new UnreadableFeedError(cutShort);
}
