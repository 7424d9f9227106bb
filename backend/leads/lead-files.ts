import { closeSync, openSync, readSync } from "node:fs";
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { settleTempFile, writeFileAtomically } from "../store/atomic-file";
import type { KeptLead, LeadWork } from "./lead-store";

export const FILE_SUFFIX = ".json";
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Room for a lead file read at once; grown for a bigger one. */
const READ_BUFFER_BYTES = 64 * 1024;

/**
 * The embedded lead store's files: one JSON file per lead in its folder (DATA_DIR/leads),
 * written through a flushed temporary file and a rename, so a lead is on disk whole or not
 * at all.
 */
export class LeadFiles {
  /**
   * What an export reads each lead file into, one after another (each read is synchronous, so
   * two exports never share it at once): a buffer of its own for each of 100,000 files would
   * outlive the young generation's sweeps and pile up until the next full one, some 25 MB more.
   */
  private readBuffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);

  constructor(private readonly directory: string) {}

  /** Everything the folder holds by name: lead files, the journal, temporary files. */
  names(): Promise<string[]> {
    return readdir(this.directory);
  }

  /** The lead a file of the folder holds, by its name; undefined for any other file. */
  async idOf(name: string): Promise<string | undefined> {
    // A temporary file is an add or update a crash cut short (its complete version, if any, is beside it) or one in progress.
    if (await settleTempFile(this.directory, name)) return undefined;
    const id = name.endsWith(FILE_SUFFIX) ? name.slice(0, -FILE_SUFFIX.length) : "";
    return ID_PATTERN.test(id) ? id : undefined;
  }

  /** The writes a crash cut short, finished or dropped. */
  async settleTempFiles(): Promise<void> {
    for (const name of await this.names()) await settleTempFile(this.directory, name);
  }

  async read(id: string): Promise<KeptLead> {
    return leadFromFile(JSON.parse(await readFile(this.fileOf(id), "utf8")));
  }

  /** A lead read without waiting; undefined when it was deleted meanwhile (retention, an erasure). */
  readAtOnce(id: string): KeptLead | undefined {
    let descriptor: number;
    try {
      descriptor = openSync(this.fileOf(id), "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    try {
      let length = 0;
      for (;;) {
        if (length === this.readBuffer.length)
          this.readBuffer = Buffer.concat([this.readBuffer, Buffer.allocUnsafe(this.readBuffer.length)]);
        const room = this.readBuffer.length - length;
        const read = readSync(descriptor, this.readBuffer, length, room, length);
        length += read;
        // A file gives all that was asked unless it ends first: a read short of the room is its end, without one more read to learn it.
        if (read < room) break;
      }
      return leadFromFile(JSON.parse(this.readBuffer.toString("utf8", 0, length)));
    } finally {
      closeSync(descriptor);
    }
  }

  write(lead: KeptLead): Promise<void> {
    return writeFileAtomically(this.fileOf(lead.id), [JSON.stringify(lead)]);
  }

  remove(id: string): Promise<void> {
    return rm(this.fileOf(id), { force: true });
  }

  private fileOf(id: string): string {
    // Not path.join: an export names 100,000 files, and the folder is already a normalised path.
    return `${this.directory}${path.sep}${id}${FILE_SUFFIX}`;
  }
}

/** A lead file read back: JSON holds its dates as text. */
function leadFromFile(raw: KeptLead): KeptLead {
  const date = (value: Date | undefined) => (value === undefined ? undefined : new Date(value));
  return {
    ...raw,
    receivedAt: new Date(raw.receivedAt),
    ...(raw.forwardedAt ? { forwardedAt: date(raw.forwardedAt) } : {}),
    ...(raw.nextAttemptAt ? { nextAttemptAt: date(raw.nextAttemptAt) } : {}),
    ...(raw.lastForwardFailure ? { lastForwardFailure: { ...raw.lastForwardFailure, at: new Date(raw.lastForwardFailure.at) } } : {}),
    ...(raw.likelyDuplicateOf
      ? { likelyDuplicateOf: { ...raw.likelyDuplicateOf, receivedAt: new Date(raw.likelyDuplicateOf.receivedAt) } }
      : {}),
    ...(raw.work ? { work: workOf(raw.work) } : {}),
  };
}

function workOf(raw: LeadWork): LeadWork {
  return {
    ...raw,
    ...(raw.readAt ? { readAt: new Date(raw.readAt) } : {}),
    ...(raw.followUpAt ? { followUpAt: new Date(raw.followUpAt) } : {}),
    notes: raw.notes.map((note) => ({ ...note, at: new Date(note.at) })),
    history: raw.history.map((entry) => ({ ...entry, at: new Date(entry.at) })),
  };
}
