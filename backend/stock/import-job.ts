import type { AuditEntry } from "../staff/staff-store";
import type { ImportReport, RejectedRows } from "./import-feed";

export type ImportMode = "upsert" | "replace";
export type ImportPhase = "previewing" | "ready" | "applying" | "done" | "failed" | "cancelled";

/** Who an import's audit entries name: a member of staff, or the scheduled feed. */
export type ImportActor = Pick<AuditEntry, "actorId" | "actorEmail" | "address" | "origin">;

/** An import of the stock console (stock-imports.ts), as the import board keeps it (import-board.ts). */
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
  preview?: ImportSummary;
  result?: ImportSummary;
  /** Why the preview or the import failed; nothing was changed unless `result` says so. */
  failure?: string;
  /** Rejected rows of a feed none of whose rows could be used. */
  rejected?: RejectedRows;
  /** Set when the stock was saved but the search index could not be told. */
  searchFailure?: string;
  finishedAt?: Date;
  /**
   * Until when it holds the console, refusing another import: moved on every few seconds by
   * the instance running it, an hour on for a preview awaiting confirmation, and past once it ends.
   */
  heldUntil: Date;
}

/**
 * What the console shows of a preview or an import: its report without the id of every
 * vehicle it changed, which nothing shows, and which the board would otherwise copy on every
 * save and read (a 100,000-vehicle feed's ids held the event loop some 50 ms each time).
 */
export type ImportSummary = Omit<ImportReport, "changedIds" | "removedIds">;
