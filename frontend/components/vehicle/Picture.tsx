import type { ImgHTMLAttributes } from "react";
import { srcSetOf, type ShownImage } from "../../../domain/vehicle-photos";

/**
 * One vehicle picture: a stored photo as <picture> with AVIF and WebP sources at each width
 * and a JPEG fallback, so a phone fetches a 640 px AVIF where a desktop fetches 1600 px; a
 * picture not yet fetched from the feed as the plain address the feed gave. `sizes` says how
 * wide the picture is drawn, for the browser to choose a width before the layout is known.
 */
export function Picture({ image, sizes, ...img }: { image: ShownImage; sizes: string } & ImgHTMLAttributes<HTMLImageElement>) {
  const { photo } = image;
  // eslint-disable-next-line jsx-a11y/alt-text -- the alt text is the caller's, passed through
  if (!photo) return <img {...img} src={image.href} />;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSetOf(photo, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSetOf(photo, "webp")} sizes={sizes} />
      {/* eslint-disable-next-line jsx-a11y/alt-text -- the alt text is the caller's, passed through */}
      <img {...img} src={image.href} srcSet={srcSetOf(photo, "jpg")} sizes={sizes} />
    </picture>
  );
}
