import type { Collection, Db } from "mongodb";
import type { VehicleRecord } from "../../domain/vehicle";
import { soldCutoff, soldVehicleOf } from "./sold-vehicles";
import type { SoldVehicle } from "./vehicle-store";

interface SoldDocument extends Omit<SoldVehicle, "id" | "soldAt"> {
  _id: string;
  soldAt: Date;
}

export const SOLD_VEHICLES_COLLECTION = "sold_vehicles";

/**
 * The MongoDB store's register of vehicles removed from stock: the collection
 * `sold_vehicles`, written by the import that removes them before it deletes them. Old
 * removals are deleted by the next import that removes any, rather than by a TTL index, which
 * MongoDB-protocol servers such as FerretDB do not honour.
 */
export class MongoSoldRegister {
  private readonly sold: Collection<SoldDocument>;

  constructor(db: Db) {
    this.sold = db.collection<SoldDocument>(SOLD_VEHICLES_COLLECTION);
  }

  async createIndexes(): Promise<void> {
    await this.sold.createIndex({ soldAt: 1 });
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
    await this.sold.deleteMany({ soldAt: { $lt: soldCutoff(now) } });
  }

  async find(id: string, now = new Date()): Promise<SoldVehicle | undefined> {
    // Old removals linger until the next import that removes any: the age is checked here too.
    const found = await this.sold.findOne({ _id: id, soldAt: { $gte: soldCutoff(now) } });
    if (!found) return undefined;
    const { _id, soldAt, ...listed } = found;
    return { id: _id, ...listed, soldAt: soldAt.toISOString() };
  }
}
