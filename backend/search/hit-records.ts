import type { VehicleRecord } from "../../domain/vehicle";
import type { VehicleRecordReader } from "../store/vehicle-store";

/**
 * The records a search engine answered with, each as the JSON text its document holds:
 * read by id, as the store's are, so that a page of results is answered without the store.
 */
export class HitRecords implements VehicleRecordReader {
  constructor(private readonly json: ReadonlyMap<string, string>) {}

  /** The records' text kept, for weighing an answer kept in memory. */
  get textLength(): number {
    let length = 0;
    for (const text of this.json.values()) length += text.length;
    return length;
  }

  async getMany(ids: readonly string[]): Promise<VehicleRecord[]> {
    return (await this.getManyJson(ids)).map((text) => JSON.parse(text) as VehicleRecord);
  }

  async getManyJson(ids: readonly string[]): Promise<string[]> {
    return ids.flatMap((id) => this.json.get(id) ?? []);
  }
}
