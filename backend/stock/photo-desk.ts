import { MAX_VEHICLE_PHOTOS } from "../../domain/vehicle-photo-schema";
import type { Photo } from "../../domain/vehicle-photos";
import type { VehicleRecord } from "../../domain/vehicle";
import { PhotoRefusedError, type PhotoLibrary } from "../media/photo-library";
import type { SearchIndexWriter } from "../search/search-engine";
import { requireRole } from "../staff/permissions";
import type { StaffAccess, StaffMember } from "../staff/staff-access";
import type { PhotosUpdate } from "../store/stamp-record";
import type { StockChangeResult, VehicleStore } from "../store/vehicle-store";
import { applyStaffChange, feedRecordOf } from "./vehicle-desk";

/**
 * A vehicle's own photos, for the stock console: add several at once, move one up or down
 * or to any place, remove one, make one the main photo (the first). Each change goes through
 * the store's own change like any other, and is audited with the photo's id and place.
 */

export type PhotoEdit =
  | { kind: "move"; photoId: string; to: number }
  | { kind: "remove"; photoId: string }
  | { kind: "main"; photoId: string }
  | { kind: "order"; photoIds: readonly string[] };

/** A file to take in, read when its turn comes so that only one is held in memory at a time. */
export interface UploadedPhoto {
  name: string;
  read(): Promise<Buffer>;
}

export interface UploadOutcome {
  added: number;
  /** Files not taken, each named with its reason. */
  refused: { name: string; reason: string }[];
  record?: VehicleRecord;
}

export class PhotoDesk {
  constructor(
    private readonly store: VehicleStore,
    readonly library: PhotoLibrary,
    private readonly access: StaffAccess,
    private readonly indexer: SearchIndexWriter | undefined,
    /** Told of each change before the desk answers: the page cache forgets the vehicle's pages. */
    private readonly changed?: (result: StockChangeResult) => void,
  ) {}

  /**
   * Checks and stores each file, then adds those taken after the vehicle's photos; undefined
   * when it is no longer in stock. The photos are added to those stored when the change is
   * applied, under the store's lock: two uploads to one vehicle at once both keep theirs, up
   * to the most a vehicle may have, and files beyond it are refused, saying so.
   */
  async upload(member: StaffMember, address: string, id: string, files: readonly UploadedPhoto[]): Promise<UploadOutcome | undefined> {
    requireRole(member, "stock");
    const record = await this.store.get(id);
    if (!record) return undefined;
    const taken: { name: string; photo: Photo }[] = [];
    const refused: UploadOutcome["refused"] = [];
    for (const { name, read } of files) {
      // Checked again against the photos stored when the change is applied.
      if ((record.photos?.uploaded?.length ?? 0) + taken.length >= MAX_VEHICLE_PHOTOS) {
        refused.push({ name, reason: tooMany });
        continue;
      }
      try {
        taken.push({ name, photo: await this.library.ingest(await read()) });
      } catch (error) {
        if (!(error instanceof PhotoRefusedError)) throw error;
        refused.push({ name, reason: error.message });
      }
    }
    if (taken.length === 0) return { added: 0, refused, record };
    let added: Photo[] = [];
    let overLimit: string[] = [];
    const changed = await this.save(
      member,
      address,
      record,
      (current) => {
        added = [];
        overLimit = [];
        for (const { name, photo } of taken) {
          if ([...current, ...added].some((kept) => kept.id === photo.id)) continue;
          if (current.length + added.length >= MAX_VEHICLE_PHOTOS) overLimit.push(name);
          else added.push(photo);
        }
        return [...current, ...added];
      },
      () => ({ change: "added", count: added.length }),
    );
    if (!changed) return undefined;
    return { added: added.length, refused: [...refused, ...overLimit.map((name) => ({ name, reason: tooMany }))], record: changed };
  }

  /** Applies one edit; undefined when the vehicle is no longer in stock, the record unchanged when the photo is not its own. */
  async edit(member: StaffMember, address: string, id: string, edit: PhotoEdit): Promise<VehicleRecord | undefined> {
    requireRole(member, "stock");
    const record = await this.store.get(id);
    if (!record) return undefined;
    const photos = record.photos?.uploaded ?? [];
    const next = edited(photos, edit);
    if (!next || (next.length === photos.length && next.every((photo, i) => photos[i]?.id === photo.id))) return record;
    let count = next.length;
    return this.save(
      member,
      address,
      record,
      // Made again from the photos stored then: an upload or another edit in between is kept.
      (current) => {
        const again = edited(current, edit) ?? [...current];
        count = again.length;
        return again;
      },
      () => ({ change: edit.kind, count }),
    );
  }

  /**
   * Stores the vehicle's uploaded photos as `update` makes them from those stored, in one
   * change of the store under its lock, and audits it; undefined when the vehicle has left
   * stock meanwhile, in which case nothing is changed.
   */
  private async save(
    member: StaffMember,
    address: string,
    record: VehicleRecord,
    update: (current: readonly Photo[]) => Photo[],
    details: () => Record<string, string | number>,
  ): Promise<VehicleRecord | undefined> {
    const photos: PhotosUpdate = (stored) => {
      if (!stored) throw new VehicleGoneError();
      return { ...stored.photos, uploaded: update(stored.photos?.uploaded ?? []) };
    };
    try {
      await applyStaffChange(
        { records: [{ id: record._id, record: feedRecordOf(record) }], mode: "upsert", photos: new Map([[record._id, photos]]) },
        this.store,
        this.indexer,
        this.changed,
      );
    } catch (error) {
      if (error instanceof VehicleGoneError) return undefined;
      throw error;
    }
    await this.access.audit({
      action: "vehicle-photos-changed",
      actorId: member.account.id,
      actorEmail: member.account.email,
      address,
      targetId: record._id,
      details: details(),
    });
    return this.store.get(record._id);
  }
}

const tooMany = `was not added: a vehicle may have at most ${MAX_VEHICLE_PHOTOS} photos`;

/** The vehicle was sold or removed while its photos were being changed. */
class VehicleGoneError extends Error {}

/** The photos after an edit, or undefined when the edit names a photo the vehicle does not have. */
export function edited(photos: readonly Photo[], edit: PhotoEdit): Photo[] | undefined {
  if (edit.kind === "order") {
    const byId = new Map(photos.map((photo) => [photo.id, photo]));
    const ordered = edit.photoIds.map((photoId) => byId.get(photoId));
    if (ordered.length !== photos.length || new Set(edit.photoIds).size !== photos.length || ordered.includes(undefined)) return undefined;
    return ordered as Photo[];
  }
  const at = photos.findIndex((photo) => photo.id === edit.photoId);
  if (at < 0) return undefined;
  const rest = photos.filter((_, i) => i !== at);
  if (edit.kind === "remove") return rest;
  const to = edit.kind === "main" ? 0 : Math.max(0, Math.min(rest.length, edit.to));
  return [...rest.slice(0, to), photos[at]!, ...rest.slice(to)];
}
