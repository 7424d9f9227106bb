import { z } from "zod";
import { priceOf } from "../../domain/vehicle-price";
import { parsePounds } from "../../domain/money";
import { priceGBPSchema, type VehicleFeedRecord, type VehicleRecord } from "../../domain/vehicle";
import { searchIndexPush } from "./search-sync";
import type { SearchIndexWriter } from "../search/search-engine";
import { requireRole } from "../staff/permissions";
import type { StaffAccess, StaffMember } from "../staff/staff-access";
import type { StockChange, VehicleStore } from "../store/vehicle-store";

/**
 * One vehicle at a time, for the stock console: find it by registration or id, change its
 * price (every change recorded in the audit log: old price, new price, when, who; a
 * reduction is remembered with the vehicle for buyers' badge), hide or show it (kept in
 * stock, but out of search and off the public pages, through later feeds until shown), or
 * mark it sold, which takes it out of stock and so out of search at once. All go through
 * the store's own change, under its lock, like an import; the next feed has the last word
 * on the price.
 */

/** A new price as the form gives it ("12,995", "£9995.50"), read and checked as a feed's price is. */
export const newPriceSchema = z
  .string()
  .transform((text) => parsePounds(text))
  .pipe(priceGBPSchema);

export const PRICE_PROBLEM = "Enter the price in pounds, like 12995 or £12,995.50: more than £0 and at most £10,000,000";

export interface PriceChange {
  at: Date;
  from: number;
  to: number;
  by: string;
}

const MOST_FOUND = 10;

export class VehicleDesk {
  constructor(
    private readonly store: VehicleStore,
    private readonly access: StaffAccess,
    private readonly indexer: SearchIndexWriter | undefined,
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
    const { adverts } = record;
    const repriced = {
      ...feedRecordOf(record),
      adverts: { retailAdverts: { ...adverts.retailAdverts, totalPrice: { amountGBP: price } } },
    };
    await this.change({ records: [{ id, record: repriced }], mode: "upsert" });
    await this.access.audit({
      action: "vehicle-price-changed",
      actorId: member.account.id,
      actorEmail: member.account.email,
      address,
      targetId: id,
      details: { from, to: price },
    });
    return this.store.get(id);
  }

  /** Hides a vehicle from buyers (true) or shows it again (false); undefined when it is no longer in stock. */
  async setHidden(member: StaffMember, address: string, id: string, hidden: boolean): Promise<VehicleRecord | undefined> {
    requireRole(member, "stock");
    const record = await this.store.get(id);
    if (!record) return undefined;
    if ((record.hidden === true) === hidden) return record;
    await this.change({ records: [{ id, record: feedRecordOf(record) }], mode: "upsert", hide: new Map([[id, hidden]]) });
    await this.access.audit({
      action: hidden ? "vehicle-hidden" : "vehicle-shown",
      actorId: member.account.id,
      actorEmail: member.account.email,
      address,
      targetId: id,
    });
    return this.store.get(id);
  }

  /** Takes a vehicle out of stock as sold; false when it was not in stock. */
  async markSold(member: StaffMember, address: string, id: string): Promise<boolean> {
    requireRole(member, "stock");
    const record = await this.store.get(id);
    if (!record) return false;
    const { removed } = await this.change({ records: [], mode: "upsert", removeIds: [id] });
    if (removed === 0) return false;
    await this.access.audit({
      action: "vehicle-sold",
      actorId: member.account.id,
      actorEmail: member.account.email,
      address,
      targetId: id,
      details: { price: priceOf(record) },
    });
    return true;
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

  /** A change through the store, sent on to an engine outside the site when the site may change its index (else stock:sync sends it). */
  private change(change: StockChange) {
    const push = this.indexer && searchIndexPush(this.store, this.indexer);
    return this.store.applyChange(change, undefined, push?.onApplied);
  }
}

/** A stored vehicle as a feed would give it, to put back through the store with one thing changed. */
export function feedRecordOf({ vehicle, media, adverts, createdAt }: VehicleRecord): VehicleFeedRecord {
  return { vehicle, media, adverts, createdAt };
}
