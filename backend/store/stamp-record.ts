import { createHash } from "node:crypto";
import { reductionAfter } from "../../domain/price-reduction";
import { priceOf } from "../../domain/vehicle-price";
import type { PriceReduction, VehicleFeedRecord, VehicleRecord } from "../../domain/vehicle";
import type { VehiclePhotos } from "../../domain/vehicle-photos";

/**
 * How an incoming feed record meets the stored one: a new vehicle is stamped with its
 * creation time (the feed's, when it gives one); a changed one keeps it and gets a new
 * update time; an identical one is left alone, so "most recent" and "updated" mean
 * something after a nightly full feed. What the store keeps beside the feed's content goes on
 * to the next version: the last price reduction (as domain/price-reduction.ts rules),
 * whether the vehicle is hidden, which only the stock console changes, and its photos (the
 * stock manager's uploads, and the feed's pictures fetched while the feed still lists them).
 */
export type Stamped =
  | { change: "added" | "updated"; record: VehicleRecord; fingerprint: string }
  /** Nothing to write: the stored vehicle stays exactly as it is. */
  | { change: "unchanged" };

/** What a store needs to remember of a stored vehicle to stamp the next version of it. */
export interface StoredVersion {
  createdAt: string;
  fingerprint: string;
  priceGBP: number;
  priceReduction?: PriceReduction;
  hidden?: true;
  photos?: VehiclePhotos;
}

/**
 * `hide`: hide the vehicle (true) or show it again (false); `photos`: its photos from now on.
 * Either left undefined, it stays as it was.
 */
export function stampRecord(
  id: string,
  incoming: VehicleFeedRecord,
  existing: StoredVersion | undefined,
  now: Date,
  hide?: boolean,
  photos?: VehiclePhotos,
): Stamped {
  const content = { vehicle: incoming.vehicle, media: incoming.media, adverts: incoming.adverts };
  const fingerprint = contentFingerprint(content);
  if (!existing) {
    const createdAt = incoming.createdAt ?? now.toISOString();
    const kept = photosFor(content.media, photos);
    const record = {
      _id: id,
      ...content,
      createdAt,
      updatedAt: incoming.updatedAt ?? createdAt,
      ...(hide && { hidden: true as const }),
      ...(kept && { photos: kept }),
    };
    return { change: "added", record, fingerprint };
  }
  const hidden = hide ?? existing.hidden === true;
  const kept = photosFor(content.media, photos ?? existing.photos);
  if (
    existing.fingerprint === fingerprint &&
    hidden === (existing.hidden === true) &&
    canonicalJson(kept ?? null) === canonicalJson(existing.photos ?? null)
  )
    return { change: "unchanged" };
  const priceReduction = reductionAfter(existing, priceOf(content), now);
  const record = {
    _id: id,
    ...content,
    createdAt: existing.createdAt,
    updatedAt: now.toISOString(),
    ...(priceReduction && { priceReduction }),
    ...(hidden && { hidden: true as const }),
    ...(kept && { photos: kept }),
  };
  return { change: "updated", record, fingerprint };
}

/** The photos a version keeps: a fetched picture only while the feed still lists it; nothing when none is left. */
function photosFor(media: VehicleFeedRecord["media"], photos: VehiclePhotos | undefined): VehiclePhotos | undefined {
  if (!photos) return undefined;
  const listed = new Set(media.images.map(({ href }) => href));
  const fetched = photos.fetched?.filter(({ href }) => listed.has(href)) ?? [];
  const uploaded = photos.uploaded ?? [];
  if (fetched.length === 0 && uploaded.length === 0) return undefined;
  return { ...(uploaded.length > 0 && { uploaded }), ...(fetched.length > 0 && { fetched }) };
}

export function storedVersion(record: VehicleRecord): StoredVersion {
  return {
    createdAt: record.createdAt,
    fingerprint: contentFingerprint(record),
    priceGBP: priceOf(record),
    ...(record.priceReduction && { priceReduction: record.priceReduction }),
    ...(record.hidden && { hidden: record.hidden }),
    ...(record.photos && { photos: record.photos }),
  };
}

/** A digest of what a listing says (not when it was stored), equal for equal content in any key order. */
export function contentFingerprint({ vehicle, media, adverts }: Pick<VehicleRecord, "vehicle" | "media" | "adverts">): string {
  return createHash("sha256").update(canonicalJson({ vehicle, media, adverts })).digest("base64url");
}

/** JSON with object keys sorted, so two equal records compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
