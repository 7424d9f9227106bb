import { randomUUID } from "node:crypto";
import { closeSync, openSync, readSync } from "node:fs";
import { mkdir, readdir, readFile, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import type { CatchUpBoard } from "../catch-up-board";
import type { Logger } from "../logger";
import { AppendLog } from "../store/append-log";
import { leaseEarliestDue } from "../outbox-worker";
import { settleTempFile, writeFileAtomically } from "../store/atomic-file";
import type { LeadKindName } from "../../domain/lead-kinds";
import { LEGACY_PLACES, legacyLeadOf } from "./lead-legacy";
import { newReference } from "./lead-reference";
import { bookedDayOf, contactsOf, leadSearchOf, matchesSearch, searchTermsOf } from "./lead-search";
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
import { backgroundTurn, eventLoopTurns, sortTakingTurns } from "../event-loop-turns";

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
  [TERM_NUMBER]?: number;
}

/**
 * The lead's number in the term index (TermIndex.add), by which a search as wide as one letter
 * marks the leads it finds, and every lead, walked in the order kept, is picked out by a look
 * at its mark. Never in the journal: JSON leaves symbol keys out.
 */
const TERM_NUMBER = Symbol("number in the term index");

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
/** About log2 of the leads a search finds: past one lead in this many, marking them and walking every lead in order costs less than sorting them. */
const SORT_COST = 16;
/** A search finding this many leads or fewer has them sorted however few leads there are: a millisecond's work at most. */
const ALWAYS_SORTED = 1_000;
/** Writing the journal for more leads than this is shown on /healthz and logged. */
const SHOWN_LEADS = 20_000;

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
 * outnumber the leads, beside new changes (`AppendLog.rewrite`: what is appended meanwhile is
 * copied after the leads kept), so that no visitor's lead waits for it. The journal is read,
 * or without one (an older version's folder, or one deleted to rebuild it) every lead file is
 * read once and the journal written, after the site has started listening: calls on the store
 * wait for that.
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
  /** Settles once every lead is known (the journal read, or every lead file). */
  private loaded: Promise<void> = Promise.resolve();
  private readonly journal: AppendLog;
  private journalLines = 0;
  /** Leads announced as changing in the journal whose change has not yet been followed by its entry. */
  private readonly changing = new Set<string>();
  private compaction: Promise<void> = Promise.resolve();
  /** A rewrite asked for that has not yet begun: it will take in every change made before it does. */
  private nextCompaction: Promise<void> | undefined;
  /**
   * What an export reads each lead file into, one after another (each read is synchronous, so
   * two exports never share it at once): a buffer of its own for each of 100,000 files would
   * outlive the young generation's sweeps and pile up until the next full one, some 25 MB more.
   */
  private readBuffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);

  private constructor(
    private readonly directory: string,
    private readonly logger?: Pick<Logger, "info" | "error">,
    private readonly catchUps?: CatchUpBoard,
  ) {
    this.journal = new AppendLog(this.journalFile);
  }

  private get journalFile(): string {
    return path.join(this.directory, JOURNAL_NAME);
  }

  /**
   * Opens DATA_DIR/leads and reads what it holds in the background, so that the site answers
   * meanwhile however many leads there are (calls on the store wait for it), then moves in the
   * leads an older version kept elsewhere in DATA_DIR.
   */
  static async open(dataDir: string, logger?: Pick<Logger, "info" | "error">, catchUps?: CatchUpBoard): Promise<FileLeadStore> {
    const directory = path.join(dataDir, LEADS_FOLDER);
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const store = new FileLeadStore(directory, logger, catchUps);
    const loading = (async () => {
      const journal = await store.readJournal();
      if (journal === "none") await store.indexEveryLeadFile();
      await store.moveInLegacyLeads(dataDir);
      return journal === "outdated";
    })();
    store.loaded = loading.then(() => undefined);
    void loading.then(
      (outdated) => {
        // Its failure is logged; the journal stays as it was, whole.
        if (outdated) store.compactJournal().catch(() => undefined);
      },
      (error: unknown) => logger?.error({ err: error }, "The lead files could not be indexed"),
    );
    return store;
  }

  /** Every lead file read once (a folder from before the journal), and the journal written; on the board when they are many. */
  private async indexEveryLeadFile(): Promise<void> {
    const names = await readdir(this.directory);
    const index = async (done?: (share: number) => void) => {
      await this.readEveryLeadFile(names, done);
      await this.rewriteJournal();
    };
    await (this.catchUps && names.length > SHOWN_LEADS ? this.catchUps.run("leads-journal", index) : index());
    this.logger?.info({ leads: this.entries.size }, "Indexed every lead file in leads/index.ndjson");
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
    const terms = filters.search?.trim() ? await this.termIndex() : undefined;
    const { candidates, wanted } = this.matchingOf(filters, terms);
    const skip = (page - 1) * pageSize;
    const shown: string[] = [];
    let total = 0;
    for (const entry of candidates) {
      if (!wanted(entry)) continue;
      if (total >= skip && shown.length < pageSize) shown.push(entry.id);
      total++;
    }
    const leads = await Promise.all(shown.map((id) => this.get(id)));
    return { total, leads: leads.filter((lead): lead is StoredLead => lead !== undefined) };
  }

  async *each(filters: LeadFilters): AsyncIterable<StoredLead> {
    await this.loaded;
    const terms = filters.search?.trim() ? await this.termIndex() : undefined;
    const { candidates, wanted } = this.matchingOf(filters, terms);
    const ids = candidates.filter(wanted).map(({ id }) => id);
    for (let start = 0; start < ids.length; start += EACH_BATCH) {
      // A small file read at once costs a fraction of one read through the thread pool (open,
      // stat, read, close, each a round trip); a batch holds the event loop a millisecond or so.
      for (const id of ids.slice(start, start + EACH_BATCH)) {
        const lead = this.readLeadAtOnce(id);
        if (lead) yield toStored(lead);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** A lead read without waiting; undefined when it was deleted meanwhile (retention, an erasure). */
  private readLeadAtOnce(id: string): KeptLead | undefined {
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

  /**
   * The leads a query's filters match: the candidates, newest first, and the test each must
   * pass. A search is answered from the term index: the leads holding a term that begins with
   * its narrowest word, with the whole search run together, or its reference. A few are
   * sorted; past one lead in SORT_COST they are marked instead, and every lead walked in the
   * order kept. Only a search of several words, or of a word in parts, then tests the terms
   * of those found.
   */
  private matchingOf(
    filters: LeadFilters,
    terms: TermIndex<Entry> | undefined,
  ): { candidates: readonly Entry[]; wanted: (entry: Entry) => boolean } {
    const filtered = this.matcherOf(filters);
    const search = terms && filters.search?.trim() ? leadSearchOf(filters.search) : undefined;
    // A search of nothing but accents or other marks has no words left: every lead matches it, as a blank search.
    if (!terms || !search || search.words.length === 0) return { candidates: this.newestFirst, wanted: filtered };
    const { words, joined, reference } = search;
    const exact = words.length === 1 && words[0]!.parts.length <= 1;
    const tested = exact
      ? filtered
      : (entry: Entry) => filtered(entry) && (search.reference === entry.reference || matchesSearch(entry.searchTerms, search));
    const most = Math.max(ALWAYS_SORTED, this.newestFirst.length / SORT_COST);
    // Counted only as far as `most`: one letter's range holds most leads.
    const width = (prefixes: readonly string[]) => prefixes.reduce((sum, prefix) => sum + terms.countBeginning(prefix, most), 0);
    // A word split into parts ("o'neill") also matches a lead whose terms begin with each part.
    const [narrowest] = words
      .map(({ whole, parts }) => (parts.length > 1 ? [whole, parts[0]!] : [whole]))
      .map((wordPrefixes) => ({ wordPrefixes, wide: width(wordPrefixes) }))
      .sort((a, b) => a.wide - b.wide);
    const prefixes = words.length > 1 ? [...narrowest!.wordPrefixes, joined] : narrowest!.wordPrefixes;
    const referenced = reference === undefined ? undefined : this.entries.get(this.idByReference.get(reference) ?? "");
    if (width(prefixes) <= most) {
      const found = terms.beginning(...prefixes);
      if (referenced) found.add(referenced);
      return { candidates: [...found].sort(newestFirstOrder), wanted: tested };
    }
    const marks = terms.marksBeginning(...prefixes);
    return { candidates: this.newestFirst, wanted: (entry) => (marks[entry[TERM_NUMBER]!] === 1 || entry === referenced) && tested(entry) };
  }

  /** Building it at 100,000 leads takes half a second of work: in slices, so the site answers meanwhile. */
  private termIndex(): Promise<TermIndex<Entry>> {
    if (this.terms) return this.terms.built;
    const index = new TermIndex<Entry>();
    const snapshot = this.newestFirst;
    const built = (async () => {
      const takeTurn = eventLoopTurns();
      for (const entry of snapshot) {
        entry[TERM_NUMBER] = index.add(entry.searchTerms, entry);
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
    unreadOnly,
    assigneeId,
    unassigned,
    followUpFrom,
    followUpBefore,
    booked,
  }: LeadFilters): (entry: Entry) => boolean {
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
      (!booked || (entry.bookedDay !== undefined && entry.bookedDay >= booked.from && entry.bookedDay < booked.to));
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
    await this.compaction.catch(() => undefined);
  }

  /**
   * Each lead an older version kept is written here (unless an earlier, interrupted move
   * already did) before its old file goes, so a crash part-way loses nothing and moves
   * nothing twice.
   */
  private async moveInLegacyLeads(dataDir: string): Promise<void> {
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
          this.logger?.error(
            { file: name, kind, code: (error as NodeJS.ErrnoException).code },
            "A lead stored by an older version could not be moved",
          );
        }
      }
      if (moved > 0) this.logger?.info({ kind, moved }, "Moved leads stored by an older version");
      // Gone once empty; left in place, with what could not be read, otherwise.
      await rmdir(legacyDirectory).catch(() => undefined);
    }
    await rmdir(path.join(dataDir, "enquiries")).catch(() => undefined);
  }

  /** Loads the journal: "none" when there is none, "outdated" when it is due to be rewritten. */
  private async readJournal(): Promise<"none" | "read" | "outdated"> {
    let bytes: Buffer;
    try {
      bytes = await readFile(this.journalFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return "none";
      throw error;
    }
    const changing = new Set<string>();
    let lines = 0;
    for (let start = 0; start < bytes.length;) {
      const end = bytes.indexOf(10, start);
      const line = parsedLine(bytes.subarray(start, end < 0 ? bytes.length : end));
      start = end < 0 ? bytes.length : end + 1;
      lines++;
      await backgroundTurn();
      // A torn line (a crash mid-append) is passed over: the lead it was about was announced first.
      if (!line) continue;
      if ("changing" in line) changing.add(line.changing);
      else {
        changing.delete(line.entry.id);
        this.remember(line.entry);
      }
    }
    this.journalLines = lines;
    if (changing.size > 0) await this.readAgain(changing);
    this.newestFirst = await newestFirstOf(this.entries);
    return changing.size > 0 || lines > 2 * this.entries.size + 1_000 ? "outdated" : "read";
  }

  /** The leads a crash caught part-way through a change: as their files now are, or gone. */
  private async readAgain(ids: ReadonlySet<string>): Promise<void> {
    for (const name of await readdir(this.directory)) await settleTempFile(this.directory, name);
    for (const id of ids) {
      this.forget(id);
      try {
        this.remember(entryOf(await this.readLead(id)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT")
          this.logger?.error({ leadId: id, code: (error as NodeJS.ErrnoException).code }, "A lead file could not be read");
      }
    }
  }

  /** Every lead file read, a batch at a time between turns of the event loop, as the export reads them (100,000 in seconds, not a minute). */
  private async readEveryLeadFile(names: readonly string[], done?: (share: number) => void): Promise<void> {
    for (let start = 0; start < names.length; start += EACH_BATCH) {
      done?.(start / names.length);
      for (const name of names.slice(start, start + EACH_BATCH)) {
        const id = await this.leadFileId(name);
        if (id === undefined) continue;
        try {
          const lead = this.readLeadAtOnce(id);
          if (lead) this.remember(entryOf(lead));
        } catch (error) {
          this.logger?.error({ leadId: id, code: (error as NodeJS.ErrnoException).code }, "A lead file could not be read");
        }
      }
      await backgroundTurn();
    }
    this.newestFirst = await newestFirstOf(this.entries);
  }

  /**
   * A rewrite of the journal, one line per lead kept, that takes in every change made before
   * it begins; one at a time. On the board when long.
   */
  private compactJournal(): Promise<void> {
    if (!this.nextCompaction) {
      const next = this.compaction
        .catch(() => undefined)
        .then(() => {
          this.nextCompaction = undefined;
          return this.catchUps && this.entries.size > SHOWN_LEADS
            ? this.catchUps.run("leads-journal", () => this.rewriteJournal())
            : this.rewriteJournal();
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
  private async rewriteJournal(): Promise<void> {
    let linesBefore = 0;
    let kept = 0;
    await this.journal.rewrite({
      begin: (size) => {
        const entries = this.newestFirst.slice();
        const changing = [...this.changing];
        linesBefore = this.journalLines;
        kept = entries.length + changing.length;
        return { from: size, head: journalOf(entries, changing) };
      },
    });
    this.journalLines = kept + this.journalLines - linesBefore;
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

  private async deleteWhere(doomed: (entry: Entry) => boolean): Promise<Entry[]> {
    const deleted = await this.serially(async () => {
      const deleted = this.newestFirst.filter(doomed);
      for (const { id } of deleted) this.changing.add(id);
      await Promise.all(deleted.map(({ id }) => this.note({ changing: id })));
      for (const { id } of deleted) {
        await rm(this.fileOf(id), { force: true });
        this.forget(id);
        this.changing.delete(id);
      }
      this.newestFirst = this.newestFirst.filter(({ id }) => this.entries.has(id));
      return deleted;
    });
    // Erased contacts and expired leads leave the journal too, not just their files; new leads go on meanwhile.
    if (deleted.length > 0) await this.compactJournal();
    return deleted;
  }

  private remember(entry: Entry): void {
    this.entries.set(entry.id, entry);
    this.idByReference.set(entry.reference, entry.id);
    if (entry.key !== undefined) this.idByKey.set(entry.key, entry.id);
    if (this.terms) entry[TERM_NUMBER] = this.terms.index.add(entry.searchTerms, entry);
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
    // Not path.join: an export names 100,000 files, and the folder is already a normalised path.
    return `${this.directory}${path.sep}${id}${FILE_SUFFIX}`;
  }

  private async readLead(id: string): Promise<KeptLead> {
    return leadFromFile(JSON.parse(await readFile(this.fileOf(id), "utf8")));
  }

  private async writeLead(lead: KeptLead): Promise<void> {
    this.changing.add(lead.id);
    await this.note({ changing: lead.id });
    await writeFileAtomically(this.fileOf(lead.id), [JSON.stringify(lead)]);
    await this.note({ entry: this.index(lead) });
    this.changing.delete(lead.id);
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

/** The entries newest first, sorted taking turns: a single sort of 100,000 holds the event loop a second on a busy machine. */
async function newestFirstOf(entries: ReadonlyMap<string, Entry>): Promise<Entry[]> {
  const all = [...entries.values()];
  const order = await sortTakingTurns(Uint32Array.from(all.keys()), (a, b) => newestFirstOrder(all[a]!, all[b]!));
  return Array.from(order, (i) => all[i]!);
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
    searchTerms: searchTermsOf(lead.kind, lead.data, lead.vehicle),
    contacts: contactsOf(lead.kind, lead.data),
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
