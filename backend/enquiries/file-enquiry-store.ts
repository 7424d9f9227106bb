import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "../logger";
import { settleTempFile, writeFileAtomically } from "../store/atomic-file";
import type { AddResult, EnquiryStore, NewEnquiry, StoredEnquiry, StoreOptions } from "./enquiry-store";

/** One record as its file holds it; the forwarding fields only for a kind that is forwarded. */
interface EnquiryFile<T> {
  id: string;
  receivedAt: string;
  key?: string;
  enquiry: T;
  forwardAttempts?: number;
  forwardedAt?: string;
  /** Absent once forwarded, and for kinds never forwarded. */
  nextAttemptAt?: string;
}

/** What the store keeps in memory about each record: no personal data, only its key's digest and schedule. */
interface Entry {
  receivedAt: number;
  key?: string;
  nextAttemptAt?: number;
}

const FILE_SUFFIX = ".json";
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The embedded enquiry store: one JSON file per record, written through a flushed temporary
 * file and a rename, so the visitor is only told of a record that is on disk whole. The site
 * is the only process that writes here, so a queue in this process keeps writes in order and
 * makes "one record per key" hold under simultaneous sign-ups.
 */
export class FileEnquiryStore<T> implements EnquiryStore<T> {
  private readonly entries = new Map<string, Entry>();
  private readonly idByKey = new Map<string, string>();
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly directory: string,
    private readonly options: StoreOptions,
  ) {}

  static async open<T>(directory: string, options: StoreOptions, logger?: Pick<Logger, "error">): Promise<FileEnquiryStore<T>> {
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const store = new FileEnquiryStore<T>(directory, options);
    for (const name of await readdir(directory)) {
      // A temporary file is a write a crash cut short (its complete version, if any, is beside it) or one in progress.
      if (await settleTempFile(directory, name)) continue;
      const id = name.endsWith(FILE_SUFFIX) ? name.slice(0, -FILE_SUFFIX.length) : "";
      if (!ID_PATTERN.test(id)) continue;
      try {
        store.index(await store.readFile(id));
      } catch (error) {
        logger?.error({ enquiryId: id, code: (error as NodeJS.ErrnoException).code }, "An enquiry file could not be read");
      }
    }
    return store;
  }

  add({ enquiry, receivedAt, key }: NewEnquiry<T>): Promise<AddResult> {
    return this.serially(async () => {
      const existing = key === undefined ? undefined : this.idByKey.get(key);
      if (existing) return { id: existing, created: false };
      const file: EnquiryFile<T> = {
        id: randomUUID(),
        receivedAt: receivedAt.toISOString(),
        ...(key === undefined ? {} : { key }),
        enquiry,
        ...(this.options.forwarded ? { forwardAttempts: 0, nextAttemptAt: receivedAt.toISOString() } : {}),
      };
      await this.writeFile(file);
      this.index(file);
      return { id: file.id, created: true };
    });
  }

  async get(id: string): Promise<StoredEnquiry<T> | undefined> {
    if (!this.entries.has(id)) return undefined;
    try {
      return toStored(await this.readFile(id));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async claimNextDue(now: Date, leaseMs: number): Promise<StoredEnquiry<T> | undefined> {
    let dueId: string | undefined;
    let dueAt = now.getTime();
    for (const [id, { nextAttemptAt }] of this.entries) {
      if (nextAttemptAt !== undefined && nextAttemptAt <= dueAt) [dueId, dueAt] = [id, nextAttemptAt];
    }
    const entry = dueId === undefined ? undefined : this.entries.get(dueId);
    if (dueId === undefined || !entry) return undefined;
    // The lease lives in memory only: after a restart every unforwarded record is due again.
    entry.nextAttemptAt = now.getTime() + leaseMs;
    return this.get(dueId);
  }

  markForwarded(id: string, at: Date): Promise<void> {
    return this.update(id, ({ nextAttemptAt: _, ...file }) => ({
      ...file,
      forwardedAt: at.toISOString(),
      forwardAttempts: (file.forwardAttempts ?? 0) + 1,
    }));
  }

  markForwardFailed(id: string, retryAt: Date): Promise<void> {
    return this.update(id, (file) =>
      file.forwardedAt === undefined ? { ...file, forwardAttempts: (file.forwardAttempts ?? 0) + 1, nextAttemptAt: retryAt.toISOString() } : file,
    );
  }

  deleteReceivedBefore(cutoff: Date): Promise<number> {
    return this.serially(async () => {
      let deleted = 0;
      for (const [id, entry] of this.entries) {
        if (entry.receivedAt >= cutoff.getTime()) continue;
        await rm(this.fileOf(id), { force: true });
        this.entries.delete(id);
        if (entry.key !== undefined) this.idByKey.delete(entry.key);
        deleted++;
      }
      return deleted;
    });
  }

  async close(): Promise<void> {
    await this.queue;
  }

  private update(id: string, change: (file: EnquiryFile<T>) => EnquiryFile<T>): Promise<void> {
    return this.serially(async () => {
      // Retention may have deleted it while it was being sent.
      if (!this.entries.has(id)) return;
      const file = change(await this.readFile(id));
      await this.writeFile(file);
      this.index(file);
    });
  }

  private index(file: EnquiryFile<T>): void {
    this.entries.set(file.id, {
      receivedAt: Date.parse(file.receivedAt),
      key: file.key,
      nextAttemptAt: file.nextAttemptAt === undefined ? undefined : Date.parse(file.nextAttemptAt),
    });
    if (file.key !== undefined) this.idByKey.set(file.key, file.id);
  }

  private fileOf(id: string): string {
    return path.join(this.directory, `${id}${FILE_SUFFIX}`);
  }

  private async readFile(id: string): Promise<EnquiryFile<T>> {
    return JSON.parse(await readFile(this.fileOf(id), "utf8")) as EnquiryFile<T>;
  }

  private writeFile(file: EnquiryFile<T>): Promise<void> {
    return writeFileAtomically(this.fileOf(file.id), [JSON.stringify(file)]);
  }

  private serially<R>(work: () => Promise<R>): Promise<R> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function toStored<T>(file: EnquiryFile<T>): StoredEnquiry<T> {
  return {
    id: file.id,
    receivedAt: new Date(file.receivedAt),
    enquiry: file.enquiry,
    forwardAttempts: file.forwardAttempts ?? 0,
    ...(file.forwardedAt === undefined ? {} : { forwardedAt: new Date(file.forwardedAt) }),
  };
}
