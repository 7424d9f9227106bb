import type { Photo, VehiclePhotos } from "./vehicle-photo-schema";

/**
 * A vehicle's photos as the site stores and serves them: each one stored once, named by a
 * digest of its content, and served at a few widths in AVIF, WebP and JPEG from
 * /media/photos/{id}/{width}.{format} (backend/media/photo-library.ts). A stock manager's
 * uploads, in their order with the main photo first, take the place of the feed's pictures;
 * the feed's pictures are fetched once and then served the same way, each shown from its
 * feed address until then.
 */

/** The widths a page asks for, from a phone's card to a desktop's gallery. */
export const PHOTO_WIDTHS = [320, 640, 1024, 1600] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
/** The formats a photo is served in; `jpg`, which every browser reads, is the fallback. */
export const PHOTO_FORMATS = ["avif", "webp", "jpg"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
export const PHOTO_MIME_TYPES: Record<PhotoFormat, string> = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" };

export type { Photo, VehiclePhotos } from "./vehicle-photo-schema";

/** One picture as a page shows it: a stored photo's sizes when there is one, else the address as given. */
export interface ShownImage {
  href: string;
  photo?: Photo;
}

/**
 * Raise when backend/media/demo-image-svg.ts draws differently: a demo picture's address
 * names its drawing, and a browser keeps what an address served for a year.
 */
export const DEMO_DRAWING_VERSION = 3;
const DEMO_HREF = /^\/media\/demo\/([a-z-]+)\/([a-z]+)\/(\d)\.svg$/;
/** The size demo pictures are drawn at, 4:3 like the gallery's frame. */
export const DEMO_PHOTO_SIZE = { width: 1600, height: 1200 } as const;

export function demoPhotoId(href: string): string | undefined {
  const match = DEMO_HREF.exec(href);
  return match ? `demo${DEMO_DRAWING_VERSION}-${match[1]}-${match[2]}-${match[3]}` : undefined;
}

export function photoUrl(id: string, width: PhotoWidth, format: PhotoFormat): string {
  return `/media/photos/${id}/${width}.${format}`;
}

/** The pictures buyers see, in order: the main one first. */
export function shownImages(record: { media: { images: readonly { href: string }[] }; photos?: VehiclePhotos }): ShownImage[] {
  const uploaded = record.photos?.uploaded ?? [];
  if (uploaded.length > 0) return uploaded.map((photo) => ({ href: photoUrl(photo.id, 1024, "jpg"), photo }));
  const fetched = new Map((record.photos?.fetched ?? []).map(({ href, ...photo }) => [href, photo]));
  return record.media.images.map(({ href }) => {
    const photo = fetched.get(href);
    if (photo) return { href: photoUrl(photo.id, 1024, "jpg"), photo };
    const demo = demoPhotoId(href);
    return demo ? { href: photoUrl(demo, 1024, "jpg"), photo: { id: demo, ...DEMO_PHOTO_SIZE } } : { href };
  });
}

/** The widths worth offering for a photo: none wider than it, and always the smallest. */
export function widthsOf(photo: Photo): PhotoWidth[] {
  const fitting = PHOTO_WIDTHS.filter((width) => width <= photo.width);
  return fitting.length > 0 ? fitting : [PHOTO_WIDTHS[0]];
}

export function srcSetOf(photo: Photo, format: PhotoFormat): string {
  return widthsOf(photo)
    .map((width) => `${photoUrl(photo.id, width, format)} ${width}w`)
    .join(", ");
}
