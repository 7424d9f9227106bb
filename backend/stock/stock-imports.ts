import { randomBytes } from "node:crypto";
import { chmod, mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { MemoryImportBoard, type ImportBoard } from "./import-board";
import type { ImportActor, ImportJob, ImportMode, ImportSummary } from "./import-job";
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
 *
 * The latest import is kept on the import board (import-board.ts), which every instance of
 * the site shares when the stores are MongoDB: any instance shows it and its progress, and a
 * preview taken by one may be confirmed or cancelled through another, which then runs it
 * (the upload folder, under DATA_DIR, is then shared by the instances too).
 */

function summaryOf({ changedIds: _changed, removedIds: _removed, ...summary }: ImportReport): ImportSummary {
  return summary;
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
/** An import being read or applied holds the console this far ahead, moved on every HEARTBEAT_MS by its instance. */
const HOLD_MS = 30_000;
const HEARTBEAT_MS = 5000;
/** Progress is saved to the board at most this often: the console asks every second. */
const PROGRESS_SAVE_MS = 500;
/** An upload not written to for this long belongs to no upload under way (an instance stopped mid-upload). */
const LEFTOVER_UPLOAD_MS = 10 * 60_000;
const HISTORY_SIZE = 20;
const ENDED = new Date(0);

export class StockImports {
  private running: Promise<void> = Promise.resolve();
  /** This instance's writes to the board, one after another, so that a late progress save never overwrites the ending. */
  private boardWrites: Promise<void> = Promise.resolve();
  private leftoversCleared: Promise<unknown> | undefined;

  constructor(
    private readonly store: VehicleStore,
    private readonly access: StaffAccess,
    private readonly indexer: SearchIndexWriter | undefined,
    readonly settings: StockImportSettings,
    private readonly logger: Pick<Logger, "info" | "warn" | "error">,
    private readonly board: ImportBoard = new MemoryImportBoard(),
  ) {}

  /** The latest import, under way or finished, as any stock manager sees it. */
  async latest(member: StaffMember): Promise<ImportJob | undefined> {
    requireRole(member, "stock");
    const job = await this.board.latest();
    // Its instance stopped moving its hold on: it stopped with it (a lease keeps a change from being half-written by two).
    if (job && (job.phase === "previewing" || job.phase === "applying") && job.heldUntil <= new Date())
      return { ...job, phase: "failed", failure: STOPPED_WITH_ITS_INSTANCE };
    return job;
  }

  /** The import under way (previewing, waiting to be confirmed, or applying), if any. */
  async underWay(member: StaffMember): Promise<ImportJob | undefined> {
    requireRole(member, "stock");
    return this.busyJob();
  }

  /** Whether an import could start now (the schedule asks before fetching its feed). */
  async isFree(): Promise<boolean> {
    return (await this.busyJob()) === undefined;
  }

  /** Refuses (ImportBusyError) while another import is under way; an upload asks before it is read. */
  async checkFree(member: StaffMember): Promise<void> {
    requireRole(member, "stock");
    const busy = await this.busyJob();
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
    this.leftoversCleared ??= this.clearLeftovers();
    await this.leftoversCleared;
    return path.join(this.settings.uploadDirectory, `${randomBytes(12).toString("hex")}.feed`);
  }

  /**
   * Deletes the uploads a stopped process left behind, which are no import's any more: not
   * the latest import's (another instance's, in a shared folder), nor one still being written.
   */
  private async clearLeftovers(): Promise<void> {
    const latest = await this.board.latest();
    const kept = latest && latest.heldUntil > new Date() ? `${latest.id}.feed` : undefined;
    const folder = this.settings.uploadDirectory;
    await Promise.all(
      (await readdir(folder)).map(async (name) => {
        if (name === kept) return;
        const file = path.join(folder, name);
        const written = await stat(file).then(
          (stats) => stats.mtimeMs,
          () => 0,
        );
        if (Date.now() - written >= LEFTOVER_UPLOAD_MS) await rm(file, { force: true });
      }),
    );
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
    const job = await this.readyJobOf(member, id);
    const preview = job.preview!;
    const tripsGuard = wouldTripGuard(preview);
    if (tripsGuard && !confirmedRemoval) {
      throw new MassRemovalNotConfirmedError(
        `This would remove ${formatCount(preview.removed)} of ${formatCount(preview.stockBefore)} vehicles: tick the box to confirm that is right.`,
      );
    }
    const now = new Date();
    const applying: ImportJob = {
      ...job,
      phase: "applying",
      actor: actorOf(member, address),
      progress: { bytesRead: 0, rows: 0, since: now, saving: false },
      heldUntil: new Date(now.getTime() + HOLD_MS),
    };
    // Confirmed twice at once, through two instances: only one runs it.
    if (!(await this.board.swap(applying, "ready"))) throw new ImportNotFoundError(NOT_WAITING);
    this.inBackground(applying, () => this.importNow(applying, tripsGuard));
    return applying;
  }

  async cancel(member: StaffMember, address: string, id: string): Promise<void> {
    const job = await this.readyJobOf(member, id);
    const ended: ImportEnding = { phase: "cancelled", finishedAt: new Date() };
    if (!(await this.board.swap({ ...job, ...ended, heldUntil: ENDED }, "ready"))) throw new ImportNotFoundError(NOT_WAITING);
    await this.end(job, ended, actorOf(member, address));
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
   * another is under way. The board takes it only if no import holds the console, so that of
   * two feeds arriving at once, through any instances, only one starts.
   */
  private async takeJob(
    upload: { path: string; name: string; size: number },
    mode: ImportMode,
    phase: "previewing" | "applying",
    by: ImportJob["by"],
    actor: ImportJob["actor"],
  ): Promise<ImportJob> {
    const previous = await this.board.latest();
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
      heldUntil: new Date(now.getTime() + HOLD_MS),
    };
    const busy = await this.board.take(job, now);
    if (busy) {
      await rm(upload.path, { force: true });
      throw new ImportBusyError(busy);
    }
    if (previous?.id !== job.id) await this.endAbandoned(previous);
    return job;
  }

  /** The rejected rows of an import, its preview, or a feed none of whose rows could be used. */
  async rejectedRows(member: StaffMember, id: string): Promise<RejectedRows> {
    requireRole(member, "stock");
    const job = await this.board.latest();
    if (job?.id !== id) throw new ImportNotFoundError("That import's rejected rows are no longer kept: only the latest import's are.");
    return job.result ?? job.preview ?? job.rejected ?? { rejected: [], originalColumns: [] };
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

  private async busyJob(): Promise<ImportJob | undefined> {
    const job = await this.board.latest();
    return job && job.heldUntil > new Date() ? job : undefined;
  }

  /**
   * A preview left unconfirmed past ABANDONED_PREVIEW_MS ends as cancelled when another import
   * starts; so does one whose instance stopped while reading it, which nothing else would end.
   */
  private async endAbandoned(job: ImportJob | undefined): Promise<void> {
    if (job?.phase !== "ready" && job?.phase !== "previewing") return;
    await this.end(job, { phase: "cancelled", finishedAt: new Date() }, job.actor, false);
  }

  private async readyJobOf(member: StaffMember, id: string): Promise<ImportJob> {
    requireRole(member, "stock");
    const job = await this.board.latest();
    if (!job || job.id !== id || job.phase !== "ready") throw new ImportNotFoundError(NOT_WAITING);
    if (job.by.id !== member.account.id && member.account.role !== "admin") throw new ImportBusyError(job);
    return job;
  }

  /**
   * Runs an import's work after any this instance has under way, keeping the board's copy
   * current: its progress every PROGRESS_SAVE_MS, and its hold on the console moved on every
   * HEARTBEAT_MS while it runs.
   */
  private inBackground(job: ImportJob, work: () => Promise<void>): void {
    const heartbeat = setInterval(() => this.saveProgress(job, true), HEARTBEAT_MS).unref();
    this.running = this.running
      .then(work)
      .finally(() => clearInterval(heartbeat))
      .catch(async (error: unknown) => {
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
    let savedAt = 0;
    return (step: { phase: "reading"; bytesRead: number; rows: number } | { phase: "saving" }) => {
      if (step.phase === "saving") job.progress.saving = true;
      else Object.assign(job.progress, { bytesRead: step.bytesRead, rows: step.rows });
      if (Date.now() - savedAt < PROGRESS_SAVE_MS && step.phase !== "saving") return;
      savedAt = Date.now();
      this.saveProgress(job, false);
    };
  }

  /** Saves a running import's progress to the board, moving its hold on the console on when `hold`. */
  private saveProgress(job: ImportJob, hold: boolean): void {
    if (job.phase !== "previewing" && job.phase !== "applying") return;
    if (hold) job.heldUntil = new Date(Date.now() + HOLD_MS);
    this.saveToBoard(job).catch((error: unknown) =>
      this.logger.warn({ err: error, importId: job.id }, "Could not save a stock import's progress"),
    );
  }

  private saveToBoard(job: ImportJob): Promise<void> {
    const saved = this.boardWrites.then(() => this.board.save(job));
    this.boardWrites = saved.catch(() => undefined);
    return saved;
  }

  private async preview(job: ImportJob, file: string): Promise<void> {
    try {
      job.preview = summaryOf(await importFeed(this.store, file, { mode: job.mode, dryRun: true, onProgress: this.progressOf(job) }));
      job.phase = "ready";
      job.progress.since = new Date();
      job.heldUntil = new Date(job.progress.since.getTime() + ABANDONED_PREVIEW_MS);
      await this.saveToBoard(job);
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
      ended = { phase: "done", result: summaryOf(result), ...(searchFailure ? { searchFailure } : {}), finishedAt: new Date() };
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
   * import when it ends, so a page showing the summary must also list it. An import another
   * has taken the place of (`onBoard` false) is only recorded.
   */
  private async end(job: ImportJob, ended: ImportEnding, actor = job.actor, onBoard = true): Promise<void> {
    try {
      await this.finish(actor, { ...job, ...ended });
    } finally {
      Object.assign(job, ended, { heldUntil: ENDED });
      if (onBoard) await this.saveToBoard(job);
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

const STOPPED_WITH_ITS_INSTANCE =
  "The site instance running this import stopped before it ended. Check the stock (or the history) and import the file again if it is not there.";
const NOT_WAITING = "That import is no longer waiting to be confirmed: see where it is now.";

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
