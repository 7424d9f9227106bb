import { feedRecordId, vehicleFeedRecordSchema, type VehicleFeedRecord } from "../../domain/vehicle";
import { eventLoopTurns } from "../event-loop-turns";
import { previewStockChange } from "../store/preview-change";
import type { StockChange, StockChangeResult, VehicleStore } from "../store/vehicle-store";
import { describeIssues, noIdentity, type RowPlace } from "./feed-problems";
import { openFeed, type FeedFormat } from "./feed-reader";

/**
 * One stock import: read the feed, validate every row, and apply the good rows to the store
 * as one change. Bad rows are reported with their line and reason and never stop the rest;
 * a feed that cannot be read to its end changes nothing.
 */

export interface Rejection {
  line: number;
  reason: string;
  /** The row as the feed gave it, one value per column of `originalColumns`, so it can be corrected and uploaded again. */
  original: string[];
}

/** The rejected rows of a feed, and the columns their `original` values are under. */
export interface RejectedRows {
  rejected: Rejection[];
  originalColumns: string[];
}

export interface ImportReport extends StockChangeResult, RejectedRows {
  format: FeedFormat;
  /** Rows read from the feed, good and bad. */
  rows: number;
  /**
   * Rejected rows that name no vehicle (unparsable, or with no usable _id or registration).
   * Any such row might be a vehicle still in stock, so a "replace" then removes none as sold.
   */
  unidentifiedRows: number;
  ignoredColumns: string[];
  /** Vehicles in stock before the import. */
  stockBefore: number;
  /**
   * The most vehicles a "replace" may remove as sold without allowMassRemoval. A dry run
   * reports a larger `removed` rather than refuse it, so the guard can be shown in words.
   */
  removalLimit?: number;
}

export interface ImportOptions {
  mode: "upsert" | "replace";
  format?: FeedFormat;
  /** Lets a "replace" remove more than half the stock, for a dealer who really did sell out. */
  allowMassRemoval?: boolean;
  /** Works out what the import would do, changing nothing (the preview of the staff console). */
  dryRun?: boolean;
  onProgress?: (progress: { phase: "reading"; bytesRead: number; rows: number } | { phase: "saving" }) => void;
  /** Runs once the change is stored, before the store lets another change in (VehicleStore.applyChange). */
  onApplied?: (result: StockChangeResult) => Promise<void>;
}

/** Nothing could be imported; `rejected` says why for each row that was read. */
export class NothingImportedError extends Error {
  constructor(
    message: string,
    readonly rejectedRows?: RejectedRows,
  ) {
    super(message);
  }
}

/** Small stocks may be cleared freely; past this, "replace" refuses to remove over half. */
const MASS_REMOVAL_FLOOR = 10;

export async function importFeed(store: VehicleStore, file: string, options: ImportOptions): Promise<ImportReport> {
  let rows = 0;
  const feed = await openFeed(file, {
    format: options.format,
    onBytesRead: (bytesRead) => options.onProgress?.({ phase: "reading", bytesRead, rows }),
  });
  const accepted: { id: string; record: VehicleFeedRecord }[] = [];
  const lineOfId = new Map<string, number>();
  const keepIds = new Set<string>();
  const rejected: Rejection[] = [];
  let unidentifiedRows = 0;

  const place = (line: number): RowPlace => ({ format: feed.format === "csv" ? "csv" : "json", line });
  // Rows already read come without a turn of the event loop between them: a chunk of the file held it 80 ms or more.
  const takeTurn = eventLoopTurns();
  for await (const row of feed.rows) {
    await takeTurn();
    rows++;
    const reject = (reason: string) => rejected.push({ line: row.line, reason, original: row.original });
    if ("problem" in row) {
      unidentifiedRows++;
      reject(`The row ${row.problem} (line ${row.line})`);
      continue;
    }
    const id = feedRecordId(row.value);
    const parsed = vehicleFeedRecordSchema.safeParse(row.value, { reportInput: true });
    if (!parsed.success || id === undefined) {
      if (id === undefined) unidentifiedRows++;
      else keepIds.add(id);
      reject(parsed.success ? noIdentity(place(row.line)) : describeIssues(parsed.error.issues, place(row.line)));
      continue;
    }
    const firstLine = lineOfId.get(id);
    if (firstLine !== undefined) {
      reject(`The row repeats vehicle ${id}, already given on line ${firstLine} (line ${row.line})`);
      continue;
    }
    lineOfId.set(id, row.line);
    accepted.push({ id, record: parsed.data });
  }

  if (rows === 0) throw new NothingImportedError("The file holds no vehicle records; nothing was changed");
  if (accepted.length === 0) {
    throw new NothingImportedError(`None of the ${rows} rows could be imported; nothing was changed`, {
      rejected,
      originalColumns: feed.originalColumns,
    });
  }

  options.onProgress?.({ phase: "saving" });
  const stockBefore = await store.count();
  const removalLimit = options.allowMassRemoval ? undefined : Math.max(MASS_REMOVAL_FLOOR, Math.floor(stockBefore / 2));
  const change: StockChange = {
    records: accepted,
    // A bad row is not a sale: if one cannot be told apart from the stock, nothing is removed.
    mode: unidentifiedRows > 0 ? "upsert" : options.mode,
    keepIds,
    maxRemovals: removalLimit,
  };
  const summary = options.dryRun ? await previewStockChange(store, change) : await store.applyChange(change, undefined, options.onApplied);
  return {
    ...summary,
    format: feed.format,
    rows,
    rejected,
    unidentifiedRows,
    ignoredColumns: feed.ignoredColumns,
    originalColumns: feed.originalColumns,
    stockBefore,
    removalLimit,
  };
}

/** Whether a dry run's removals are more than its guard allows: the import itself would be refused unless allowed. */
export function wouldTripGuard(report: Pick<ImportReport, "removed" | "removalLimit">): boolean {
  return report.removalLimit !== undefined && report.removed > report.removalLimit;
}
