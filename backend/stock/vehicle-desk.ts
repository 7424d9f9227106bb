import { z } from "zod";
import type { HandEditableField } from "../../domain/hand-editable-fields";
import { withHandValues, type HandValues } from "../../domain/hand-edits";
import { priceOf } from "../../domain/vehicle-price";
import { parsePounds } from "../../domain/money";
import { parsePercentage } from "../../domain/written-number";
import { priceGBPSchema, type VehicleFeedRecord, type VehicleRecord } from "../../domain/vehicle";
import { searchIndexPush } from "./search-sync";
import type { SearchIndexWriter } from "../search/search-engine";
import { requireRole } from "../staff/permissions";
import type { StaffAccess, StaffMember } from "../staff/staff-access";
import type { AuditAction, AuditEntry } from "../staff/staff-store";
import type { StockChange, StockChangeResult, VehicleStore } from "../store/vehicle-store";

/**
 * One vehicle at a time, for the stock console: find it by registration or id, change its
 * price (every change recorded in the audit log: old price, new price, when, who; a
 * reduction is remembered with the vehicle for buyers' badge), hide or show it (kept in
 * stock, but out of search and off the public pages, through later feeds until shown), or
 * mark it sold, which takes it out of stock and so out of search at once (and undo that
 * within the sold register's 30 days); reserve it (a deposit taken); correct its description
 * and spec by hand, kept through feeds until the mark is cleared; reprice many at once. All
 * go through the store's own change, under its lock, like an import; the next feed has the
 * last word on the price.
 */

/** A new price as the form gives it ("12,995", "£9995.50"), read and checked as a feed's price is. */
export const newPriceSchema = z
  .string()
  .transform((text) => parsePounds(text))
  .pipe(priceGBPSchema);

export const PRICE_PROBLEM = "Enter the price in pounds, like 12995 or £12,995.50: more than £0 and at most £10,000,000";

/** A cut in every ticked price as the bulk form gives it ("5", "2.5%"): more than 0 and less than 100. */
export const reductionPercentSchema = z
  .string()
  .transform((text) => parsePercentage(text))
  .pipe(z.number().gt(0).lt(100));

export interface PriceChange {
  at: Date;
  from: number;
  to: number;
  by: string;
}

const MOST_FOUND = 10;

/** A change to many prices at once, as the stock table's bulk form asks it. */
export type BulkPriceChange =
  { kind: "set"; pounds: number } | { kind: "reduce-by"; pounds: number } | { kind: "reduce-percent"; percent: number };

/** The most vehicles one bulk change may reprice: a page of the stock table, and then some. */
export const MOST_REPRICED = 500;

export interface BulkPriceResult {
  changed: number;
  /** Vehicles left as they were: gone from stock, or whose new price would not be a price (£0 or less). */
  skipped: number;
}

/** The new price of a vehicle priced `from`: a percentage cut is rounded down to whole pounds, as dealers price. */
export function repriced(from: number, change: BulkPriceChange): number {
  switch (change.kind) {
    case "set":
      return change.pounds;
    case "reduce-by":
      return Math.round((from - change.pounds) * 100) / 100;
    case "reduce-percent":
      return Math.floor(from * (1 - change.percent / 100));
  }
}

export class VehicleDesk {
  constructor(
    private readonly store: VehicleStore,
    private readonly access: StaffAccess,
    private readonly indexer: SearchIndexWriter | undefined,
    /** Told of each change before the desk answers: the page cache forgets the vehicle's pages. */
    private readonly changed?: (result: StockChangeResult) => void,
  ) {}

  /** Vehicles whose id or registration (spaces and case aside) is the one asked for. */
  async find(member: StaffMember, query: string): Promise<VehicleRecord[]> {
    requireRole(member, "stock");
    const wanted = query.replace(/\s+/g, "").toUpperCase();
    if (wanted === "") return [];
    const byId = await this.store.get(query.trim());
    if (byId) return [byId];
    const found: VehicleRecord[] = [];
    for await (const record of this.store.scan()) {
      if (record.vehicle.registration?.replace(/\s+/g, "").toUpperCase() === wanted) found.push(record);
      if (found.length >= MOST_FOUND) break;
    }
    return found;
  }

  async open(member: StaffMember, id: string): Promise<{ record: VehicleRecord; prices: PriceChange[] } | undefined> {
    requireRole(member, "stock");
    const record = await this.store.get(id);
    return record && { record, prices: await this.priceHistory(id) };
  }

  /** Changes a vehicle's price; undefined when it is no longer in stock. */
  async changePrice(member: StaffMember, address: string, id: string, price: number): Promise<VehicleRecord | undefined> {
    requireRole(member, "stock");
    const record = await this.store.get(id);
    if (!record) return undefined;
    const from = priceOf(record);
    if (from === price) return record;
    await this.change({ records: [{ id, record: withPrice(record, price) }], mode: "upsert" });
    await this.audit(member, address, "vehicle-price-changed", id, { from, to: price });
    return this.store.get(id);
  }

  /** Hides a vehicle from buyers (true) or shows it again (false); undefined when it is no longer in stock. */
  async setHidden(member: StaffMember, address: string, id: string, hidden: boolean): Promise<VehicleRecord | undefined> {
    requireRole(member, "stock");
    const record = await this.store.get(id);
    if (!record) return undefined;
    if ((record.hidden === true) === hidden) return record;
    await this.change({ records: [{ id, record: feedRecordOf(record) }], mode: "upsert", hide: new Map([[id, hidden]]) });
    await this.audit(member, address, hidden ? "vehicle-hidden" : "vehicle-shown", id);
    return this.store.get(id);
  }

  /** Takes a vehicle out of stock as sold; false when it was not in stock. */
  async markSold(member: StaffMember, address: string, id: string): Promise<boolean> {
    requireRole(member, "stock");
    const record = await this.store.get(id);
    if (!record) return false;
    const { removed } = await this.change({ records: [], mode: "upsert", removeIds: [id] });
    if (removed === 0) return false;
    await this.audit(member, address, "vehicle-sold", id, { price: priceOf(record) });
    return true;
  }

  /**
   * Reprices many vehicles in one change of the store (and one push to the search index),
   * auditing each vehicle's change as a single price change is.
   */
  async changePrices(member: StaffMember, address: string, ids: readonly string[], change: BulkPriceChange): Promise<BulkPriceResult> {
    requireRole(member, "stock");
    const records = await this.store.getMany([...new Set(ids)].slice(0, MOST_REPRICED));
    const changes = records.flatMap((record) => {
      const from = priceOf(record);
      const to = priceGBPSchema.safeParse(repriced(from, change));
      return to.success && to.data !== from ? [{ record, from, to: to.data }] : [];
    });
    if (changes.length > 0) {
      await this.change({
        records: changes.map(({ record, to }) => ({ id: record._id, record: withPrice(record, to) })),
        mode: "upsert",
      });
    }
    for (const { record, from, to } of changes)
      await this.audit(member, address, "vehicle-price-changed", record._id, { from, to, bulk: true });
    return { changed: changes.length, skipped: ids.length - changes.length };
  }

  /** Reserves a vehicle (a deposit taken: true) or releases it (false); undefined when it is no longer in stock. */
  async setReserved(member: StaffMember, address: string, id: string, reserved: boolean): Promise<VehicleRecord | undefined> {
    requireRole(member, "stock");
    const record = await this.store.get(id);
    if (!record) return undefined;
    if ((record.reserved === true) === reserved) return record;
    await this.change({ records: [{ id, record: feedRecordOf(record) }], mode: "upsert", reserve: new Map([[id, reserved]]) });
    await this.audit(member, address, reserved ? "vehicle-reserved" : "vehicle-released", id);
    return this.store.get(id);
  }

  /**
   * Puts a vehicle marked sold (or removed by a feed) back in stock as it was listed, within
   * the sold register's 30 days; false when there is no such listing to put back.
   */
  async undoSold(member: StaffMember, address: string, id: string): Promise<boolean> {
    requireRole(member, "stock");
    const listing = (await this.store.soldVehicle(id))?.listing;
    if (!listing) return false;
    await this.change({
      records: [{ id, record: feedRecordOf(listing) }],
      mode: "upsert",
      hide: new Map([[id, listing.hidden === true]]),
      reserve: new Map([[id, listing.reserved === true]]),
      handEdited: new Map([[id, listing.handEdited ?? []]]),
    });
    await this.audit(member, address, "vehicle-unsold", id, { price: priceOf(listing) });
    return true;
  }

  /** A vehicle sold within the register's 30 days whose sale can be undone. */
  async sold(member: StaffMember, id: string) {
    requireRole(member, "stock");
    const sold = await this.store.soldVehicle(id);
    return sold?.listing ? sold : undefined;
  }

  /**
   * Sets the description and spec values the manager typed, marking each field that changed
   * as changed by hand, and clears the marks named in `unmark` (the feed's next value then
   * stands); undefined when the vehicle is no longer in stock.
   */
  async editDetails(
    member: StaffMember,
    address: string,
    id: string,
    values: HandValues,
    unmark: readonly HandEditableField[],
  ): Promise<{ record: VehicleRecord; edited: HandEditableField[] } | undefined> {
    requireRole(member, "stock");
    const record = await this.store.get(id);
    if (!record) return undefined;
    const edited = (Object.keys(values) as HandEditableField[]).filter(
      (field) =>
        JSON.stringify(values[field]) !==
        JSON.stringify(field === "description" ? record.adverts.retailAdverts.description : record.vehicle[field]),
    );
    const marks = new Set(record.handEdited ?? []);
    for (const field of edited) marks.add(field);
    const cleared = unmark.filter((field) => marks.delete(field) && !edited.includes(field));
    if (edited.length === 0 && cleared.length === 0) return { record, edited };
    const content = withHandValues(feedRecordOf(record), Object.fromEntries(edited.map((field) => [field, values[field]])));
    await this.change({ records: [{ id, record: content }], mode: "upsert", handEdited: new Map([[id, [...marks]]]) });
    if (edited.length > 0) await this.audit(member, address, "vehicle-details-edited", id, { fields: edited.join(", ") });
    if (cleared.length > 0) await this.audit(member, address, "vehicle-hand-marks-cleared", id, { fields: cleared.join(", ") });
    return { record: (await this.store.get(id)) ?? record, edited };
  }

  private audit(member: StaffMember, address: string, action: AuditAction, targetId: string, details?: AuditEntry["details"]) {
    return this.access.audit({
      action,
      actorId: member.account.id,
      actorEmail: member.account.email,
      address,
      targetId,
      ...(details && { details }),
    });
  }

  private async priceHistory(id: string): Promise<PriceChange[]> {
    const { entries } = await this.access.auditLog({ action: "vehicle-price-changed", targetId: id, page: 1, pageSize: 100 });
    return entries.map(({ at, actorEmail, details }) => ({
      at,
      from: Number(details?.from),
      to: Number(details?.to),
      by: actorEmail ?? "",
    }));
  }

  private change(change: StockChange) {
    return applyStaffChange(change, this.store, this.indexer, this.changed);
  }
}

/**
 * A stock manager's change through the store: sent on to an engine outside the site when the
 * site may change its index (else stock:sync sends it), and told to `changed` before the
 * manager is answered, so that no kept page shows the vehicle as it was.
 */
export async function applyStaffChange(
  change: StockChange,
  store: VehicleStore,
  indexer: SearchIndexWriter | undefined,
  changed: ((result: StockChangeResult) => void) | undefined,
): Promise<StockChangeResult> {
  const push = indexer && searchIndexPush(store, indexer);
  const result = await store.applyChange(change, undefined, push?.onApplied);
  changed?.(result);
  return result;
}

function withPrice(record: VehicleRecord, price: number): VehicleFeedRecord {
  const { adverts } = record;
  return { ...feedRecordOf(record), adverts: { retailAdverts: { ...adverts.retailAdverts, totalPrice: { amountGBP: price } } } };
}

/** A stored vehicle as a feed would give it, to put back through the store with one thing changed. */
export function feedRecordOf({ vehicle, media, adverts, createdAt }: VehicleRecord): VehicleFeedRecord {
  return { vehicle, media, adverts, createdAt };
}
