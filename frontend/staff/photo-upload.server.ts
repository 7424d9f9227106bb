import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { data } from "react-router";
import { receiveUpload } from "../../backend/http/multipart-upload";
import type { StaffMember } from "../../backend/staff/staff-access";
import { sameSecret } from "../../backend/staff/staff-cookies";
import { PHOTOS_PER_UPLOAD } from "../../backend/stock/photo-upload";
import type { PhotoDesk, UploadedPhoto } from "../../backend/stock/photo-desk";
import type { VehicleRecord } from "../../domain/vehicle";
import { MAX_VEHICLE_PHOTOS } from "../../domain/vehicle-photo-schema";
import type { PhotoManagerProps } from "./PhotoManager";

/**
 * The photo form's files, read as they arrive into the photos folder's incoming/ (never
 * more than the per-photo limit each), the CSRF token checked, then `handle` given the form's
 * fields and its files, each read into memory only when its turn comes; the files are
 * removed afterwards whatever happens.
 */
export async function withPhotoForm<T>(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  member: StaffMember,
  photos: PhotoDesk,
  handle: (fields: Map<string, string>, files: UploadedPhoto[]) => Promise<T>,
): Promise<T> {
  const incoming = path.join(photos.library.directory, "incoming");
  await mkdir(incoming, { recursive: true });
  const filePath = path.join(incoming, randomBytes(12).toString("hex"));
  const received = await receiveUpload(body, boundary, {
    filePath,
    maxFileBytes: photos.library.limits.maxBytes,
    maxFiles: PHOTOS_PER_UPLOAD,
  });
  try {
    if (!sameSecret(received.fields.get("csrf"), member.session.csrfToken)) {
      throw data("That form had expired. Go back, reload the page and try again.", { status: 403 });
    }
    return await handle(
      received.fields,
      received.files.map(({ path: file, name }) => ({ name, read: () => readFile(file) })),
    );
  } finally {
    await Promise.all(received.files.map(({ path: file }) => rm(file, { force: true })));
  }
}

/** What the vehicle's console page gives its photo manager. */
export function photoManagerProps(record: VehicleRecord, photos: PhotoDesk, csrf: string): PhotoManagerProps {
  return {
    csrf,
    vehicleId: record._id,
    photos: record.photos?.uploaded ?? [],
    feedPictures: record.media.images.length,
    maxMegabytes: Math.floor(photos.library.limits.maxBytes / (1 << 20)),
    maxPhotos: MAX_VEHICLE_PHOTOS,
    perUpload: PHOTOS_PER_UPLOAD,
  };
}
