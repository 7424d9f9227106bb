import { mkdir, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { leaseEarliestDue } from "../outbox-worker";
import { settleTempFile, writeFileAtomically } from "../store/atomic-file";
import { MAIL_ID_PATTERN, type MailFailure, type MailOutbox, type OutgoingMail, type QueuedMail } from "./mail-outbox";

/** A message as its file holds it: whole while unsent, its id and time alone once sent. */
type MailFile = (QueuedMail & { nextAttemptAt: Date }) | { id: string; sentAt: Date };

/** What is kept in memory of each file: when it is next due (unsent), or when it went. */
interface Entry {
  nextAttemptAt?: number;
  sentAt?: number;
}

const MAIL_FOLDER = "mail";
const FILE_SUFFIX = ".json";

/**
 * The embedded mail outbox: one JSON file per message under DATA_DIR/mail, written through
 * a flushed temporary file and a rename. The site sends; `npm run staff` may add a message
 * from its own process (a password link), so the folder is read again for new files before
 * each claim. Writes from this process go through one queue, keeping "one message per id".
 */
export class FileMailOutbox implements MailOutbox {
  private readonly entries = new Map<string, Entry>();
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(private readonly directory: string) {}

  static async open(dataDir: string): Promise<FileMailOutbox> {
    const directory = path.join(dataDir, MAIL_FOLDER);
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const outbox = new FileMailOutbox(directory);
    for (const name of await readdir(directory)) await settleTempFile(directory, name);
    await outbox.readNewFiles();
    return outbox;
  }

  async enqueue(mail: OutgoingMail, at: Date): Promise<boolean> {
    if (!MAIL_ID_PATTERN.test(mail.id)) throw new Error(`Not a mail id: ${mail.id}`);
    return this.serially(async () => {
      await this.readNewFiles();
      if (this.entries.has(mail.id)) return false;
      await this.write({ ...mail, queuedAt: at, attempts: 0, nextAttemptAt: at });
      return true;
    });
  }

  async claimNextDue(now: Date, leaseMs: number): Promise<QueuedMail | undefined> {
    await this.serially(() => this.readNewFiles());
    const dueId = leaseEarliestDue(this.entries, now, leaseMs);
    if (dueId === undefined) return undefined;
    const file = await this.read(dueId);
    if (!file || "sentAt" in file) return undefined;
    const { nextAttemptAt: _, ...mail } = file;
    return mail;
  }

  markSent(id: string, at: Date): Promise<void> {
    return this.serially(async () => {
      if (this.entries.has(id)) await this.write({ id, sentAt: at });
    });
  }

  markFailed(id: string, retryAt: Date, failure: MailFailure): Promise<void> {
    return this.serially(async () => {
      const file = await this.read(id);
      if (!file || "sentAt" in file) return;
      await this.write({ ...file, attempts: file.attempts + 1, nextAttemptAt: retryAt, lastFailure: failure });
    });
  }

  async countUnsent(): Promise<number> {
    await this.serially(() => this.readNewFiles());
    let unsent = 0;
    for (const entry of this.entries.values()) if (entry.sentAt === undefined) unsent++;
    return unsent;
  }

  deleteSentBefore(cutoff: Date): Promise<number> {
    return this.serially(async () => {
      let deleted = 0;
      for (const [id, { sentAt }] of this.entries) {
        if (sentAt === undefined || sentAt >= cutoff.getTime()) continue;
        await rm(this.fileOf(id), { force: true });
        this.entries.delete(id);
        deleted++;
      }
      return deleted;
    });
  }

  async close(): Promise<void> {
    await this.queue;
  }

  /** Indexes the files this process has not seen yet: those another process added. */
  private async readNewFiles(): Promise<void> {
    for (const name of await readdir(this.directory)) {
      if (!name.endsWith(FILE_SUFFIX)) continue;
      const id = name.slice(0, -FILE_SUFFIX.length);
      if (!MAIL_ID_PATTERN.test(id) || this.entries.has(id)) continue;
      const file = await this.read(id);
      if (file) this.index(file);
    }
  }

  private index(file: MailFile): void {
    this.entries.set(file.id, "sentAt" in file ? { sentAt: file.sentAt.getTime() } : { nextAttemptAt: file.nextAttemptAt.getTime() });
  }

  private fileOf(id: string): string {
    return path.join(this.directory, `${id}${FILE_SUFFIX}`);
  }

  private async read(id: string): Promise<MailFile | undefined> {
    try {
      return mailFromFile(JSON.parse(await readFile(this.fileOf(id), "utf8")));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  private async write(file: MailFile): Promise<void> {
    await writeFileAtomically(this.fileOf(file.id), [JSON.stringify(file)]);
    this.index(file);
  }

  private serially<R>(work: () => Promise<R>): Promise<R> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

/** A mail file read back: JSON holds its dates as text. */
function mailFromFile(raw: MailFile): MailFile {
  if ("sentAt" in raw) return { id: raw.id, sentAt: new Date(raw.sentAt) };
  return {
    ...raw,
    queuedAt: new Date(raw.queuedAt),
    nextAttemptAt: new Date(raw.nextAttemptAt),
    ...(raw.lastFailure ? { lastFailure: { ...raw.lastFailure, at: new Date(raw.lastFailure.at) } } : {}),
  };
}
