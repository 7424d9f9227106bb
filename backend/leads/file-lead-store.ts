import { randomUUID } from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { LeadKindName } from "../../domain/lead-kinds";
import type { CatchUpBoard } from "../catch-up-board";
import { backgroundTurn } from "../event-loop-turns";
import type { Logger } from "../logger";
import { backlogOf, leaseEarliestDue, type OutboxBacklog } from "../outbox-worker";
import { entryOf, LeadEntries, newestFirstOrder, type Entry } from "./lead-entries";
import { matchingOf } from "./lead-entry-search";
import { LeadFiles } from "./lead-files";
import { JOURNAL_NAME, LeadJournal, SHOWN_LEADS } from "./lead-journal";
import { moveInLegacyLeadFiles } from "./lead-legacy";
import { newReference } from "./lead-reference";
import {
  editedWork,
  keptLeadOf,
  NEW_WORK,
  type AddResult,
  type ForwardFailure,
  type KeptLead,
  type LeadFilters,
  type LeadQuery,
  type LeadStore,
  type NewLead,
  type StoredLead,
  type WorkEdit,
} from "./lead-store";

const LEADS_FOLDER = "leads";
/** Lead files read between turns of the event loop while an export streams, or while every one is read at start. */
const EACH_BATCH = 32;

/**
 * The embedded lead store: one JSON file per lead under DATA_DIR/leads (lead-files.ts), so a
 * visitor is only told of a lead that is on disk whole. The site is the only process that
 * writes here, so a queue in this process keeps writes in order and makes "one lead per key"
 * hold under simultaneous submissions.
 *
 * What lists and finds leads (their entries, lead-entries.ts, searched by lead-entry-search.ts)
 * is kept in memory, newest first, and in a journal beside the files (lead-journal.ts), so
 * start-up reads one file however many leads there are. Each change is announced in the
 * journal, flushed, before its lead file changes, and its new entry follows: a crash between
 * leaves the announcement without its entry, and that lead's file is read again at the next
 * start. The journal is rewritten with only the leads kept whenever leads are deleted (so
 * erased contacts leave it at once) and when superseded lines outnumber the leads, beside new
 * changes. The journal is read, or without one (an older version's folder, or one deleted to
 * rebuild it) every lead file is read once and the journal written, after the site has
 * started listening: calls on the store wait for that.
 */
export class FileLeadStore implements LeadStore {
  private readonly entries = new LeadEntries();
  private readonly files: LeadFiles;
  private readonly journal: LeadJournal;
  private queue: Promise<unknown> = Promise.resolve();
  /** Settles once every lead is known (the journal read, or every lead file). */
  private loaded: Promise<void> = Promise.resolve();
  /** Leads announced as changing in the journal whose change has not yet been followed by its entry. */
  private readonly changing = new Set<string>();

  private constructor(
    directory: string,
    private readonly logger?: Pick<Logger, "info" | "error">,
    private readonly catchUps?: CatchUpBoard,
  ) {
    this.files = new LeadFiles(directory);
    const source = { entries: () => this.entries.newestFirst, changing: () => [...this.changing] };
    this.journal = new LeadJournal(path.join(directory, JOURNAL_NAME), source, logger, catchUps);
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
      await moveInLegacyLeadFiles(dataDir, { has: (id) => store.entries.byId.has(id), write: (lead) => store.writeLead(lead) }, logger);
      return journal === "outdated";
    })();
    store.loaded = loading.then(() => undefined);
    void loading.then(
      (outdated) => {
        // Its failure is logged; the journal stays as it was, whole.
        if (outdated) store.journal.compact().catch(() => undefined);
      },
      (error: unknown) => logger?.error({ err: error }, "The lead files could not be indexed"),
    );
    return store;
  }

  /** Every lead file read once (a folder from before the journal), and the journal written; on the board when they are many. */
  private async indexEveryLeadFile(): Promise<void> {
    const names = await this.files.names();
    const index = async (done?: (share: number) => void) => {
      await this.readEveryLeadFile(names, done);
      await this.journal.rewrite();
    };
    await (this.catchUps && names.length > SHOWN_LEADS ? this.catchUps.run("leads-journal", index) : index());
    this.logger?.info({ leads: this.entries.byId.size }, "Indexed every lead file in leads/index.ndjson");
  }

  add(newLead: NewLead): Promise<AddResult> {
    return this.serially(async () => {
      const existing = newLead.key === undefined ? undefined : this.entries.idOfKey(newLead.key);
      if (existing) return { id: existing, reference: this.entries.byId.get(existing)!.reference, created: false };
      let reference = newReference();
      while (this.entries.hasReference(reference)) reference = newReference();
      const lead = keptLeadOf(newLead, randomUUID(), reference);
      await this.writeLead(lead);
      return { id: lead.id, reference, created: true };
    });
  }

  async get(id: string): Promise<StoredLead | undefined> {
    await this.loaded;
    if (!this.entries.byId.has(id)) return undefined;
    try {
      return toStored(await this.files.read(id));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async claimNextDue(now: Date, leaseMs: number): Promise<StoredLead | undefined> {
    await this.loaded;
    const dueId = leaseEarliestDue(this.entries.byId, now, leaseMs);
    if (dueId === undefined) return undefined;
    return this.get(dueId);
  }

  async backlog(): Promise<OutboxBacklog> {
    await this.loaded;
    return backlogOf(this.entries.byId.values(), (entry) => entry.receivedAt);
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
    const terms = filters.search?.trim() ? await this.entries.termIndex() : undefined;
    const { candidates, wanted } = matchingOf(this.entries, filters, terms);
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
    const terms = filters.search?.trim() ? await this.entries.termIndex() : undefined;
    const { candidates, wanted } = matchingOf(this.entries, filters, terms);
    const ids = candidates.filter(wanted).map(({ id }) => id);
    for (let start = 0; start < ids.length; start += EACH_BATCH) {
      // A small file read at once costs a fraction of one read through the thread pool (open,
      // stat, read, close, each a round trip); a batch holds the event loop a millisecond or so.
      for (const id of ids.slice(start, start + EACH_BATCH)) {
        const lead = this.files.readAtOnce(id);
        if (lead) yield toStored(lead);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async countUnread(): Promise<number> {
    await this.loaded;
    let unread = 0;
    for (const entry of this.entries.byId.values()) if (!entry.read) unread++;
    return unread;
  }

  async withContacts(contacts: readonly string[], limit: number): Promise<StoredLead[]> {
    await this.loaded;
    // A lead's contacts are among its terms, written the same way; a name word spelt like one is not a contact.
    const terms = await this.entries.termIndex();
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
    if (this.entries.byId.get(id)?.nextAttemptAt === undefined) return false;
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
    await this.journal.settled();
  }

  /** Loads the journal: "none" when there is none, "outdated" when it is due to be rewritten. */
  private async readJournal(): Promise<"none" | "read" | "outdated"> {
    const changing = new Set<string>();
    const lines = await this.journal.read((line) => {
      if ("changing" in line) changing.add(line.changing);
      else {
        changing.delete(line.entry.id);
        this.entries.remember(line.entry);
      }
    });
    if (lines === "none") return "none";
    if (changing.size > 0) await this.readAgain(changing);
    await this.entries.sortNewestFirst();
    return changing.size > 0 || lines > 2 * this.entries.byId.size + 1_000 ? "outdated" : "read";
  }

  /** The leads a crash caught part-way through a change: as their files now are, or gone. */
  private async readAgain(ids: ReadonlySet<string>): Promise<void> {
    await this.files.settleTempFiles();
    for (const id of ids) {
      this.entries.forget(id);
      try {
        this.entries.remember(entryOf(await this.files.read(id)));
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
        const id = await this.files.idOf(name);
        if (id === undefined) continue;
        try {
          const lead = this.files.readAtOnce(id);
          if (lead) this.entries.remember(entryOf(lead));
        } catch (error) {
          this.logger?.error({ leadId: id, code: (error as NodeJS.ErrnoException).code }, "A lead file could not be read");
        }
      }
      await backgroundTurn();
    }
    await this.entries.sortNewestFirst();
  }

  private update(id: string, change: (lead: KeptLead) => KeptLead): Promise<void> {
    return this.serially(async () => {
      // Retention or an erasure may have deleted it meanwhile.
      if (!this.entries.byId.has(id)) return;
      await this.writeLead(change(await this.files.read(id)));
    });
  }

  private async deleteWhere(doomed: (entry: Entry) => boolean): Promise<Entry[]> {
    const deleted = await this.serially(async () => {
      const deleted = this.entries.newestFirst.filter(doomed);
      for (const { id } of deleted) this.changing.add(id);
      await Promise.all(deleted.map(({ id }) => this.journal.note({ changing: id })));
      for (const { id } of deleted) {
        await this.files.remove(id);
        this.entries.forget(id);
        this.changing.delete(id);
      }
      this.entries.dropForgotten();
      return deleted;
    });
    // Erased contacts and expired leads leave the journal too, not just their files; new leads go on meanwhile.
    if (deleted.length > 0) await this.journal.compact();
    return deleted;
  }

  private async writeLead(lead: KeptLead): Promise<void> {
    this.changing.add(lead.id);
    await this.journal.note({ changing: lead.id });
    await this.files.write(lead);
    await this.journal.note({ entry: this.entries.place(lead) });
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
