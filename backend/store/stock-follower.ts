import type { VehicleRecord } from "../../domain/vehicle";
import type { Logger } from "../logger";
import type { VehicleStore } from "./vehicle-store";

/** What a follower is handed: the whole stock, or what changed since it was last handed something. */
export type StockStep =
  | { kind: "whole"; records: AsyncIterable<VehicleRecord> }
  | { kind: "changes"; upserts: AsyncIterable<VehicleRecord>; removedIds: readonly string[] };

/**
 * Keeps something made from the stock (the stock table's rows, the feed pictures still to
 * fetch) in step with it by what changed, as the search indexes are: the whole stock the
 * first time, then only the vehicles each change touched, and the whole stock again when the
 * store can no longer say what changed since (the follower is too far behind). Its caller
 * runs one step at a time.
 */
export class StockFollower {
  private position: number | undefined;

  constructor(
    private readonly store: Pick<VehicleStore, "stockPosition" | "changesSince" | "scan" | "snapshot">,
    private readonly logger?: Pick<Logger, "info">,
  ) {}

  /**
   * Hands `apply` what changed since its last step (the whole stock the first time). The
   * position moves on only once `apply` has succeeded, so a failed step is handed again.
   */
  async step<T>(apply: (step: StockStep) => Promise<T>): Promise<T> {
    if (this.position !== undefined) {
      const since = await this.store.changesSince(this.position);
      if (since.kind === "changes") {
        const result = await apply(since);
        this.position = since.position;
        return result;
      }
      this.logger?.info({ reason: since.reason }, "Reading the whole stock again: its changes can no longer be followed");
    }
    // Read first: a change made while the stock is read is handed again at the next step.
    const position = await this.store.stockPosition();
    const result = await apply({ kind: "whole", records: (this.store.snapshot?.() ?? this.store).scan() });
    this.position = position;
    return result;
  }

  /** Starts again from the whole stock at the next step (what was made from it was lost). */
  restart(): void {
    this.position = undefined;
  }
}
