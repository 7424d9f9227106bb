import type { ImgHTMLAttributes } from "react";
import { preload } from "react-dom";
import { photoUrl, srcSetOf, widthsOf, type ShownImage } from "../../../domain/vehicle-photos";

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

/**
 * Asks for a page's main picture from the <head>, ahead of the scripts: the browser finds an
 * <img> only when it parses that far, and React preloads none inside a <picture>, whose source
 * it cannot choose. Only the AVIF is preloaded: a browser that cannot read it skips the hint
 * (`type`), and one that can would otherwise fetch the photo twice.
 */
export function preloadPicture(image: ShownImage, sizes: string): void {
  const { photo } = image;
  // A plain <img>, eager and of high priority, React preloads itself.
  if (!photo) return;
  preload(photoUrl(photo.id, widthsOf(photo).at(-1)!, "avif"), {
    as: "image",
    type: "image/avif",
    imageSrcSet: srcSetOf(photo, "avif"),
    imageSizes: sizes,
    fetchPriority: "high",
  });
}
