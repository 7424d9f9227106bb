import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { FinanceApplication } from "../../domain/finance-application";
import type { Logger } from "../logger";
import { settleTempFile, writeFileAtomically } from "../store/atomic-file";
import type { AddResult, ApplicationStore, NewApplication, StoredApplication } from "./application-store";

/** One application as its file holds it. */
interface ApplicationFile {
  id: string;
  receivedAt: string;
  submissionKey?: string;
  application: FinanceApplication;
  forwardedAt?: string;
  forwardAttempts: number;
  /** Absent once forwarded. */
  nextAttemptAt?: string;
}

/** What the store keeps in memory about each application: no personal data, only the schedule. */
interface Entry {
  receivedAt: number;
  submissionKey?: string;
  nextAttemptAt?: number;
}

const FILE_SUFFIX = ".json";
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The embedded application store: one JSON file per application, written through a
 * flushed temporary file and a rename, so a 201 is only sent for an application that is on
 * disk whole. The site is the only process that writes here, so a queue in this process is
 * enough to keep writes in order.
 */
export class FileApplicationStore implements ApplicationStore {
  private readonly entries = new Map<string, Entry>();
  private readonly idBySubmissionKey = new Map<string, string>();
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(private readonly directory: string) {}

  static async open(directory: string, logger?: Pick<Logger, "error">): Promise<FileApplicationStore> {
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const store = new FileApplicationStore(directory);
    for (const name of await readdir(directory)) {
      // A temporary file is an add or update a crash cut short (its complete version, if any, is beside it) or one in progress.
      if (await settleTempFile(directory, name)) continue;
      const id = name.endsWith(FILE_SUFFIX) ? name.slice(0, -FILE_SUFFIX.length) : "";
      if (!ID_PATTERN.test(id)) continue;
      try {
        store.index(await store.readFile(id));
      } catch (error) {
        logger?.error({ applicationId: id, code: (error as NodeJS.ErrnoException).code }, "An application file could not be read");
      }
    }
    return store;
  }

  add({ application, receivedAt, submissionKey }: NewApplication): Promise<AddResult> {
    return this.serially(async () => {
      const existing = submissionKey === undefined ? undefined : this.idBySubmissionKey.get(submissionKey);
      if (existing) return { id: existing, created: false };
      const file: ApplicationFile = {
        id: randomUUID(),
        receivedAt: receivedAt.toISOString(),
        ...(submissionKey === undefined ? {} : { submissionKey }),
        application,
        forwardAttempts: 0,
        nextAttemptAt: receivedAt.toISOString(),
      };
      await this.writeFile(file);
      this.index(file);
      return { id: file.id, created: true };
    });
  }

  async get(id: string): Promise<StoredApplication | undefined> {
    if (!this.entries.has(id)) return undefined;
    try {
      return toStored(await this.readFile(id));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async claimNextDue(now: Date, leaseMs: number): Promise<StoredApplication | undefined> {
    let dueId: string | undefined;
    let dueAt = now.getTime();
    for (const [id, { nextAttemptAt }] of this.entries) {
      if (nextAttemptAt !== undefined && nextAttemptAt <= dueAt) [dueId, dueAt] = [id, nextAttemptAt];
    }
    const entry = dueId === undefined ? undefined : this.entries.get(dueId);
    if (dueId === undefined || !entry) return undefined;
    // The lease lives in memory only: after a restart every unforwarded application is due again.
    entry.nextAttemptAt = now.getTime() + leaseMs;
    return this.get(dueId);
  }

  markForwarded(id: string, at: Date): Promise<void> {
    return this.update(id, (file) => {
      const { nextAttemptAt: _, ...rest } = file;
      return { ...rest, forwardedAt: at.toISOString(), forwardAttempts: file.forwardAttempts + 1 };
    });
  }

  markForwardFailed(id: string, retryAt: Date): Promise<void> {
    return this.update(id, (file) => ({ ...file, forwardAttempts: file.forwardAttempts + 1, nextAttemptAt: retryAt.toISOString() }));
  }

  deleteReceivedBefore(cutoff: Date): Promise<number> {
    return this.serially(async () => {
      let deleted = 0;
      for (const [id, entry] of this.entries) {
        if (entry.receivedAt >= cutoff.getTime()) continue;
        await rm(this.fileOf(id), { force: true });
        this.entries.delete(id);
        if (entry.submissionKey !== undefined) this.idBySubmissionKey.delete(entry.submissionKey);
        deleted++;
      }
      return deleted;
    });
  }

  async close(): Promise<void> {
    await this.queue;
  }

  private update(id: string, change: (file: ApplicationFile) => ApplicationFile): Promise<void> {
    return this.serially(async () => {
      // Retention may have deleted it while it was being sent.
      if (!this.entries.has(id)) return;
      const file = change(await this.readFile(id));
      await this.writeFile(file);
      this.index(file);
    });
  }

  private index(file: ApplicationFile): void {
    this.entries.set(file.id, {
      receivedAt: Date.parse(file.receivedAt),
      submissionKey: file.submissionKey,
      nextAttemptAt: file.nextAttemptAt === undefined ? undefined : Date.parse(file.nextAttemptAt),
    });
    if (file.submissionKey !== undefined) this.idBySubmissionKey.set(file.submissionKey, file.id);
  }

  private fileOf(id: string): string {
    return path.join(this.directory, `${id}${FILE_SUFFIX}`);
  }

  private async readFile(id: string): Promise<ApplicationFile> {
    return JSON.parse(await readFile(this.fileOf(id), "utf8")) as ApplicationFile;
  }

  private writeFile(file: ApplicationFile): Promise<void> {
    return writeFileAtomically(this.fileOf(file.id), [JSON.stringify(file)]);
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function toStored(file: ApplicationFile): StoredApplication {
  return {
    id: file.id,
    receivedAt: new Date(file.receivedAt),
    application: file.application,
    forwardAttempts: file.forwardAttempts,
    ...(file.forwardedAt === undefined ? {} : { forwardedAt: new Date(file.forwardedAt) }),
  };
}
