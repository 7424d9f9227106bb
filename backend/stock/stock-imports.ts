import { randomBytes } from "node:crypto";
import { chmod, mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { importFeed, NothingImportedError, wouldTripGuard, type ImportReport, type RejectedRows } from "./import-feed";
import { UnreadableFeedError } from "./feed-reader";
import { searchIndexPush } from "./search-sync";
import { formatCount } from "../../domain/format";
import type { Logger } from "../logger";
import type { SearchIndexWriter } from "../search/search-engine";
import { requireRole } from "../staff/permissions";
import type { StaffAccess, StaffMember } from "../staff/staff-access";
import type { AuditEntry } from "../staff/staff-store";
import { MassRemovalError, StockBusyError, type VehicleStore } from "../store/vehicle-store";

/**
 * The stock console's imports: a feed uploaded by a stock manager is first read through the
 * command line's own import code as a dry run (the preview), and applied only when they
 * confirm, in the site's background rather than in a request, so its progress can be
 * followed and survives a reload. One import at a time: while one is under way, another is
 * refused, naming who started it. Every import ends in the audit log, which is its history.
 */

export type ImportMode = "upsert" | "replace";
export type ImportPhase = "previewing" | "ready" | "applying" | "done" | "failed" | "cancelled";

/** Who an import's audit entries name: a member of staff, or the scheduled feed. */
export type ImportActor = Pick<AuditEntry, "actorId" | "actorEmail" | "address" | "origin">;

export interface ImportJob {
  id: string;
  fileName: string;
  fileBytes: number;
  mode: ImportMode;
  by: { id: string; name: string };
  /** Whoever set the current step going (the upload, then the confirmation), for the audit log. */
  actor: ImportActor;
  startedAt: Date;
  phase: ImportPhase;
  /** Of the reading under way (the preview's, then the import's). */
  progress: { bytesRead: number; rows: number; since: Date; saving: boolean };
  preview?: ImportReport;
  result?: ImportReport;
  /** Why the preview or the import failed; nothing was changed unless `result` says so. */
  failure?: string;
  /** Rejected rows of a feed none of whose rows could be used. */
  rejected?: RejectedRows;
  /** Set when the stock was saved but the search index could not be told. */
  searchFailure?: string;
  finishedAt?: Date;
}

/** How an import ended: what its job holds from then on. */
type ImportEnding = Pick<ImportJob, "phase" | "result" | "failure" | "rejected" | "searchFailure"> & { finishedAt: Date };

/** Another import is under way: who started it, and on what. */
export class ImportBusyError extends Error {
  constructor(readonly job: Pick<ImportJob, "by" | "fileName" | "startedAt" | "phase">) {
    super(
      `${job.by.name} is ${job.phase === "ready" ? "about to import" : "importing"} ${job.fileName}; try again when that import has finished.`,
    );
  }
}

/** The import asked for is not there, or not in a state to do that. */
export class ImportNotFoundError extends Error {}

/** A replace that would remove more than the guard allows was not confirmed. */
export class MassRemovalNotConfirmedError extends Error {}

export interface StockImportSettings {
  /** Where uploads are kept until their import ends. */
  uploadDirectory: string;
  maxUploadBytes: number;
}

/** Uploads are the site's own user's alone, as are their files (UPLOAD_FILE_MODE). */
const UPLOAD_FOLDER_MODE = 0o700;

/** A preview nobody confirmed or cancelled stops holding the stock after this long. */
const ABANDONED_PREVIEW_MS = 60 * 60_000;
const HISTORY_SIZE = 20;

export class StockImports {
  private job: ImportJob | undefined;
  private running: Promise<void> = Promise.resolve();
  private leftoversCleared: Promise<unknown> | undefined;

  constructor(
    private readonly store: VehicleStore,
    private readonly access: StaffAccess,
    private readonly indexer: SearchIndexWriter | undefined,
    readonly settings: StockImportSettings,
    private readonly logger: Pick<Logger, "info" | "warn" | "error">,
  ) {}

  /** The latest import, under way or finished, as any stock manager sees it. */
  latest(member: StaffMember): ImportJob | undefined {
    requireRole(member, "stock");
    return this.job;
  }

  /** The import under way (previewing, waiting to be confirmed, or applying), if any. */
  underWay(member: StaffMember): ImportJob | undefined {
    requireRole(member, "stock");
    return this.busyJob();
  }

  /** Whether an import could start now (the schedule asks before fetching its feed). */
  isFree(): boolean {
    return this.busyJob() === undefined;
  }

  /** Refuses (ImportBusyError) while another import is under way; an upload asks before it is read. */
  checkFree(member: StaffMember): void {
    requireRole(member, "stock");
    const busy = this.busyJob();
    if (busy) throw new ImportBusyError(busy);
  }

  /**
   * Makes the upload folder as the site starts, or closes one an earlier version left open
   * to every user of the machine (0755): an upload is the dealer's whole stock, prices and
   * all, and is the site's alone, as the leads and the staff area's records are.
   */
  async prepareUploadFolder(): Promise<void> {
    await mkdir(this.settings.uploadDirectory, { recursive: true, mode: UPLOAD_FOLDER_MODE });
    await chmod(this.settings.uploadDirectory, UPLOAD_FOLDER_MODE);
  }

  /** A fresh path for an upload to be written to (with UPLOAD_FILE_MODE). */
  async uploadPath(): Promise<string> {
    await mkdir(this.settings.uploadDirectory, { recursive: true, mode: UPLOAD_FOLDER_MODE });
    // Uploads a stopped process left behind are no import's any more.
    this.leftoversCleared ??= readdir(this.settings.uploadDirectory).then((names) =>
      Promise.all(names.map((name) => rm(path.join(this.settings.uploadDirectory, name), { force: true }))),
    );
    await this.leftoversCleared;
    return path.join(this.settings.uploadDirectory, `${randomBytes(12).toString("hex")}.feed`);
  }

  /** Takes an uploaded feed and starts its preview; the upload is deleted when its import ends. */
  async start(
    member: StaffMember,
    address: string,
    upload: { path: string; name: string; size: number },
    mode: ImportMode,
  ): Promise<ImportJob> {
    requireRole(member, "stock");
    const job = await this.takeJob(
      upload,
      mode,
      "previewing",
      { id: member.account.id, name: member.account.name },
      actorOf(member, address),
    );
    await this.audit(job.actor, "stock-upload", job, { file: job.fileName, bytes: job.fileBytes, mode });
    this.inBackground(job, () => this.preview(job, upload.path));
    return job;
  }

  /** Applies a previewed import; `confirmedRemoval` when the stock manager ticked the mass-removal confirmation. */
  async apply(member: StaffMember, address: string, id: string, confirmedRemoval: boolean): Promise<ImportJob> {
    const job = this.readyJobOf(member, id);
    const preview = job.preview!;
    const tripsGuard = wouldTripGuard(preview);
    if (tripsGuard && !confirmedRemoval) {
      throw new MassRemovalNotConfirmedError(
        `This would remove ${formatCount(preview.removed)} of ${formatCount(preview.stockBefore)} vehicles: tick the box to confirm that is right.`,
      );
    }
    job.phase = "applying";
    job.actor = actorOf(member, address);
    job.progress = { bytesRead: 0, rows: 0, since: new Date(), saving: false };
    this.inBackground(job, () => this.importNow(job, tripsGuard));
    return job;
  }

  async cancel(member: StaffMember, address: string, id: string): Promise<void> {
    const job = this.readyJobOf(member, id);
    await this.end(job, { phase: "cancelled", finishedAt: new Date() }, actorOf(member, address));
  }

  /**
   * Imports a feed the schedule fetched, without a preview, as the console's latest import.
   * The mass-removal guard stands: a whole stock that would remove more than half changes
   * nothing and the console shows why. Refused (ImportBusyError) while another import is
   * under way; resolves once the import has ended.
   */
  async runScheduled(upload: { path: string; name: string; size: number }, mode: ImportMode): Promise<ImportJob> {
    const job = await this.takeJob(upload, mode, "applying", SCHEDULED_FEED, { origin: "scheduled feed" });
    this.inBackground(job, () => this.importNow(job, false));
    await this.running;
    return job;
  }

  /**
   * Makes an uploaded or fetched feed the latest import, or refuses it (ImportBusyError) while
   * another is under way. The job is taken before anything is awaited, so that of two feeds
   * arriving at once only one starts.
   */
  private async takeJob(
    upload: { path: string; name: string; size: number },
    mode: ImportMode,
    phase: "previewing" | "applying",
    by: ImportJob["by"],
    actor: ImportJob["actor"],
  ): Promise<ImportJob> {
    const busy = this.busyJob();
    if (busy) {
      await rm(upload.path, { force: true });
      throw new ImportBusyError(busy);
    }
    const previous = this.job;
    const now = new Date();
    const job: ImportJob = {
      id: path.basename(upload.path, ".feed"),
      fileName: upload.name.slice(0, 200),
      fileBytes: upload.size,
      mode,
      by,
      actor,
      startedAt: now,
      phase,
      progress: { bytesRead: 0, rows: 0, since: now, saving: false },
    };
    this.job = job;
    await this.endAbandoned(previous);
    return job;
  }

  /** The rejected rows of an import, its preview, or a feed none of whose rows could be used. */
  rejectedRows(member: StaffMember, id: string): RejectedRows {
    requireRole(member, "stock");
    if (this.job?.id !== id) throw new ImportNotFoundError("That import's rejected rows are no longer kept: only the latest import's are.");
    return this.job.result ?? this.job.preview ?? this.job.rejected ?? { rejected: [], originalColumns: [] };
  }

  /** The latest imports, newest first, from the audit log. */
  async history(member: StaffMember): Promise<AuditEntry[]> {
    requireRole(member, "stock");
    return (await this.access.auditLog({ action: "stock-import", page: 1, pageSize: HISTORY_SIZE })).entries;
  }

  /** Waits for the work under way (for shutting down, and for tests). */
  settled(): Promise<void> {
    return this.running;
  }

  private busyJob(): ImportJob | undefined {
    const job = this.job;
    if (!job) return undefined;
    if (job.phase === "previewing" || job.phase === "applying") return job;
    if (job.phase === "ready" && Date.now() - job.progress.since.getTime() < ABANDONED_PREVIEW_MS) return job;
    return undefined;
  }

  /** A preview left unconfirmed past ABANDONED_PREVIEW_MS ends as cancelled when another import starts. */
  private async endAbandoned(job: ImportJob | undefined): Promise<void> {
    if (job?.phase !== "ready") return;
    await this.end(job, { phase: "cancelled", finishedAt: new Date() });
  }

  private readyJobOf(member: StaffMember, id: string): ImportJob {
    requireRole(member, "stock");
    const job = this.job;
    if (!job || job.id !== id || job.phase !== "ready")
      throw new ImportNotFoundError("That import is no longer waiting to be confirmed: see where it is now.");
    if (job.by.id !== member.account.id && member.account.role !== "admin") throw new ImportBusyError(job);
    return job;
  }

  private inBackground(job: ImportJob, work: () => Promise<void>): void {
    this.running = this.running.then(work).catch(async (error: unknown) => {
      this.logger.error({ err: error, importId: job.id }, "Stock import failed unexpectedly");
      // Ended like any other failure, so its upload is not left on disk and its history has it.
      const failure =
        "The import stopped with an unexpected error; nothing more was changed. Try again, and tell whoever runs the site if it happens again.";
      await this.end(job, { phase: "failed", failure, finishedAt: new Date() }).catch((endError: unknown) => {
        this.logger.error({ err: endError, importId: job.id }, "Could not record the end of a failed stock import");
      });
    });
  }

  private progressOf(job: ImportJob) {
    return (step: { phase: "reading"; bytesRead: number; rows: number } | { phase: "saving" }) => {
      if (step.phase === "saving") job.progress.saving = true;
      else Object.assign(job.progress, { bytesRead: step.bytesRead, rows: step.rows });
    };
  }

  private async preview(job: ImportJob, file: string): Promise<void> {
    try {
      job.preview = await importFeed(this.store, file, { mode: job.mode, dryRun: true, onProgress: this.progressOf(job) });
      job.phase = "ready";
      job.progress.since = new Date();
      this.logger.info({ importId: job.id, rows: job.preview.rows }, "Stock import previewed");
    } catch (error) {
      if (!(error instanceof UnreadableFeedError || error instanceof NothingImportedError)) throw error;
      await this.end(job, {
        phase: "failed",
        failure: error.message,
        ...(error instanceof NothingImportedError ? { rejected: error.rejectedRows } : {}),
        finishedAt: new Date(),
      });
    }
  }

  private async importNow(job: ImportJob, allowMassRemoval: boolean): Promise<void> {
    const push = this.indexer && searchIndexPush(this.store, this.indexer);
    let ended: ImportEnding;
    try {
      const result = await importFeed(this.store, this.uploadOf(job), {
        mode: job.mode,
        allowMassRemoval,
        onProgress: this.progressOf(job),
        onApplied: push?.onApplied,
      });
      const searchFailure =
        push?.outcome.failure && `The stock is saved, but the search index was not updated: ${push.outcome.failure.message}`;
      ended = { phase: "done", result, ...(searchFailure ? { searchFailure } : {}), finishedAt: new Date() };
    } catch (error) {
      if (!(
        error instanceof UnreadableFeedError ||
        error instanceof NothingImportedError ||
        error instanceof StockBusyError ||
        error instanceof MassRemovalError
      ))
        throw error;
      ended = {
        phase: "failed",
        failure: error instanceof MassRemovalError ? massRemovalRefusal(job, error) : error.message,
        ...(error instanceof NothingImportedError ? { rejected: error.rejectedRows } : {}),
        finishedAt: new Date(),
      };
    }
    this.logger.info(
      { importId: job.id, phase: ended.phase, ms: ended.finishedAt.getTime() - job.startedAt.getTime() },
      "Stock import ended",
    );
    await this.end(job, ended);
  }

  /**
   * Shows the import as ended only once its history has it: the console stops following an
   * import when it ends, so a page showing the summary must also list it.
   */
  private async end(job: ImportJob, ended: ImportEnding, actor = job.actor): Promise<void> {
    try {
      await this.finish(actor, { ...job, ...ended });
    } finally {
      Object.assign(job, ended);
    }
  }

  private uploadOf(job: ImportJob): string {
    return path.join(this.settings.uploadDirectory, `${job.id}.feed`);
  }

  /** Records the import in the audit log (its history) and deletes its upload. */
  private async finish(actor: ImportActor, job: ImportJob): Promise<void> {
    await rm(this.uploadOf(job), { force: true });
    await this.audit(actor, "stock-import", job, historyDetails(job));
  }

  private audit(
    actor: ImportActor,
    action: "stock-upload" | "stock-import",
    job: ImportJob,
    details: AuditEntry["details"],
  ): Promise<void> {
    return this.access.audit({ action, ...actor, targetId: job.id, details });
  }
}

/** Who the console names as starting a scheduled import. */
export const SCHEDULED_FEED = { id: "scheduled-feed", name: "The scheduled feed" } as const;

function massRemovalRefusal(job: ImportJob, { wouldRemove, stored }: MassRemovalError): string {
  const removal = `would remove ${formatCount(wouldRemove)} of the ${formatCount(stored)} vehicles in stock as sold`;
  return job.by.id === SCHEDULED_FEED.id
    ? `The scheduled feed ${removal}, more than half, so nothing was changed. Check the dealer's stock system; to remove them, upload the feed here and confirm.`
    : `The stock changed since the preview: the file ${removal} now, so nothing was changed. Preview it again.`;
}

const actorOf = (member: StaffMember, address: string): ImportActor => ({
  actorId: member.account.id,
  actorEmail: member.account.email,
  address,
});

/** What the history shows of an import: counts and names of things, never a vehicle's or a person's details. */
function historyDetails(job: ImportJob): Record<string, string | number> {
  const report = job.result;
  const seconds = Math.round(((job.finishedAt ?? new Date()).getTime() - job.startedAt.getTime()) / 100) / 10;
  return {
    file: job.fileName,
    mode: job.mode,
    result: job.phase === "done" ? (job.searchFailure ? "saved, search index not updated" : "imported") : job.phase,
    seconds,
    ...(report
      ? {
          rows: report.rows,
          added: report.added,
          updated: report.updated,
          unchanged: report.unchanged,
          removed: report.removed,
          rejected: report.rejected.length,
        }
      : {}),
    ...(job.failure ? { reason: job.failure.slice(0, 300) } : {}),
  };
}
