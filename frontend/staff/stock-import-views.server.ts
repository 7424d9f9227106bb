import { wouldTripGuard } from "../../backend/stock/import-feed";
import type { FeedStatus } from "../../backend/stock/scheduled-feed";
import type { ImportJob, ImportSummary } from "../../backend/stock/import-job";
import type { AuditEntry } from "../../backend/staff/staff-store";
import { formatCount } from "../../domain/format";
import { londonTime } from "./lead-views.server";
import { MODE_NAMES } from "./stock-import-labels";

/** Imports shaped for the stock console on the server: words and numbers the page shows as they are. */

/** Rejected rows shown on the page; the rest are in the CSV download. */
const SHOWN_REJECTIONS = 20;

export interface ImportCountsView {
  rows: string;
  added: string;
  updated: string;
  unchanged: string;
  removed: string;
  rejected: string;
  /** A replace whose rejected rows name no vehicle removes none as sold. */
  removalsWithheld: boolean;
  ignoredColumns: string[];
}

export interface ImportView {
  id: string;
  fileName: string;
  fileSize: string;
  mode: string;
  by: string;
  started: string;
  phase: ImportJob["phase"];
  /** Started by the member looking: only they (or an admin) confirm or cancel it. */
  mine: boolean;
  progress?: { label: string; percent?: number; detail: string };
  preview?: ImportCountsView;
  /** The mass-removal guard in words, when applying the preview would trip it. */
  guard?: string;
  result?: ImportCountsView & { seconds: string };
  failure?: string;
  searchFailure?: string;
  /** Why each of the first rejected rows was refused, its line included. */
  rejected: string[];
  rejectedTotal: number;
}

export function importView(job: ImportJob, viewerId: string, viewerIsAdmin: boolean): ImportView {
  const report = job.result ?? job.preview;
  const rejected = report?.rejected ?? job.rejected?.rejected ?? [];
  return {
    id: job.id,
    fileName: job.fileName,
    fileSize: fileSize(job.fileBytes),
    mode: MODE_NAMES[job.mode],
    by: job.by.name,
    started: londonTime(job.startedAt),
    phase: job.phase,
    mine: job.by.id === viewerId || viewerIsAdmin,
    ...(job.phase === "previewing" || job.phase === "applying" ? { progress: progressOf(job) } : {}),
    ...(job.preview ? { preview: countsOf(job.preview) } : {}),
    ...(job.preview && job.mode === "replace" && wouldTripGuard(job.preview)
      ? { guard: `This would remove ${formatCount(job.preview.removed)} of ${formatCount(job.preview.stockBefore)} vehicles.` }
      : {}),
    ...(job.result && job.finishedAt
      ? { result: { ...countsOf(job.result), seconds: secondsBetween(job.progress.since, job.finishedAt) } }
      : {}),
    ...(job.failure ? { failure: job.failure } : {}),
    ...(job.searchFailure ? { searchFailure: job.searchFailure } : {}),
    rejected: rejected.slice(0, SHOWN_REJECTIONS).map(({ reason }) => reason),
    rejectedTotal: rejected.length,
  };
}

function progressOf(job: ImportJob): NonNullable<ImportView["progress"]> {
  const { bytesRead, rows, since, saving } = job.progress;
  const seconds = Math.max(0.001, (Date.now() - since.getTime()) / 1000);
  const read = `${formatCount(rows)} rows read, ${formatCount(Math.round(rows / seconds))} a second`;
  const checking = job.phase === "previewing";
  if (saving) return { label: checking ? "Comparing with the stock" : "Saving the stock and updating the search", detail: read };
  const percent = job.fileBytes > 0 ? Math.min(100, Math.round((bytesRead / job.fileBytes) * 100)) : 0;
  return { label: checking ? "Checking the file" : "Importing", percent, detail: `${percent}%: ${read}` };
}

function countsOf(report: ImportSummary): ImportCountsView {
  return {
    rows: formatCount(report.rows),
    added: formatCount(report.added),
    updated: formatCount(report.updated),
    unchanged: formatCount(report.unchanged),
    removed: formatCount(report.removed),
    rejected: formatCount(report.rejected.length),
    removalsWithheld: report.unidentifiedRows > 0,
    ignoredColumns: report.ignoredColumns,
  };
}

export interface ImportHistoryRow {
  at: string;
  when: string;
  who: string;
  file: string;
  mode: string;
  counts: string;
  duration: string;
  result: string;
}

export function historyRow(entry: AuditEntry): ImportHistoryRow {
  const details = entry.details ?? {};
  const text = (name: string) => (details[name] === undefined ? "" : String(details[name]));
  const count = (name: string) => (typeof details[name] === "number" ? formatCount(details[name]) : "");
  const counts =
    details.rows === undefined
      ? ""
      : `${count("added")} added, ${count("updated")} updated, ${count("unchanged")} unchanged, ${count("removed")} removed, ${count("rejected")} rejected`;
  return {
    at: entry.at.toISOString(),
    when: londonTime(entry.at),
    who: entry.actorEmail ?? (entry.origin === "scheduled feed" ? "the scheduled feed" : ""),
    file: text("file"),
    mode: text("mode") === "replace" ? MODE_NAMES.replace : MODE_NAMES.upsert,
    counts,
    duration: details.seconds === undefined ? "" : `${text("seconds")} s`,
    result: text("reason") ? `${text("result")}: ${text("reason")}` : text("result"),
  };
}

export interface FeedView {
  source: string;
  schedule: string;
  lastRun?: { at: string; when: string; ok: boolean; message: string };
  next?: string;
}

export function feedView({ source, everyMinutes, mode, lastRun, nextAt }: FeedStatus): FeedView {
  return {
    source,
    schedule: `every ${everyMinutes === 1 ? "minute" : `${formatCount(everyMinutes)} minutes`}, as ${mode === "replace" ? "the whole stock" : "an update"}`,
    ...(lastRun
      ? { lastRun: { at: lastRun.at.toISOString(), when: londonTime(lastRun.at), ok: lastRun.ok, message: lastRun.message } }
      : {}),
    ...(nextAt ? { next: londonTime(nextAt) } : {}),
  };
}

function fileSize(bytes: number): string {
  return bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MB` : `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
}

function secondsBetween(from: Date, to: Date): string {
  return ((to.getTime() - from.getTime()) / 1000).toFixed(1);
}
