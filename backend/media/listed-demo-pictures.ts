import { demoPhotoId } from "../../domain/vehicle-photos";
import type { Logger } from "../logger";
import { StockFollower } from "../store/stock-follower";
import type { VehicleStore } from "../store/vehicle-store";

/**
 * The demo pictures vehicles in stock list (as ids of the current drawing version), so that
 * a picture is drawn only for an address the site gave out: ids made up by a stranger, in
 * any number, are refused before any work or any write. Learned from the stock by what each
 * change touched (StockFollower), at the first question and then after each change the store
 * reports. A picture once listed stays known until the stock is read whole again: what was
 * drawn for it is drawn once, so remembering it costs nothing. A dealer's own stock lists
 * none, and is then never read for this.
 */
export class ListedDemoPictures {
  private listed = new Set<string>();
  private readonly follower: StockFollower;
  private changed = true;
  private reading: Promise<void> | undefined;
  private stopWatching: (() => void) | undefined;

  constructor(
    private readonly store: Pick<VehicleStore, "stockPosition" | "changesSince" | "scan" | "snapshot" | "watch">,
    logger?: Pick<Logger, "info">,
  ) {
    this.follower = new StockFollower(store, logger);
  }

  /** Whether a vehicle in stock lists the demo picture of this photo id (or did since the stock was last read whole). */
  async has(photoId: string): Promise<boolean> {
    if (this.listed.has(photoId)) return true;
    // A question asked while the stock is read waits for that read: it may list the picture.
    if (this.changed || this.reading) await this.catchUp();
    return this.listed.has(photoId);
  }

  close(): void {
    this.stopWatching?.();
  }

  private catchUp(): Promise<void> {
    this.stopWatching ??= this.store.watch(() => (this.changed = true));
    this.reading ??= this.read().finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async read(): Promise<void> {
    // Cleared first: a change reported while this step reads is read by the next.
    this.changed = false;
    try {
      await this.follower.step(async (step) => {
        const listed = step.kind === "whole" ? new Set<string>() : this.listed;
        for await (const record of step.kind === "whole" ? step.records : step.upserts) {
          for (const { href } of record.media.images) {
            const id = demoPhotoId(href);
            if (id) listed.add(id);
          }
        }
        this.listed = listed;
      });
    } catch (error) {
      this.changed = true;
      throw error;
    }
  }
}
