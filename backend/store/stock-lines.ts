import type { VehicleRecord } from "../../domain/vehicle";
import { eventLoopTurns } from "../event-loop-turns";
import type { StockView } from "./vehicle-store";

/**
 * One version of the embedded store's stock: each vehicle as its JSON line, by id. Never
 * edited: a change makes a new version, so whoever holds this one (a search index built
 * from it) goes on reading exactly the records it was given.
 */
export class StockLines implements StockView {
  constructor(readonly lines: ReadonlyMap<string, string> = new Map()) {}

  get size(): number {
    return this.lines.size;
  }

  get(id: string): VehicleRecord | undefined {
    const line = this.lines.get(id);
    return line === undefined ? undefined : (JSON.parse(line) as VehicleRecord);
  }

  async getMany(ids: readonly string[]): Promise<VehicleRecord[]> {
    return ids.flatMap((id) => {
      const line = this.lines.get(id);
      return line === undefined ? [] : [JSON.parse(line) as VehicleRecord];
    });
  }

  async getManyJson(ids: readonly string[]): Promise<string[]> {
    return ids.flatMap((id) => this.lines.get(id) ?? []);
  }

  async *scan(): AsyncIterable<VehicleRecord> {
    // Reading the whole stock takes seconds at 100,000 vehicles: other work gets turns meanwhile.
    const takeTurn = eventLoopTurns();
    for (const line of this.lines.values()) {
      yield JSON.parse(line) as VehicleRecord;
      await takeTurn();
    }
  }

  /** The records of these ids (those it holds), taking turns as `scan` does: a change may touch the whole stock. */
  async *scanOf(ids: readonly string[]): AsyncIterable<VehicleRecord> {
    const takeTurn = eventLoopTurns();
    for (const id of ids) {
      const line = this.lines.get(id);
      if (line !== undefined) yield JSON.parse(line) as VehicleRecord;
      await takeTurn();
    }
  }
}
