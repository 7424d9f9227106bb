import { MongoServerError, type AnyBulkWriteOperation, type Collection, type Db, type Filter } from "mongodb";
import type { VehicleType } from "../../domain/vehicle-types";
import { newRecipientSecret } from "../mail/recipient-key";
import { sortDemand } from "./alert-demand";
import type { AlertCursor, AlertRound, AlertStore, DemandRow, PriceSeen, SavedSearch, SearchChange } from "./alert-store";

type SearchDocument = Omit<SavedSearch, "id"> & { _id: string };
type PriceDocument = PriceSeen & { _id: string };
interface StateDocument {
  _id: string;
  secret?: string;
  cursor?: AlertCursor;
}

export const SEARCHES_COLLECTION = "saved_searches";
export const PRICES_COLLECTION = "alert_prices";
export const STATE_COLLECTION = "alert_state";
const SECRET_ID = "secret";
const CURSOR_ID = "cursor";
const DUPLICATE_KEY = 11000;
/** Writes per bulk request when a round records thousands of prices. */
const BULK_BATCH = 1_000;

/**
 * The production alert store: one document per saved search in `saved_searches`, indexed by
 * status, type and make (what a change is matched by first), by vehicle watched and by
 * address hash; the prices seen in `alert_prices`; the secret and cursor in `alert_state`.
 * Written to a majority of the replica set and its journal. One instance at a time runs a
 * round of alerts (the alert rounds' lease), so a round's writes never meet another's.
 */
export class MongoAlertStore implements AlertStore {
  private readonly searches: Collection<SearchDocument>;
  private readonly prices: Collection<PriceDocument>;
  private readonly state: Collection<StateDocument>;
  private secretValue: string | undefined;

  private constructor(db: Db) {
    const writeConcern = { w: "majority", journal: true } as const;
    this.searches = db.collection<SearchDocument>(SEARCHES_COLLECTION, { writeConcern });
    this.prices = db.collection<PriceDocument>(PRICES_COLLECTION, { writeConcern });
    this.state = db.collection<StateDocument>(STATE_COLLECTION, { writeConcern });
  }

  static async open(db: Db): Promise<MongoAlertStore> {
    const store = MongoAlertStore.unopened(db);
    await store.setUp();
    return store;
  }

  /** The store before `setUp`, which needs the database: the site sets it up once MongoDB answers. */
  static unopened(db: Db): MongoAlertStore {
    return new MongoAlertStore(db);
  }

  async setUp(): Promise<void> {
    // One index at a time: FerretDB drops the connection when asked for several it already has.
    await this.searches.createIndexes([{ key: { status: 1, type: 1, makeKey: 1 } }]);
    await this.searches.createIndexes([{ key: { recipient: 1 } }]);
    await this.searches.createIndexes([{ key: { vehicleId: 1 } }]);
    await this.searches.createIndexes([{ key: { lastActiveAt: 1 } }]);
  }

  async secret(): Promise<string> {
    if (this.secretValue) return this.secretValue;
    try {
      await this.state.insertOne({ _id: SECRET_ID, secret: newRecipientSecret() });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const kept = await this.state.findOne({ _id: SECRET_ID });
    if (!kept?.secret) throw new Error(`${STATE_COLLECTION} holds no secret`);
    return (this.secretValue = kept.secret);
  }

  async add({ id, ...search }: SavedSearch): Promise<void> {
    await this.searches.insertOne({ _id: id, ...withoutUndefined(search) });
  }

  async get(id: string): Promise<SavedSearch | undefined> {
    const document = await this.searches.findOne({ _id: id });
    return document ? searchOf(document) : undefined;
  }

  async ofRecipient(recipient: string): Promise<SavedSearch[]> {
    return (await this.searches.find({ recipient }).sort({ createdAt: 1, _id: 1 }).toArray()).map(searchOf);
  }

  async change(id: string, change: SearchChange): Promise<SavedSearch | undefined> {
    const document = await this.searches.findOneAndUpdate({ _id: id }, { $set: withoutUndefined(change) }, { returnDocument: "after" });
    return document ? searchOf(document) : undefined;
  }

  async touch(ids: readonly string[], at: Date): Promise<void> {
    await this.searches.updateMany({ _id: { $in: [...ids] } }, { $set: { lastActiveAt: at } });
  }

  async remove(ids: readonly string[]): Promise<number> {
    return (await this.searches.deleteMany({ _id: { $in: [...ids] } })).deletedCount;
  }

  async removeRecipient(recipient: string): Promise<number> {
    return (await this.searches.deleteMany({ recipient })).deletedCount;
  }

  async removeUnconfirmedBefore(cutoff: Date): Promise<number> {
    return (await this.searches.deleteMany({ status: "unconfirmed", createdAt: { $lt: cutoff } })).deletedCount;
  }

  async candidates(keys: readonly { type: VehicleType; makeKey: string }[]): Promise<SavedSearch[]> {
    const makesByType = new Map<VehicleType, Set<string>>();
    for (const { type, makeKey } of keys) {
      const makes = makesByType.get(type) ?? new Set([""]);
      makes.add(makeKey);
      makesByType.set(type, makes);
    }
    if (makesByType.size === 0) return [];
    const byType: Filter<SearchDocument>[] = [...makesByType].map(([type, makes]) => ({ type, makeKey: { $in: [...makes] } }));
    const found = await this.searches.find({ status: "active", vehicleId: { $exists: false }, $or: byType }).toArray();
    return found.map(searchOf);
  }

  async watchers(vehicleIds: readonly string[]): Promise<SavedSearch[]> {
    if (vehicleIds.length === 0) return [];
    return (await this.searches.find({ status: "active", vehicleId: { $in: [...vehicleIds] } }).toArray()).map(searchOf);
  }

  async withPending(): Promise<SavedSearch[]> {
    return (await this.searches.find({ status: "active", "pending.0": { $exists: true } }).toArray()).map(searchOf);
  }

  async idleSince(cutoff: Date): Promise<SavedSearch[]> {
    return (await this.searches.find({ status: { $in: ["active", "paused"] }, lastActiveAt: { $lt: cutoff } }).toArray()).map(searchOf);
  }

  /** Counted in MongoDB: a group per person and kind of vehicle, then the people per kind. */
  async demand(): Promise<DemandRow[]> {
    const rows = await this.searches
      .aggregate<{ _id: { type: VehicleType; make?: string | null; model?: string | null; priceCeiling?: number | null }; people: number }>(
        [
          { $match: { status: { $in: ["active", "paused"] } } },
          { $group: { _id: { type: "$type", make: "$make", model: "$model", priceCeiling: "$priceCeiling", recipient: "$recipient" } } },
          {
            $group: {
              _id: { type: "$_id.type", make: "$_id.make", model: "$_id.model", priceCeiling: "$_id.priceCeiling" },
              people: { $sum: 1 },
            },
          },
        ],
      )
      .toArray();
    return sortDemand(
      rows.map(({ _id: { type, make, model, priceCeiling }, people }) => ({
        type,
        ...(typeof make === "string" ? { make } : {}),
        ...(typeof model === "string" ? { model } : {}),
        ...(typeof priceCeiling === "number" ? { priceCeiling } : {}),
        people,
      })),
    );
  }

  async cursor(): Promise<AlertCursor | undefined> {
    return (await this.state.findOne({ _id: CURSOR_ID }))?.cursor;
  }

  async pricesOf(ids: readonly string[]): Promise<Map<string, PriceSeen>> {
    const found = new Map<string, PriceSeen>();
    for (let from = 0; from < ids.length; from += BULK_BATCH) {
      const documents = await this.prices.find({ _id: { $in: ids.slice(from, from + BULK_BATCH) } }).toArray();
      for (const { _id, priceGBP, firstSeenAt } of documents) found.set(_id, { priceGBP, firstSeenAt });
    }
    return found;
  }

  async allPrices(): Promise<Map<string, PriceSeen>> {
    const found = new Map<string, PriceSeen>();
    for await (const { _id, priceGBP, firstSeenAt } of this.prices.find()) found.set(_id, { priceGBP, firstSeenAt });
    return found;
  }

  async recordRound({ progress, prices, cursor }: AlertRound): Promise<void> {
    const searchWrites: AnyBulkWriteOperation<SearchDocument>[] = progress.map(({ id, ...made }) => ({
      updateOne: { filter: { _id: id }, update: { $set: withoutUndefined(made) } },
    }));
    const priceWrites: AnyBulkWriteOperation<PriceDocument>[] = [...prices].map(([_id, seen]) =>
      seen ? { replaceOne: { filter: { _id }, replacement: seen, upsert: true } } : { deleteOne: { filter: { _id } } },
    );
    for (let from = 0; from < searchWrites.length; from += BULK_BATCH) {
      await this.searches.bulkWrite(searchWrites.slice(from, from + BULK_BATCH), { ordered: false });
    }
    for (let from = 0; from < priceWrites.length; from += BULK_BATCH) {
      await this.prices.bulkWrite(priceWrites.slice(from, from + BULK_BATCH), { ordered: false });
    }
    await this.state.updateOne({ _id: CURSOR_ID }, { $set: { cursor } }, { upsert: true });
  }

  async close(): Promise<void> {
    // The client belongs to the engines, which close it.
  }
}

function searchOf({ _id, ...search }: SearchDocument): SavedSearch {
  return { id: _id, ...search };
}

/** The driver would store an undefined field as null, which reads back as a value. */
function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

function isDuplicateKey(error: unknown): boolean {
  return error instanceof MongoServerError && error.code === DUPLICATE_KEY;
}
