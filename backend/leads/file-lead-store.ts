import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "../logger";
import { settleTempFile, writeFileAtomically } from "../store/atomic-file";
import type { LeadKindName } from "./lead-kinds";
import { LEGACY_PLACES, legacyLeadOf } from "./lead-legacy";
import { newReference } from "./lead-reference";
import type { AddResult, KeptLead, LeadStore, LeadVehicle, NewLead, StoredLead } from "./lead-store";

/** One lead as its file holds it; the forwarding fields only for a kind that is forwarded. */
interface LeadFile {
  id: string;
  kind: LeadKindName;
  reference: string;
  receivedAt: string;
  key?: string;
  vehicle?: LeadVehicle;
  data: unknown;
  forwardAttempts?: number;
  forwardedAt?: string;
  /** Absent once forwarded, and for kinds never forwarded. */
  nextAttemptAt?: string;
}

/** What the store keeps in memory about each lead: no personal data, only its kind, key digest and schedule. */
interface Entry {
  kind: LeadKindName;
  receivedAt: number;
  reference: string;
  key?: string;
  nextAttemptAt?: number;
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
        store.index(await store.readFile(id));
      } catch (error) {
        logger?.error({ leadId: id, code: (error as NodeJS.ErrnoException).code }, "A lead file could not be read");
      }
    }
    await store.moveInLegacyLeads(dataDir, logger);
    return store;
  }

  add({ kind, receivedAt, vehicle, data, key, forwarded }: NewLead): Promise<AddResult> {
    return this.serially(async () => {
      const existing = key === undefined ? undefined : this.idByKey.get(key);
      if (existing) return { id: existing, reference: this.entries.get(existing)!.reference, created: false };
      let reference = newReference();
      while (this.references.has(reference)) reference = newReference();
      const file: LeadFile = {
        id: randomUUID(),
        kind,
        reference,
        receivedAt: receivedAt.toISOString(),
        ...(key === undefined ? {} : { key }),
        ...(vehicle === undefined ? {} : { vehicle }),
        data,
        ...(forwarded ? { forwardAttempts: 0, nextAttemptAt: receivedAt.toISOString() } : {}),
      };
      await this.writeFile(file);
      this.index(file);
      return { id: file.id, reference, created: true };
    });
  }

  async get(id: string): Promise<StoredLead | undefined> {
    if (!this.entries.has(id)) return undefined;
    try {
      return toStored(await this.readFile(id));
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

  deleteReceivedBefore(kind: LeadKindName, cutoff: Date): Promise<number> {
    return this.serially(async () => {
      let deleted = 0;
      for (const [id, entry] of this.entries) {
        if (entry.kind !== kind || entry.receivedAt >= cutoff.getTime()) continue;
        await rm(this.fileOf(id), { force: true });
        this.forget(id, entry);
        deleted++;
      }
      return deleted;
    });
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
          if (!this.entries.has(lead.id)) {
            const file = fileOfLegacy(lead);
            await this.writeFile(file);
            this.index(file);
          }
          await rm(oldFile);
          moved++;
        } catch (error) {
          logger?.error({ file: name, kind, code: (error as NodeJS.ErrnoException).code }, "A lead stored by an older version could not be moved");
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

  private update(id: string, change: (file: LeadFile) => LeadFile): Promise<void> {
    return this.serially(async () => {
      // Retention may have deleted it while it was being sent.
      if (!this.entries.has(id)) return;
      const file = change(await this.readFile(id));
      await this.writeFile(file);
      this.index(file);
    });
  }

  private index(file: LeadFile): void {
    this.entries.set(file.id, {
      kind: file.kind,
      receivedAt: Date.parse(file.receivedAt),
      reference: file.reference,
      key: file.key,
      nextAttemptAt: file.nextAttemptAt === undefined ? undefined : Date.parse(file.nextAttemptAt),
    });
    this.references.add(file.reference);
    if (file.key !== undefined) this.idByKey.set(file.key, file.id);
  }

  private forget(id: string, entry: Entry): void {
    this.entries.delete(id);
    this.references.delete(entry.reference);
    if (entry.key !== undefined) this.idByKey.delete(entry.key);
  }

  private fileOf(id: string): string {
    return path.join(this.directory, `${id}${FILE_SUFFIX}`);
  }

  private async readFile(id: string): Promise<LeadFile> {
    return JSON.parse(await readFile(this.fileOf(id), "utf8")) as LeadFile;
  }

  private writeFile(file: LeadFile): Promise<void> {
    return writeFileAtomically(this.fileOf(file.id), [JSON.stringify(file)]);
  }

  private serially<R>(work: () => Promise<R>): Promise<R> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function fileOfLegacy({ receivedAt, forwardedAt, nextAttemptAt, ...lead }: KeptLead): LeadFile {
  return {
    ...lead,
    receivedAt: receivedAt.toISOString(),
    ...(forwardedAt === undefined ? {} : { forwardedAt: forwardedAt.toISOString() }),
    ...(nextAttemptAt === undefined ? {} : { nextAttemptAt: nextAttemptAt.toISOString() }),
  };
}

function toStored(file: LeadFile): StoredLead {
  return {
    id: file.id,
    kind: file.kind,
    reference: file.reference,
    receivedAt: new Date(file.receivedAt),
    ...(file.vehicle === undefined ? {} : { vehicle: file.vehicle }),
    data: file.data,
    forwardAttempts: file.forwardAttempts ?? 0,
    ...(file.forwardedAt === undefined ? {} : { forwardedAt: new Date(file.forwardedAt) }),
  };
}
