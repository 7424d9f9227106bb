import type { HandEditableField } from "../../domain/hand-editable-fields";
import type { VehicleFeedRecord, VehicleRecord } from "../../domain/vehicle";
import type { VehicleType } from "../../domain/vehicle-types";
import type { PhotosChange, StaffMarks, StoredVersion } from "./stamp-record";

/**
 * The store of record for stock. The embedded file store and the MongoDB store both
 * implement it and pass the same contract suite (tests/contract).
 */

export interface StockChange {
  /** Feed records with the id each is stored under. */
  records: readonly { id: string; record: VehicleFeedRecord }[];
  /** "replace": the records are the whole stock, and vehicles missing from them were sold. */
  mode: "upsert" | "replace";
  /**
   * Ids that were in the feed on rows that failed validation. A bad row is not a sale, so
   * with "replace" these vehicles are kept as they are.
   */
  keepIds?: ReadonlySet<string>;
  /**
   * Vehicles of `records` to hide (true) or show again (false), as a stock manager does;
   * the rest keep whether they were hidden, through any feed.
   */
  hide?: ReadonlyMap<string, boolean>;
  /**
   * Vehicles of `records` whose photos are now these (an empty object for none), or those a
   * function makes of the photos stored when the change is applied; the rest keep theirs
   * through any feed.
   */
  photos?: ReadonlyMap<string, PhotosChange>;
  /** Vehicles of `records` to reserve (true) or release (false); the rest keep whether they were reserved. */
  reserve?: ReadonlyMap<string, boolean>;
  /**
   * Vehicles of `records` whose hand-changed fields are now these (their values as in the
   * record); the rest keep their marks, and a feed's values for marked fields are ignored.
   */
  handEdited?: ReadonlyMap<string, readonly HandEditableField[]>;
  /** Vehicles to remove from stock as sold, whatever the mode (a stock manager marking one sold). */
  removeIds?: readonly string[];
  /**
   * With "replace", refuse (MassRemovalError, nothing changed) to remove more vehicles than
   * this: a feed that suddenly lacks half the stock is more likely broken than a sell-out.
   */
  maxRemovals?: number;
}

/** What a change asks of one of its records beyond the feed's content (stampRecord). */
export function staffMarksOf(change: StockChange, id: string): StaffMarks {
  return {
    hide: change.hide?.get(id),
    reserve: change.reserve?.get(id),
    handEdited: change.handEdited?.get(id),
    photos: change.photos?.get(id),
  };
}

/** Another process is changing the stock; this change was not applied. */
export class StockBusyError extends Error {
  constructor(
    readonly owner: string,
    /** When the holder's lease runs out unless it renews it (a lease renews while its work runs). */
    readonly expiresAt?: Date,
  ) {
    super(
      `Another stock change is in progress (${owner}` +
        (expiresAt ? `, holding the stock until ${expiresAt.toISOString()} unless it renews its lease` : "") +
        "); try again when it has finished",
    );
  }
}

export class MassRemovalError extends Error {
  constructor(
    readonly wouldRemove: number,
    readonly stored: number,
  ) {
    super(
      `The feed would remove ${wouldRemove} of the ${stored} vehicles in stock as sold; nothing was changed. ` +
        "If that is right, run the import again with --allow-mass-removal",
    );
  }
}

export interface StockChangeSummary {
  added: number;
  updated: number;
  unchanged: number;
  removed: number;
}

/** A change's summary and exactly what it touched, for keeping a search index in step. */
export interface StockChangeResult extends StockChangeSummary {
  /** Vehicles added or updated. */
  changedIds: string[];
  removedIds: string[];
}

/** Where the records of a search's results are read. */
export interface VehicleRecordReader {
  /** The records of these ids, in the same order; ids with no record are left out. */
  getMany(ids: readonly string[]): Promise<VehicleRecord[]>;
  /**
   * The same records as JSON text, ready to send. The API's hot path uses it: a store that
   * keeps records as text (the embedded one) spares a parse and a stringify per vehicle.
   */
  getManyJson(ids: readonly string[]): Promise<string[]>;
}

/**
 * What changed in the stock after a follower's position (VehicleStore.changesSince): the
 * vehicles added or changed, as they are now, and those removed; or, when the store can no
 * longer say (the follower is too far behind), that the follower must read the stock whole.
 */
export type StockChangesSince =
  { kind: "changes"; upserts: AsyncIterable<VehicleRecord>; removedIds: string[]; position: number } | { kind: "resync"; reason: string };

/** Stock to build an in-process search index from, and to read its results' records from. */
export interface StockView extends VehicleRecordReader {
  /** Every vehicle; it may be called more than once. */
  scan(): AsyncIterable<VehicleRecord>;
}

/** A vehicle an import removed from stock (sold, most likely), as it was listed then. */
export interface SoldVehicle {
  id: string;
  /** Left out by versions before it was kept, as are the year and body type. */
  vehicleType?: VehicleType;
  make: string;
  model: string;
  yearOfManufacture?: number;
  bodyType?: string;
  derivative?: string;
  registration?: string;
  mileage?: number;
  priceGBP: number;
  /** When the import removed it, as an ISO 8601 time. */
  soldAt: string;
  /** The whole record as it was listed, so a sale marked by mistake can be undone; absent from removals before it was kept. */
  listing?: VehicleRecord;
}

export interface VehicleStore extends StockView {
  get(id: string): Promise<VehicleRecord | undefined>;
  /**
   * A vehicle removed from stock within the last 30 days (SOLD_VEHICLES_KEPT_DAYS), as it
   * was listed: a lead about it is kept and says it has gone, where one naming a vehicle
   * never listed is refused. Undefined for a vehicle in stock, never listed or removed longer ago.
   */
  soldVehicle(id: string): Promise<SoldVehicle | undefined>;
  count(): Promise<number>;
  /** What the store stamps an incoming record against (stampRecord), for the vehicles of these ids it holds. */
  storedVersions(ids: readonly string[]): Promise<Map<string, StoredVersion>>;
  /**
   * The stock as it is now, unchanged by later changes (which replace it rather than edit
   * it), for a store that holds its stock in memory: a search index built from it reads
   * its results' records from it too, so they always agree with the ids and totals the
   * index gave. Absent for MongoDB, whose records are read live.
   */
  snapshot?(): StockView;
  /** True until stock has been stored for the first time (an empty data folder). */
  isPristine(): Promise<boolean>;
  /**
   * Applies an import. The embedded store applies it as one change (readers see all of it
   * or none); MongoDB applies it in batches, as no transaction spans a whole stock feed.
   *
   * `onApplied` runs once the change is stored, while the store still holds its lock, so
   * no other change starts before it ends: an import sends its changes to a search index
   * there, and a later import's cannot overtake them. If it fails, applyChange fails with
   * its error, the change staying stored.
   */
  applyChange(change: StockChange, now?: Date, onApplied?: (result: StockChangeResult) => Promise<void>): Promise<StockChangeResult>;
  /**
   * Where the stock stands now. A follower reads this before it reads the stock whole (a
   * change made meanwhile is then handed to it again, which it applies as before), and then
   * asks `changesSince` it after each change.
   */
  stockPosition(): Promise<number>;
  /** What changed after `position`, and the position that brings the follower to. */
  changesSince(position: number): Promise<StockChangesSince>;
  /** Tells every process following this store to re-read it, as after a change. */
  signalChanged(): Promise<void>;
  /** Calls back after stock changes, whether this process or another changed it. */
  watch(onChange: () => void): () => void;
  close(): Promise<void>;
}
