import type { Collection, Db } from "mongodb";
import type { VehicleRecord } from "../../domain/vehicle";
import { SOLD_VEHICLES_KEPT_DAYS, soldCutoff, soldVehicleOf } from "./sold-vehicles";
import type { SoldVehicle } from "./vehicle-store";

interface SoldDocument extends Omit<SoldVehicle, "id" | "soldAt"> {
  _id: string;
  /** A date, so MongoDB's TTL index can delete the document once it is SOLD_VEHICLES_KEPT_DAYS old. */
  soldAt: Date;
}

export const SOLD_VEHICLES_COLLECTION = "sold_vehicles";

/**
 * The MongoDB store's register of vehicles removed from stock: the collection
 * `sold_vehicles`, written by the import that removes them before it deletes them, and
 * emptied of old removals by a TTL index.
 */
export class MongoSoldRegister {
  private readonly sold: Collection<SoldDocument>;

  constructor(db: Db) {
    this.sold = db.collection<SoldDocument>(SOLD_VEHICLES_COLLECTION);
  }

  async createIndexes(): Promise<void> {
    await this.sold.createIndex({ soldAt: 1 }, { expireAfterSeconds: SOLD_VEHICLES_KEPT_DAYS * 24 * 60 * 60 });
  }

  /** Notes these vehicles, about to be removed, as they are listed now. */
  async remember(records: readonly VehicleRecord[], now: Date): Promise<void> {
    if (records.length === 0) return;
    await this.sold.bulkWrite(
      records.map((record) => {
        const { id, soldAt, ...listed } = soldVehicleOf(record, now);
        return { replaceOne: { filter: { _id: id }, replacement: { _id: id, ...listed, soldAt: new Date(soldAt) }, upsert: true } };
      }),
      { ordered: false },
    );
  }

  async find(id: string, now = new Date()): Promise<SoldVehicle | undefined> {
    // The TTL monitor runs only every minute or so: the age is checked here too.
    const found = await this.sold.findOne({ _id: id, soldAt: { $gte: soldCutoff(now) } });
    if (!found) return undefined;
    const { _id, soldAt, ...listed } = found;
    return { id: _id, ...listed, soldAt: soldAt.toISOString() };
  }
}
