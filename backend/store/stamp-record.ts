import { createHash } from "node:crypto";
import type { HandEditableField } from "../../domain/hand-editable-fields";
import { handValuesOf, withHandValues, type HandValues } from "../../domain/hand-edits";
import { reductionAfter } from "../../domain/price-reduction";
import { priceOf } from "../../domain/vehicle-price";
import type { PriceReduction, VehicleFeedRecord, VehicleRecord } from "../../domain/vehicle";
import type { VehiclePhotos } from "../../domain/vehicle-photos";

/**
 * How an incoming feed record meets the stored one: a new vehicle is stamped with its
 * creation time (the feed's, when it gives one); a changed one keeps it and gets a new
 * update time; an identical one is left alone, so "most recent" and "updated" mean
 * something after a nightly full feed. What the store keeps beside the feed's content goes on
 * to the next version: the last price reduction (as domain/price-reduction.ts rules), and
 * what only the stock console changes: whether the vehicle is hidden or reserved, the fields
 * changed by hand, whose values a feed does not overwrite (domain/hand-edits.ts), and its
 * photos (the stock manager's uploads, and the feed's pictures fetched while the feed still lists them).
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
  reserved?: true;
  /** The fields changed by hand, with their values, put back over every feed's. */
  handEdited?: HandValues;
  photos?: VehiclePhotos;
}

/**
 * A vehicle's photos made from those stored, run by the store under its lock as it applies
 * the change, so that two changes made at once (two stock managers uploading to one
 * vehicle) each start from the other's photos rather than overwrite them. `stored` is
 * undefined when the vehicle is not in stock: the function may throw to refuse the whole
 * change, which is then not applied.
 */
export type PhotosUpdate = (stored: { photos?: VehiclePhotos } | undefined) => VehiclePhotos;
export type PhotosChange = VehiclePhotos | PhotosUpdate;

/**
 * What the stock console changes; each left undefined stays as it was. `hide`: hide the
 * vehicle (true) or show it again (false); `reserve` likewise; `handEdited`: the fields now
 * marked as changed by hand (the incoming record holding the hand's values), replacing the
 * marks; `photos`: its photos from now on, or made from those stored.
 */
export interface StaffMarks {
  hide?: boolean;
  reserve?: boolean;
  handEdited?: readonly HandEditableField[];
  photos?: PhotosChange;
}

export function stampRecord(
  id: string,
  incoming: VehicleFeedRecord,
  existing: StoredVersion | undefined,
  now: Date,
  { hide, reserve, handEdited, photos }: StaffMarks = {},
): Stamped {
  const fed = {
    vehicle: incoming.vehicle,
    media: incoming.media,
    adverts: incoming.adverts,
    ...(incoming.branch === undefined ? {} : { branch: incoming.branch }),
  };
  // A feed's record meets the hand's values; the console's own change brings them.
  const content = handEdited === undefined && existing?.handEdited ? withHandValues(fed, existing.handEdited) : fed;
  const fingerprint = contentFingerprint(content);
  const hidden = hide ?? existing?.hidden === true;
  const reserved = reserve ?? existing?.reserved === true;
  const marked = handEdited ?? (Object.keys(existing?.handEdited ?? {}) as HandEditableField[]);
  const kept = photosFor(content.media, (typeof photos === "function" ? photos(existing) : photos) ?? existing?.photos);
  const marks = {
    ...(hidden && { hidden: true as const }),
    ...(reserved && { reserved: true as const }),
    ...(marked.length > 0 && { handEdited: [...marked] }),
    ...(kept && { photos: kept }),
  };
  if (!existing) {
    const createdAt = incoming.createdAt ?? now.toISOString();
    return {
      change: "added",
      record: { _id: id, ...content, createdAt, updatedAt: incoming.updatedAt ?? createdAt, ...marks },
      fingerprint,
    };
  }
  const sameMarks =
    hidden === (existing.hidden === true) &&
    reserved === (existing.reserved === true) &&
    canonicalJson([...marked].sort()) === canonicalJson(Object.keys(existing.handEdited ?? {}).sort()) &&
    canonicalJson(kept ?? null) === canonicalJson(existing.photos ?? null);
  if (existing.fingerprint === fingerprint && sameMarks) return { change: "unchanged" };
  const priceReduction = reductionAfter(existing, priceOf(content), now);
  const record = {
    _id: id,
    ...content,
    createdAt: existing.createdAt,
    updatedAt: now.toISOString(),
    ...(priceReduction && { priceReduction }),
    ...marks,
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

/** `fingerprint`: the one stored with the record, where the store keeps it. */
export function storedVersion(record: VehicleRecord, fingerprint = contentFingerprint(record)): StoredVersion {
  return {
    createdAt: record.createdAt,
    fingerprint,
    priceGBP: priceOf(record),
    ...(record.priceReduction && { priceReduction: record.priceReduction }),
    ...(record.hidden && { hidden: record.hidden }),
    ...(record.reserved && { reserved: record.reserved }),
    ...(record.handEdited?.length && { handEdited: handValuesOf(record, record.handEdited) }),
    ...(record.photos && { photos: record.photos }),
  };
}

/** A digest of what a listing says (not when it was stored), equal for equal content in any key order. */
export function contentFingerprint({
  vehicle,
  media,
  adverts,
  branch,
}: Pick<VehicleRecord, "vehicle" | "media" | "adverts" | "branch">): string {
  // A record naming no branch keeps the fingerprint it had before records could name one.
  const content = branch === undefined ? { vehicle, media, adverts } : { vehicle, media, adverts, branch };
  return createHash("sha256").update(canonicalJson(content)).digest("base64url");
}

/** JSON with object keys sorted, so two equal records compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
