import type { VehicleRecord } from "../../domain/vehicle";
import type { Photo, VehiclePhotos } from "../../domain/vehicle-photos";
import { FoldedRuns } from "../folded-runs";
import type { Logger } from "../logger";
import { fetchPicture, type FetchLimits } from "../media/photo-fetch";
import { PhotoRefusedError, type PhotoLibrary } from "../media/photo-library";
import { MemoryPictureRounds, type PictureRounds } from "../media/picture-rounds";
import type { SearchIndexWriter } from "../search/search-engine";
import { StockFollower } from "../store/stock-follower";
import type { VehicleStore } from "../store/vehicle-store";
import { searchIndexPush } from "./search-sync";
import { feedRecordOf } from "./vehicle-desk";

/**
 * The feed's pictures, fetched once in the background after each stock change and kept with
 * the vehicle (photos.fetched), checked and served exactly as an upload is. Until then a page
 * shows the feed's own address. A picture that fails is not tried again for a day, so a
 * broken link costs one request a day, not one per import. Which pictures are still to fetch
 * is kept in step with the stock by what each change touched (StockFollower), not by reading
 * the whole stock after every change; with several instances one runs each round (PictureRounds).
 */

const AT_ONCE = 2;
const SAVE_EVERY = 50;
const RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

export class FeedPictures {
  private readonly failed = new Map<string, number>();
  /** Each vehicle's listed pictures not fetched yet, as of the follower's last step. */
  private readonly missing = new Map<string, string[]>();
  private readonly follower: StockFollower;
  // Another instance running a round fetches for this change too: it hears of it as this one does.
  private readonly fetches = new FoldedRuns(() =>
    this.rounds
      .runAlone(() => this.round())
      .then(() => undefined)
      .catch((error: unknown) => this.logger.warn({ err: error }, "Could not fetch the feed's pictures")),
  );
  private stopWatching: (() => void) | undefined;

  constructor(
    private readonly store: VehicleStore,
    private readonly library: PhotoLibrary,
    private readonly limits: FetchLimits,
    private readonly logger: Logger,
    private readonly indexer?: SearchIndexWriter,
    private readonly rounds: PictureRounds = new MemoryPictureRounds(),
  ) {
    this.follower = new StockFollower(store, logger);
  }

  start(): void {
    this.stopWatching = this.store.watch(() => void this.fetchMissing());
    void this.fetchMissing();
  }

  stop(): void {
    this.stopWatching?.();
  }

  /** Fetches every listed picture not yet fetched; a call while a round runs asks for one more round after it. */
  fetchMissing(): Promise<void> {
    return this.fetches.run();
  }

  private async round(): Promise<void> {
    await this.follower.step(async (step) => {
      if (step.kind === "whole") this.missing.clear();
      else for (const id of step.removedIds) this.missing.delete(id);
      for await (const record of step.kind === "whole" ? step.records : step.upserts) this.note(record);
    });
    const wanted: { id: string; href: string }[] = [];
    for (const [id, hrefs] of this.missing) {
      for (const href of hrefs) if (Date.now() - (this.failed.get(href) ?? -Infinity) >= RETRY_AFTER_MS) wanted.push({ id, href });
    }
    let pending = new Map<string, { href: string; photo: Photo }[]>();
    let next = 0;
    const worker = async () => {
      while (next < wanted.length) {
        const { id, href } = wanted[next++]!;
        const photo = await this.fetchOne(href);
        if (!photo) continue;
        pending.set(id, [...(pending.get(id) ?? []), { href, photo }]);
        if (pending.size >= SAVE_EVERY) {
          const batch = pending;
          pending = new Map();
          await this.save(batch);
        }
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    if (pending.size > 0) await this.save(pending);
  }

  /** Notes the vehicle's listed pictures not fetched yet (feed addresses on https only). */
  private note(record: VehicleRecord): void {
    const fetched = new Set(record.photos?.fetched?.map(({ href }) => href));
    const hrefs = record.media.images.map(({ href }) => href).filter((href) => href.startsWith("https://") && !fetched.has(href));
    if (hrefs.length > 0) this.missing.set(record._id, hrefs);
    else this.missing.delete(record._id);
  }

  private async fetchOne(href: string): Promise<Photo | undefined> {
    try {
      return await this.library.ingest(await fetchPicture(href, this.limits));
    } catch (error) {
      this.failed.set(href, Date.now());
      // The address is the dealer's feed's, not a visitor's: fine to log.
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn({ href, reason, notAPhoto: error instanceof PhotoRefusedError }, "A feed picture was not fetched");
      return undefined;
    }
  }

  /** Records what was fetched, with each vehicle as it is now (the feed may have changed it meanwhile). */
  private async save(fetched: Map<string, { href: string; photo: Photo }[]>): Promise<void> {
    const records = await this.store.getMany([...fetched.keys()]);
    const photos = new Map<string, VehiclePhotos>();
    for (const record of records) {
      const known = record.photos?.fetched ?? [];
      const added = fetched.get(record._id)!.filter(({ href }) => !known.some((photo) => photo.href === href));
      photos.set(record._id, { ...record.photos, fetched: [...known, ...added.map(({ href, photo }) => ({ href, ...photo }))] });
    }
    if (photos.size === 0) return;
    const push = this.indexer && searchIndexPush(this.store, this.indexer);
    await this.store.applyChange(
      { records: records.map((record) => ({ id: record._id, record: feedRecordOf(record) })), mode: "upsert", photos },
      undefined,
      push?.onApplied,
    );
  }
}
