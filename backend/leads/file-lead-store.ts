import { randomUUID } from "node:crypto";
import { closeSync, openSync, readSync } from "node:fs";
import { mkdir, readdir, readFile, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "../logger";
import { AppendLog } from "../store/append-log";
import { backlogOf, leaseEarliestDue, type OutboxBacklog } from "../outbox-worker";
import { settleTempFile, writeFileAtomically } from "../store/atomic-file";
import type { LeadKindName } from "./lead-kinds";
import { LEGACY_PLACES, legacyLeadOf } from "./lead-legacy";
import { newReference } from "./lead-reference";
import { bookedDayOf, contactsOf, leadSearchOf, matchesSearch, searchTermsOf, type LeadSearch } from "./lead-search";
import {
  editedWork,
  keptLeadOf,
  NEW_WORK,
  type AddResult,
  type ForwardFailure,
  type KeptLead,
  type LeadFilters,
  type LeadQuery,
  type LeadStatus,
  type LeadStore,
  type LeadWork,
  type NewLead,
  type StoredLead,
  type WorkEdit,
} from "./lead-store";
import { TermIndex } from "./term-index";
import { eventLoopTurns } from "../event-loop-turns";

/**
 * What the store keeps in memory about each lead, to list and find leads without reading
 * every file: its kind, dates, status, and the normalised words and contacts it is found by.
 */
interface Entry {
  id: string;
  kind: LeadKindName;
  receivedAt: number;
  reference: string;
  key?: string;
  nextAttemptAt?: number;
  status: LeadStatus;
  read: boolean;
  vehicleId?: string;
  searchTerms: string[];
  contacts: string[];
  assigneeId?: string;
  followUpAt?: number;
  /** The day a test drive is booked for, YYYY-MM-DD. */
  bookedDay?: string;
}

const LEADS_FOLDER = "leads";
const FILE_SUFFIX = ".json";
/** Beside the lead files: what the store keeps in memory of each, so start-up reads one file, not one per lead. */
const JOURNAL_NAME = "index.ndjson";
/** Lead files read between turns of the event loop while an export streams. */
const EACH_BATCH = 32;
/** Room for a lead file read at once; grown for a bigger one. */
const READ_BUFFER_BYTES = 64 * 1024;
/** Journal lines yielded between while it is rewritten, so the site keeps answering. */
const LINES_PER_TURN = 2_000;
/** A search finding more leads than this by its words is tested lead by lead instead: gathering and sorting them would cost as much. */
const MOST_GATHERED = 5_000;

/**
 * A line of the journal: a lead's entry as it now is, or the id of a lead about to be written
 * or deleted (flushed before its file changes, so that a crash between leaves the lead to be
 * read again at start).
 */
type JournalLine = { entry: Entry } | { changing: string };
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The embedded lead store: one JSON file per lead under DATA_DIR/leads, written through a
 * flushed temporary file and a rename, so a visitor is only told of a lead that is on disk
 * whole. The site is the only process that writes here, so a queue in this process keeps
 * writes in order and makes "one lead per key" hold under simultaneous submissions.
 *
 * What lists and finds leads (their entries) is kept in memory, newest first, and in a journal
 * beside the files (index.ndjson), so start-up reads one file however many leads there are.
 * Each change is announced in the journal, flushed, before its lead file changes, and its new
 * entry follows: a crash between leaves the announcement without its entry, and that lead's
 * file is read again at the next start. The journal is rewritten with only the leads kept
 * whenever leads are deleted (so erased contacts leave it at once) and when superseded lines
 * outnumber the leads. Without a journal (an older version's folder, or one deleted to rebuild
 * it) every lead file is read once and the journal written.
 */
export class FileLeadStore implements LeadStore {
  private readonly entries = new Map<string, Entry>();
  /** The entries, newest first (received, then id, descending), as lists show them. */
  private newestFirst: Entry[] = [];
  private readonly idByKey = new Map<string, string>();
  private readonly idByReference = new Map<string, string>();
  /**
   * The leads by the words they are found by: built when first needed (a search, a lead's
   * page), taking turns, and dropped when leads are deleted. Leads that arrive meanwhile are
   * added to the index being built, which has read the rest from a snapshot.
   */
  private terms: { index: TermIndex<Entry>; built: Promise<TermIndex<Entry>> } | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** Settles once every lead is known: at once, but for a first start over lead files without a journal. */
  private loaded: Promise<void> = Promise.resolve();
  private readonly journal: AppendLog;
  private journalLines = 0;
  /**
   * What an export reads each lead file into, one after another (each read is synchronous, so
   * two exports never share it at once): a buffer of its own for each of 100,000 files would
   * outlive the young generation's sweeps and pile up until the next full one, some 25 MB more.
   */
  private readBuffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);

  private constructor(private readonly directory: string) {
    this.journal = new AppendLog(this.journalFile);
  }

  private get journalFile(): string {
    return path.join(this.directory, JOURNAL_NAME);
  }

  /** Opens DATA_DIR/leads, first moving in the leads an older version kept elsewhere in DATA_DIR. */
  static async open(dataDir: string, logger?: Pick<Logger, "info" | "error">): Promise<FileLeadStore> {
    const directory = path.join(dataDir, LEADS_FOLDER);
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const store = new FileLeadStore(directory);
    if (await store.readJournal(logger)) {
      if (store.journalLines > 2 * store.entries.size + 1_000) await store.rewriteJournal();
      await store.moveInLegacyLeads(dataDir, logger);
      return store;
    }
    // Every lead file read once (a folder from before the journal): in the background, so the
    // site answers meanwhile, however many there are; calls on the store wait for it.
    store.loaded = (async () => {
      await store.readEveryLeadFile(logger);
      await store.rewriteJournal();
      logger?.info({ leads: store.entries.size }, "Indexed every lead file in leads/index.ndjson");
      await store.moveInLegacyLeads(dataDir, logger);
    })();
    void store.loaded.catch((error: unknown) => logger?.error({ err: error }, "The lead files could not be indexed"));
    return store;
  }

  add(newLead: NewLead): Promise<AddResult> {
    return this.serially(async () => {
      const existing = newLead.key === undefined ? undefined : this.idByKey.get(newLead.key);
      if (existing) return { id: existing, reference: this.entries.get(existing)!.reference, created: false };
      let reference = newReference();
      while (this.idByReference.has(reference)) reference = newReference();
      const lead = keptLeadOf(newLead, randomUUID(), reference);
      await this.writeLead(lead);
      return { id: lead.id, reference, created: true };
    });
  }

  async get(id: string): Promise<StoredLead | undefined> {
    await this.loaded;
    if (!this.entries.has(id)) return undefined;
    try {
      return toStored(await this.readLead(id));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async claimNextDue(now: Date, leaseMs: number): Promise<StoredLead | undefined> {
    await this.loaded;
    const dueId = leaseEarliestDue(this.entries, now, leaseMs);
    if (dueId === undefined) return undefined;
    return this.get(dueId);
  }

  async backlog(): Promise<OutboxBacklog> {
    await this.loaded;
    return backlogOf(this.entries.values(), (entry) => entry.receivedAt);
  }

  markForwarded(id: string, at: Date): Promise<void> {
    return this.update(id, ({ nextAttemptAt: _, ...lead }) => ({
      ...lead,
      forwardedAt: at,
      forwardAttempts: (lead.forwardAttempts ?? 0) + 1,
    }));
  }

  markForwardFailed(id: string, retryAt: Date, failure: ForwardFailure): Promise<void> {
    return this.update(id, (lead) =>
      lead.forwardedAt === undefined
        ? { ...lead, forwardAttempts: (lead.forwardAttempts ?? 0) + 1, nextAttemptAt: retryAt, lastForwardFailure: failure }
        : lead,
    );
  }

  deleteReceivedBefore(kind: LeadKindName, cutoff: Date): Promise<number> {
    return this.deleteWhere((entry) => entry.kind === kind && entry.receivedAt < cutoff.getTime()).then((deleted) => deleted.length);
  }

  async list({ page, pageSize, ...filters }: LeadQuery): Promise<{ total: number; leads: StoredLead[] }> {
    await this.loaded;
    const wanted = this.matcherOf(filters);
    const skip = (page - 1) * pageSize;
    const shown: string[] = [];
    let total = 0;
    for (const entry of await this.candidatesOf(filters)) {
      if (!wanted(entry)) continue;
      if (total >= skip && shown.length < pageSize) shown.push(entry.id);
      total++;
    }
    const leads = await Promise.all(shown.map((id) => this.get(id)));
    return { total, leads: leads.filter((lead): lead is StoredLead => lead !== undefined) };
  }

  async *each(filters: LeadFilters): AsyncIterable<StoredLead> {
    await this.loaded;
    const wanted = this.matcherOf(filters);
    const ids = (await this.candidatesOf(filters)).filter(wanted).map(({ id }) => id);
    for (let start = 0; start < ids.length; start += EACH_BATCH) {
      // A small file read at once costs a fraction of one read through the thread pool (open,
      // stat, read, close, each a round trip); a batch holds the event loop a millisecond or so.
      for (const id of ids.slice(start, start + EACH_BATCH)) {
        const lead = this.readLeadAtOnce(id);
        if (lead) yield lead;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** A lead read without waiting; undefined when it was deleted meanwhile (retention, an erasure). */
  private readLeadAtOnce(id: string): StoredLead | undefined {
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
        const read = readSync(descriptor, this.readBuffer, length, this.readBuffer.length - length, length);
        if (read === 0) break;
        length += read;
      }
      return toStored(leadFromFile(JSON.parse(this.readBuffer.toString("utf8", 0, length))));
    } finally {
      closeSync(descriptor);
    }
  }

  /**
   * The leads that may match, newest first: those a search's words find in the term index, or
   * every lead. A lead matches by its words (each word of the search beginning one of its terms,
   * so the leads holding the rarest word hold every such match), by the whole search run
   * together, or by its reference; the matcher then tests each.
   */
  private async candidatesOf({ search }: LeadFilters): Promise<readonly Entry[]> {
    const found = search?.trim() ? this.foundBy(await this.termIndex(), leadSearchOf(search)) : undefined;
    return found ? [...found].sort(newestFirstOrder) : this.newestFirst;
  }

  /** The leads a search may find, gathered from the term index; undefined when it is too wide to be worth gathering. */
  private foundBy(terms: TermIndex<Entry>, { words, joined, reference }: LeadSearch): Set<Entry> | undefined {
    let fewest: Set<Entry> | undefined;
    for (const { whole, parts } of words) {
      const byWhole = terms.beginning(whole, MOST_GATHERED);
      // A word split into parts ("o'neill") also matches a lead whose terms begin with each part.
      const byParts = parts.length > 1 ? terms.beginning(parts[0]!, MOST_GATHERED) : new Set<Entry>();
      if (!byWhole || !byParts) continue;
      for (const entry of byParts) byWhole.add(entry);
      if (!fewest || byWhole.size < fewest.size) fewest = byWhole;
    }
    const byJoined = terms.beginning(joined, MOST_GATHERED);
    if (!fewest || !byJoined) return undefined;
    for (const entry of byJoined) fewest.add(entry);
    const referenced = reference === undefined ? undefined : this.idByReference.get(reference);
    if (referenced !== undefined) fewest.add(this.entries.get(referenced)!);
    return fewest;
  }

  /** Building it at 100,000 leads takes half a second of work: in slices, so the site answers meanwhile. */
  private termIndex(): Promise<TermIndex<Entry>> {
    if (this.terms) return this.terms.built;
    const index = new TermIndex<Entry>();
    const snapshot = this.newestFirst;
    const built = (async () => {
      const takeTurn = eventLoopTurns();
      for (const entry of snapshot) {
        index.add(entry.searchTerms, entry);
        await takeTurn();
      }
      return index;
    })();
    this.terms = { index, built };
    return built;
  }

  private matcherOf({
    kinds,
    statuses,
    from,
    to,
    vehicleId,
    search,
    unreadOnly,
    assigneeId,
    unassigned,
    followUpFrom,
    followUpBefore,
    booked,
  }: LeadFilters): (entry: Entry) => boolean {
    const wanted = search?.trim() ? leadSearchOf(search) : undefined;
    const followUpWanted = followUpFrom !== undefined || followUpBefore !== undefined;
    return (entry) =>
      (!kinds || kinds.includes(entry.kind)) &&
      (!statuses || statuses.includes(entry.status)) &&
      (!from || entry.receivedAt >= from.getTime()) &&
      (!to || entry.receivedAt < to.getTime()) &&
      (!vehicleId || entry.vehicleId === vehicleId) &&
      (!unreadOnly || !entry.read) &&
      (!assigneeId || entry.assigneeId === assigneeId) &&
      (!unassigned || entry.assigneeId === undefined) &&
      (!followUpWanted ||
        (entry.followUpAt !== undefined &&
          (!followUpFrom || entry.followUpAt >= followUpFrom.getTime()) &&
          (!followUpBefore || entry.followUpAt < followUpBefore.getTime()))) &&
      (!booked || (entry.bookedDay !== undefined && entry.bookedDay >= booked.from && entry.bookedDay < booked.to)) &&
      (!wanted || wanted.reference === entry.reference || matchesSearch(entry.searchTerms, wanted));
  }

  async countUnread(): Promise<number> {
    await this.loaded;
    let unread = 0;
    for (const entry of this.entries.values()) if (!entry.read) unread++;
    return unread;
  }

  async withContacts(contacts: readonly string[], limit: number): Promise<StoredLead[]> {
    await this.loaded;
    // A lead's contacts are among its terms, written the same way; a name word spelt like one is not a contact.
    const terms = await this.termIndex();
    const holding = new Set(contacts.flatMap((contact) => terms.holding(contact)));
    const ids = [...holding]
      .filter((entry) => entry.contacts.some((contact) => contacts.includes(contact)))
      .sort(newestFirstOrder)
      .slice(0, limit)
      .map(({ id }) => id);
    const leads = await Promise.all(ids.map((id) => this.get(id)));
    return leads.filter((lead): lead is StoredLead => lead !== undefined);
  }

  async applyWork(id: string, edit: WorkEdit, byId: string, at: Date): Promise<StoredLead | undefined> {
    await this.update(id, (lead) => ({ ...lead, work: editedWork(lead.work ?? NEW_WORK, edit, byId, at) }));
    return this.get(id);
  }

  async forwardNow(id: string, byId: string, at: Date): Promise<boolean> {
    await this.loaded;
    if (this.entries.get(id)?.nextAttemptAt === undefined) return false;
    await this.update(id, (lead) => ({
      ...lead,
      nextAttemptAt: at,
      work: editedWork(lead.work ?? NEW_WORK, { type: "forwarding-retried" }, byId, at),
    }));
    return true;
  }

  async eraseContact(contact: string): Promise<Partial<Record<LeadKindName, number>>> {
    const erased = await this.deleteWhere((entry) => entry.contacts.includes(contact));
    const counts: Partial<Record<LeadKindName, number>> = {};
    for (const { kind } of erased) counts[kind] = (counts[kind] ?? 0) + 1;
    return counts;
  }

  async close(): Promise<void> {
    await this.loaded.catch(() => undefined);
    await this.queue;
  }

  /**
   * Each lead an older version kept is written here (unless an earlier, interrupted move
   * already did) before its old file goes, so a crash part-way loses nothing and moves
   * nothing twice.
   */
  private async moveInLegacyLeads(dataDir: string, logger?: Pick<Logger, "info" | "error">): Promise<void> {
    for (const { kind, folder } of LEGACY_PLACES) {
      const legacyDirectory = path.join(dataDir, folder);
      let names: string[];
      try {
        names = await readdir(legacyDirectory);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw error;
      }
      let moved = 0;
      for (const name of names) {
        if (await settleTempFile(legacyDirectory, name)) continue;
        if (!name.endsWith(FILE_SUFFIX)) continue;
        const oldFile = path.join(legacyDirectory, name);
        try {
          const lead = legacyLeadOf(kind, JSON.parse(await readFile(oldFile, "utf8")));
          if (!this.entries.has(lead.id)) await this.writeLead(lead);
          await rm(oldFile);
          moved++;
        } catch (error) {
          logger?.error(
            { file: name, kind, code: (error as NodeJS.ErrnoException).code },
            "A lead stored by an older version could not be moved",
          );
        }
      }
      if (moved > 0) logger?.info({ kind, moved }, "Moved leads stored by an older version");
      // Gone once empty; left in place, with what could not be read, otherwise.
      await rmdir(legacyDirectory).catch(() => undefined);
    }
    await rmdir(path.join(dataDir, "enquiries")).catch(() => undefined);
  }

  /** Loads the journal; false when there is none. */
  private async readJournal(logger?: Pick<Logger, "info" | "error">): Promise<boolean> {
    let bytes: Buffer;
    try {
      bytes = await readFile(this.journalFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw error;
    }
    const changing = new Set<string>();
    let lines = 0;
    for (let start = 0; start < bytes.length;) {
      const end = bytes.indexOf(10, start);
      const line = parsedLine(bytes.subarray(start, end < 0 ? bytes.length : end));
      start = end < 0 ? bytes.length : end + 1;
      lines++;
      // A torn line (a crash mid-append) is passed over: the lead it was about was announced first.
      if (!line) continue;
      if ("changing" in line) changing.add(line.changing);
      else {
        changing.delete(line.entry.id);
        this.remember(line.entry);
      }
    }
    this.journalLines = lines;
    if (changing.size > 0) await this.readAgain(changing, logger);
    this.newestFirst = [...this.entries.values()].sort(newestFirstOrder);
    if (changing.size > 0) await this.rewriteJournal();
    return true;
  }

  /** The leads a crash caught part-way through a change: as their files now are, or gone. */
  private async readAgain(ids: ReadonlySet<string>, logger?: Pick<Logger, "info" | "error">): Promise<void> {
    for (const name of await readdir(this.directory)) await settleTempFile(this.directory, name);
    for (const id of ids) {
      this.forget(id);
      try {
        this.remember(entryOf(await this.readLead(id)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT")
          logger?.error({ leadId: id, code: (error as NodeJS.ErrnoException).code }, "A lead file could not be read");
      }
    }
  }

  private async readEveryLeadFile(logger?: Pick<Logger, "info" | "error">): Promise<void> {
    for (const name of await readdir(this.directory)) {
      const id = await this.leadFileId(name);
      if (id === undefined) continue;
      try {
        this.remember(entryOf(await this.readLead(id)));
      } catch (error) {
        logger?.error({ leadId: id, code: (error as NodeJS.ErrnoException).code }, "A lead file could not be read");
      }
    }
    this.newestFirst = [...this.entries.values()].sort(newestFirstOrder);
  }

  /** The journal written again with one line per lead kept; the site goes on answering meanwhile. */
  private async rewriteJournal(): Promise<void> {
    const entries = this.newestFirst.slice();
    async function* lines(): AsyncGenerator<string> {
      for (let start = 0; start < entries.length; start += LINES_PER_TURN) {
        yield entries
          .slice(start, start + LINES_PER_TURN)
          .map((entry) => `${JSON.stringify({ entry } satisfies JournalLine)}\n`)
          .join("");
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    await writeFileAtomically(this.journalFile, lines());
    this.journalLines = entries.length;
  }

  private async note(line: JournalLine): Promise<void> {
    await this.journal.append(JSON.stringify(line));
    this.journalLines++;
  }

  private async leadFileId(name: string): Promise<string | undefined> {
    // A temporary file is an add or update a crash cut short (its complete version, if any, is beside it) or one in progress.
    if (await settleTempFile(this.directory, name)) return undefined;
    const id = name.endsWith(FILE_SUFFIX) ? name.slice(0, -FILE_SUFFIX.length) : "";
    return ID_PATTERN.test(id) ? id : undefined;
  }

  private update(id: string, change: (lead: KeptLead) => KeptLead): Promise<void> {
    return this.serially(async () => {
      // Retention or an erasure may have deleted it meanwhile.
      if (!this.entries.has(id)) return;
      await this.writeLead(change(await this.readLead(id)));
    });
  }

  private deleteWhere(doomed: (entry: Entry) => boolean): Promise<Entry[]> {
    return this.serially(async () => {
      const deleted = this.newestFirst.filter(doomed);
      if (deleted.length === 0) return [];
      await Promise.all(deleted.map(({ id }) => this.note({ changing: id })));
      for (const { id } of deleted) {
        await rm(this.fileOf(id), { force: true });
        this.forget(id);
      }
      this.newestFirst = this.newestFirst.filter(({ id }) => this.entries.has(id));
      // Erased contacts and expired leads leave the journal too, not just their files.
      await this.rewriteJournal();
      return deleted;
    });
  }

  private remember(entry: Entry): void {
    this.entries.set(entry.id, entry);
    this.idByReference.set(entry.reference, entry.id);
    if (entry.key !== undefined) this.idByKey.set(entry.key, entry.id);
    this.terms?.index.add(entry.searchTerms, entry);
  }

  private forget(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.idByReference.delete(entry.reference);
    if (entry.key !== undefined) this.idByKey.delete(entry.key);
    this.terms = undefined;
  }

  /** A lead just written: its entry changed where it stands, or a new one put in its place among the rest. */
  private index(lead: KeptLead): Entry {
    const entry = entryOf(lead);
    const known = this.entries.get(lead.id);
    // A lead's terms come from what the visitor sent, which no change touches: the term index stays right.
    if (known) return Object.assign(known, entry);
    this.remember(entry);
    let [low, high] = [0, this.newestFirst.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (newestFirstOrder(this.newestFirst[middle]!, entry) < 0) low = middle + 1;
      else high = middle;
    }
    this.newestFirst.splice(low, 0, entry);
    return entry;
  }

  private fileOf(id: string): string {
    return path.join(this.directory, `${id}${FILE_SUFFIX}`);
  }

  private async readLead(id: string): Promise<KeptLead> {
    return leadFromFile(JSON.parse(await readFile(this.fileOf(id), "utf8")));
  }

  private async writeLead(lead: KeptLead): Promise<void> {
    await this.note({ changing: lead.id });
    await writeFileAtomically(this.fileOf(lead.id), [JSON.stringify(lead)]);
    await this.note({ entry: this.index(lead) });
  }

  private serially<R>(work: () => Promise<R>): Promise<R> {
    const run = this.queue.then(async () => {
      await this.loaded;
      return work();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function newestFirstOrder(a: Entry, b: Entry): number {
  return b.receivedAt - a.receivedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

function entryOf(lead: KeptLead): Entry {
  return {
    id: lead.id,
    kind: lead.kind,
    receivedAt: lead.receivedAt.getTime(),
    reference: lead.reference,
    // Present though undefined, so that an entry changed in place loses what the lead no longer has.
    key: lead.key,
    nextAttemptAt: lead.nextAttemptAt?.getTime(),
    status: lead.work?.status ?? "new",
    read: lead.work?.readAt !== undefined,
    vehicleId: lead.vehicle?.id,
    searchTerms: searchTermsOf(lead.data, lead.vehicle),
    contacts: contactsOf(lead.data),
    assigneeId: lead.work?.assigneeId,
    followUpAt: lead.work?.followUpAt?.getTime(),
    bookedDay: bookedDayOf(lead.kind, lead.data),
  };
}

function parsedLine(bytes: Buffer): JournalLine | undefined {
  try {
    return JSON.parse(bytes.toString()) as JournalLine;
  } catch {
    return undefined;
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

/**
 * A kept lead as the store hands it out. Built field by field: copying the rest of an object
 * (`{ key, ...rest }`) made each of an export's 100,000 leads outlive the young generation's
 * sweeps, some 55 MB more held until the next full collection.
 */
function toStored(lead: KeptLead): StoredLead {
  const { id, kind, reference, receivedAt, vehicle, data, forwardedAt, nextAttemptAt, lastForwardFailure, likelyDuplicateOf } = lead;
  return {
    id,
    kind,
    reference,
    receivedAt,
    ...(vehicle === undefined ? {} : { vehicle }),
    data,
    ...(forwardedAt === undefined ? {} : { forwardedAt }),
    forwardAttempts: lead.forwardAttempts ?? 0,
    ...(nextAttemptAt === undefined ? {} : { nextAttemptAt }),
    ...(lastForwardFailure === undefined ? {} : { lastForwardFailure }),
    ...(likelyDuplicateOf === undefined ? {} : { likelyDuplicateOf }),
    work: lead.work ?? NEW_WORK,
  };
}
