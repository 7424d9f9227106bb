import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "../logger";
import { settleTempFile, writeFileAtomically } from "../store/atomic-file";
import type { LeadKindName } from "./lead-kinds";
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
  type LeadQuery,
  type LeadStatus,
  type LeadStore,
  type LeadWork,
  type NewLead,
  type StoredLead,
  type WorkEdit,
} from "./lead-store";

/**
 * What the store keeps in memory about each lead, to list and find leads without reading
 * every file: its kind, dates, status, and the normalised words and contacts it is found by.
 */
interface Entry {
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
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The embedded lead store: one JSON file per lead under DATA_DIR/leads, written through a
 * flushed temporary file and a rename, so a visitor is only told of a lead that is on disk
 * whole. The site is the only process that writes here, so a queue in this process keeps
 * writes in order and makes "one lead per key" hold under simultaneous submissions.
 */
export class FileLeadStore implements LeadStore {
  private readonly entries = new Map<string, Entry>();
  private readonly idByKey = new Map<string, string>();
  private readonly references = new Set<string>();
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(private readonly directory: string) {}

  /** Opens DATA_DIR/leads, first moving in the leads an older version kept elsewhere in DATA_DIR. */
  static async open(dataDir: string, logger?: Pick<Logger, "info" | "error">): Promise<FileLeadStore> {
    const directory = path.join(dataDir, LEADS_FOLDER);
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const store = new FileLeadStore(directory);
    for (const name of await readdir(directory)) {
      const id = await store.leadFileId(name);
      if (id === undefined) continue;
      try {
        store.index(await store.readLead(id));
      } catch (error) {
        logger?.error({ leadId: id, code: (error as NodeJS.ErrnoException).code }, "A lead file could not be read");
      }
    }
    await store.moveInLegacyLeads(dataDir, logger);
    return store;
  }

  add(newLead: NewLead): Promise<AddResult> {
    return this.serially(async () => {
      const existing = newLead.key === undefined ? undefined : this.idByKey.get(newLead.key);
      if (existing) return { id: existing, reference: this.entries.get(existing)!.reference, created: false };
      let reference = newReference();
      while (this.references.has(reference)) reference = newReference();
      const lead = keptLeadOf(newLead, randomUUID(), reference);
      await this.writeLead(lead);
      return { id: lead.id, reference, created: true };
    });
  }

  async get(id: string): Promise<StoredLead | undefined> {
    if (!this.entries.has(id)) return undefined;
    try {
      return toStored(await this.readLead(id));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async claimNextDue(now: Date, leaseMs: number): Promise<StoredLead | undefined> {
    let dueId: string | undefined;
    let dueAt = now.getTime();
    for (const [id, { nextAttemptAt }] of this.entries) {
      if (nextAttemptAt !== undefined && nextAttemptAt <= dueAt) [dueId, dueAt] = [id, nextAttemptAt];
    }
    const entry = dueId === undefined ? undefined : this.entries.get(dueId);
    if (dueId === undefined || !entry) return undefined;
    // The lease lives in memory only: after a restart every unforwarded lead is due again.
    entry.nextAttemptAt = now.getTime() + leaseMs;
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

  async list({
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
    page,
    pageSize,
  }: LeadQuery): Promise<{ total: number; leads: StoredLead[] }> {
    const wanted = search?.trim() ? leadSearchOf(search) : undefined;
    const followUpWanted = followUpFrom !== undefined || followUpBefore !== undefined;
    const ids = [...this.entries]
      .filter(
        ([, entry]) =>
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
          (!wanted || wanted.reference === entry.reference || matchesSearch(entry.searchTerms, wanted)),
      )
      .sort(([idA, a], [idB, b]) => b.receivedAt - a.receivedAt || (idA < idB ? 1 : -1))
      .map(([id]) => id);
    const leads = await Promise.all(ids.slice((page - 1) * pageSize, page * pageSize).map((id) => this.get(id)));
    return { total: ids.length, leads: leads.filter((lead): lead is StoredLead => lead !== undefined) };
  }

  async countUnread(): Promise<number> {
    let unread = 0;
    for (const entry of this.entries.values()) if (!entry.read) unread++;
    return unread;
  }

  async withContacts(contacts: readonly string[], limit: number): Promise<StoredLead[]> {
    const ids = [...this.entries]
      .filter(([, entry]) => entry.contacts.some((contact) => contacts.includes(contact)))
      .sort(([, a], [, b]) => b.receivedAt - a.receivedAt)
      .slice(0, limit)
      .map(([id]) => id);
    const leads = await Promise.all(ids.map((id) => this.get(id)));
    return leads.filter((lead): lead is StoredLead => lead !== undefined);
  }

  async applyWork(id: string, edit: WorkEdit, byId: string, at: Date): Promise<StoredLead | undefined> {
    await this.update(id, (lead) => ({ ...lead, work: editedWork(lead.work ?? NEW_WORK, edit, byId, at) }));
    return this.get(id);
  }

  async forwardNow(id: string, byId: string, at: Date): Promise<boolean> {
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
      const deleted: Entry[] = [];
      for (const [id, entry] of this.entries) {
        if (!doomed(entry)) continue;
        await rm(this.fileOf(id), { force: true });
        this.entries.delete(id);
        this.references.delete(entry.reference);
        if (entry.key !== undefined) this.idByKey.delete(entry.key);
        deleted.push(entry);
      }
      return deleted;
    });
  }

  private index(lead: KeptLead): void {
    this.entries.set(lead.id, {
      kind: lead.kind,
      receivedAt: lead.receivedAt.getTime(),
      reference: lead.reference,
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
    });
    this.references.add(lead.reference);
    if (lead.key !== undefined) this.idByKey.set(lead.key, lead.id);
  }

  private fileOf(id: string): string {
    return path.join(this.directory, `${id}${FILE_SUFFIX}`);
  }

  private async readLead(id: string): Promise<KeptLead> {
    return leadFromFile(JSON.parse(await readFile(this.fileOf(id), "utf8")));
  }

  private async writeLead(lead: KeptLead): Promise<void> {
    await writeFileAtomically(this.fileOf(lead.id), [JSON.stringify(lead)]);
    this.index(lead);
  }

  private serially<R>(work: () => Promise<R>): Promise<R> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
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

function toStored({ key: _key, forwardAttempts, work, ...lead }: KeptLead): StoredLead {
  return { ...lead, forwardAttempts: forwardAttempts ?? 0, work: work ?? NEW_WORK };
}
