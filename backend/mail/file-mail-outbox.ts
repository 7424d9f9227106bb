import { mkdir, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { backlogOf, leaseEarliestDue, type OutboxBacklog } from "../outbox-worker";
import { settleTempFile, writeFileAtomically } from "../store/atomic-file";
import { firstRound, isOpen, roundId, roundOf, withEntry, type GatheredState } from "./mail-gathering";
import {
  CAP_DAY_PATTERN,
  MAIL_ID_PATTERN,
  type Admission,
  type GatheredEntry,
  type Gathering,
  type MailFailure,
  type MailOutbox,
  type OutgoingMail,
  type QueuedMail,
  type RecipientCap,
} from "./mail-outbox";
import { mailboxOf, newRecipientSecret, RECIPIENT_SECRET_PATTERN, recipientKeyOf } from "./recipient-key";

/** A message as its file holds it: whole while unsent (with what a gathering round was written from), its id and time alone once sent. */
type MailFile = (QueuedMail & { nextAttemptAt: Date; gathering?: GatheredState }) | { id: string; sentAt: Date };
type UnsentFile = Exclude<MailFile, { sentAt: Date }>;
/** A day's file of admissions: the ids of the messages admitted, by recipient key (and allowance, when not the confirmations'). */
type AdmissionsFile = Record<string, string[]>;

/** What is kept in memory of each file: when it is next due (unsent), or when it went. */
interface Entry {
  nextAttemptAt?: number;
  queuedAt?: number;
  sentAt?: number;
}

const MAIL_FOLDER = "mail";
const RECIPIENTS_FOLDER = "mail-recipients";
const SECRET_FILE = "secret";
const FILE_SUFFIX = ".json";

/**
 * The embedded mail outbox: one JSON file per message under DATA_DIR/mail, written through
 * a flushed temporary file and a rename. The site sends; `npm run staff` may add a message
 * from its own process (a password link), so the folder is read again for new files before
 * each claim. Writes from this process go through one queue, keeping "one message per id".
 * The counts per address are one file a day under DATA_DIR/mail-recipients/, beside the
 * secret their keys are made with; only the site admits and gathers, so its queue is the
 * only writer of those.
 */
export class FileMailOutbox implements MailOutbox {
  private readonly entries = new Map<string, Entry>();
  private queue: Promise<unknown> = Promise.resolve();
  private secret: string | undefined;

  private constructor(
    private readonly directory: string,
    private readonly recipientsDirectory: string,
  ) {}

  static async open(dataDir: string): Promise<FileMailOutbox> {
    const directory = path.join(dataDir, MAIL_FOLDER);
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const recipientsDirectory = path.join(dataDir, RECIPIENTS_FOLDER);
    const outbox = new FileMailOutbox(directory, recipientsDirectory);
    for (const name of await readdir(directory)) await settleTempFile(directory, name);
    for (const name of await readdir(recipientsDirectory).catch(() => [])) await settleTempFile(recipientsDirectory, name);
    await outbox.readNewFiles();
    return outbox;
  }

  async enqueue(mail: OutgoingMail, at: Date): Promise<boolean> {
    return (await this.enqueueAll([mail], at))[0]!;
  }

  async enqueueAll(mails: readonly OutgoingMail[], at: Date): Promise<boolean[]> {
    for (const { id } of mails) if (!MAIL_ID_PATTERN.test(id)) throw new Error(`Not a mail id: ${id}`);
    return this.serially(async () => {
      await this.readNewFiles();
      const queued: boolean[] = [];
      for (const mail of mails) {
        const fresh = !this.entries.has(mail.id);
        if (fresh) await this.write({ ...mail, queuedAt: at, attempts: 0, nextAttemptAt: at });
        queued.push(fresh);
      }
      return queued;
    });
  }

  async claimNextDue(now: Date, leaseMs: number): Promise<QueuedMail | undefined> {
    await this.serially(() => this.readNewFiles());
    const dueId = leaseEarliestDue(this.entries, now, leaseMs);
    if (dueId === undefined) return undefined;
    const file = await this.read(dueId);
    if (!file || "sentAt" in file) return undefined;
    const { nextAttemptAt: _, gathering: _gathering, ...mail } = file;
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

  async backlog(): Promise<OutboxBacklog> {
    await this.serially(() => this.readNewFiles());
    return backlogOf(this.entries.values(), (entry) => entry.queuedAt ?? Date.now());
  }

  deleteUnsentTo(address: string): Promise<number> {
    const mailbox = mailboxOf(address);
    return this.serially(async () => {
      await this.readNewFiles();
      let deleted = 0;
      for (const [id, { sentAt }] of this.entries) {
        if (sentAt !== undefined) continue;
        const file = await this.read(id);
        if (!file || "sentAt" in file || mailboxOf(file.to) !== mailbox) continue;
        await rm(this.fileOf(id), { force: true });
        this.entries.delete(id);
        deleted++;
      }
      return deleted;
    });
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
      const cutoffDay = cutoff.toISOString().slice(0, 10);
      for (const name of await readdir(this.recipientsDirectory).catch(() => [])) {
        const day = name.slice(0, -FILE_SUFFIX.length);
        if (name.endsWith(FILE_SUFFIX) && CAP_DAY_PATTERN.test(day) && day < cutoffDay)
          await rm(path.join(this.recipientsDirectory, name), { force: true });
      }
      return deleted;
    });
  }

  async admit(mailId: string, to: string, cap: RecipientCap, at: Date): Promise<Admission> {
    return (await this.admitAll([{ mailId, to }], cap, at))[0]!;
  }

  /** The day's file is read once and, if anything was admitted, written once, however many are asked for. */
  async admitAll(
    requests: readonly { mailId: string; to: string }[],
    { day, most, allowance }: RecipientCap,
    _at: Date,
  ): Promise<Admission[]> {
    if (!CAP_DAY_PATTERN.test(day)) throw new Error(`Not a day: ${day}`);
    return this.serially(async () => {
      const secret = await this.recipientSecret();
      const file = path.join(this.recipientsDirectory, `${day}${FILE_SUFFIX}`);
      const admissions = (await readJson<AdmissionsFile>(file)) ?? {};
      let changed = false;
      const answers = requests.map(({ mailId, to }) => {
        const recipient = recipientKeyOf(secret, to);
        const counted = allowance ? `${recipient}-${allowance}` : recipient;
        const admitted = admissions[counted] ?? [];
        if (admitted.includes(mailId)) return { admitted: true, recipient };
        if (admitted.length >= most) return { admitted: false, recipient };
        admissions[counted] = [...admitted, mailId];
        changed = true;
        return { admitted: true, recipient };
      });
      if (changed) await writeFileAtomically(file, [JSON.stringify(admissions)]);
      return answers;
    });
  }

  gather(gathering: Gathering, entry: GatheredEntry, at: Date): Promise<void> {
    return this.serially(async () => {
      await this.readNewFiles();
      let latest = 0;
      for (const id of this.entries.keys()) latest = Math.max(latest, roundOf(gathering.series, id) ?? 0);
      const file = latest > 0 ? await this.read(roundId(gathering.series, latest)) : undefined;
      if (file && !("sentAt" in file) && file.gathering && isOpen(file.gathering, at)) {
        const next = withEntry(gathering, file.gathering, entry);
        if (next) await this.write({ ...file, ...next.message, gathering: next.state });
        return;
      }
      const { state, message } = firstRound(gathering, entry, at);
      const id = roundId(gathering.series, latest + 1);
      await this.write({ id, ...message, queuedAt: at, attempts: 0, nextAttemptAt: state.closesAt, gathering: state });
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
    this.entries.set(
      file.id,
      "sentAt" in file
        ? { sentAt: file.sentAt.getTime() }
        : { nextAttemptAt: file.nextAttemptAt.getTime(), queuedAt: file.queuedAt.getTime() },
    );
  }

  private fileOf(id: string): string {
    return path.join(this.directory, `${id}${FILE_SUFFIX}`);
  }

  private async read(id: string): Promise<MailFile | undefined> {
    const raw = await readJson<MailFile>(this.fileOf(id));
    return raw && mailFromFile(raw);
  }

  /** The secret recipient keys are made with: read once, or made on the first admission. */
  private async recipientSecret(): Promise<string> {
    if (this.secret) return this.secret;
    const file = path.join(this.recipientsDirectory, SECRET_FILE);
    const kept = (await readFile(file, "utf8").catch(() => "")).trim();
    if (RECIPIENT_SECRET_PATTERN.test(kept)) return (this.secret = kept);
    await mkdir(this.recipientsDirectory, { recursive: true, mode: 0o700 });
    const made = newRecipientSecret();
    await writeFileAtomically(file, [made]);
    return (this.secret = made);
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

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** A mail file read back: JSON holds its dates as text. */
function mailFromFile(raw: MailFile): MailFile {
  if ("sentAt" in raw) return { id: raw.id, sentAt: new Date(raw.sentAt) };
  const unsent: UnsentFile = {
    ...raw,
    queuedAt: new Date(raw.queuedAt),
    nextAttemptAt: new Date(raw.nextAttemptAt),
    ...(raw.lastFailure ? { lastFailure: { ...raw.lastFailure, at: new Date(raw.lastFailure.at) } } : {}),
  };
  if (raw.gathering) unsent.gathering = { ...raw.gathering, closesAt: new Date(raw.gathering.closesAt) };
  return unsent;
}
