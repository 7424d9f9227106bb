import { FoldedRuns } from "../folded-runs";
import type { Logger } from "../logger";
import { StockFollower, type StockStep } from "../store/stock-follower";
import type { StockChangeResult, VehicleStore } from "../store/vehicle-store";
import type { PageCache } from "./page-cache";

/**
 * Keeps each instance's page cache from showing a vehicle as it was: when vehicles change
 * (a price, a photo, Mark sold), the kept pages showing them are forgotten, without waiting
 * for the search index to be rebuilt, which at a large stock takes seconds. The instance
 * that made the change forgets them before it answers (`changed`); every instance also
 * follows the store's changes (StockFollower: the embedded store reports each change as it
 * is written, MongoDB's stock version is read every second), so a change made through
 * another instance, an import or the command line is forgotten within about a second.
 */

/** Beyond this many vehicles in one change, every page is forgotten rather than each looked at. */
const MOST_FORGOTTEN_ONE_BY_ONE = 1000;

export class PageCacheFollower {
  private readonly follower: StockFollower;
  private readonly steps = new FoldedRuns(() =>
    this.follower
      .step((step) => this.forget(step))
      .catch((error: unknown) => {
        // What changed cannot be told: nothing kept may show it.
        this.cache.forgetAll();
        this.logger.warn({ err: error }, "Could not follow the stock's changes for the page cache");
      }),
  );
  private stopWatching: (() => void) | undefined;

  constructor(
    private readonly store: Pick<VehicleStore, "stockPosition" | "changesSince" | "scan" | "snapshot" | "watch">,
    private readonly cache: PageCache,
    private readonly logger: Pick<Logger, "info" | "warn">,
  ) {
    this.follower = new StockFollower(store, logger);
  }

  start(): void {
    this.stopWatching ??= this.store.watch(() => void this.catchUp());
    void this.catchUp();
  }

  stop(): void {
    this.stopWatching?.();
  }

  /** A change this instance made: its vehicles' pages are forgotten now, before its maker is answered. */
  changed({ changedIds, removedIds }: Pick<StockChangeResult, "changedIds" | "removedIds">): void {
    if (changedIds.length + removedIds.length > MOST_FORGOTTEN_ONE_BY_ONE) this.cache.forgetAll();
    else this.cache.forget([...changedIds, ...removedIds]);
  }

  /** Forgets the pages of what changed since the last step; a call while one runs asks for one more after it. */
  catchUp(): Promise<void> {
    return this.steps.run();
  }

  private async forget(step: StockStep): Promise<void> {
    // The whole stock is handed at the first step, and when the changes can no longer be told: every page goes, none is read.
    if (step.kind === "whole") return this.cache.forgetAll();
    const ids = new Set(step.removedIds);
    for await (const { _id } of step.upserts) {
      ids.add(_id);
      if (ids.size > MOST_FORGOTTEN_ONE_BY_ONE) return this.cache.forgetAll();
    }
    this.cache.forget(ids);
  }
}
