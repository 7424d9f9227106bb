import { useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import type { ShownImage } from "../../../domain/vehicle-photos";
import type { VehicleType } from "../../../domain/vehicle-types";
import { useHydrated } from "../use-hydrated";
import { placeholderImageOf } from "../VehicleCard";
import { pressOnSpace } from "../LinkButton";
import { FullScreenGallery } from "./FullScreenGallery";
import { Picture, preloadPicture } from "./Picture";
import { photoForKey } from "./photo-strip";
import { usePhotoStrip } from "./use-photo-strip";

/**
 * The vehicle's photos: a strip to swipe, previous and next buttons, and a row to choose
 * from (a dot per photo on a phone, so it is plain there are more; thumbnails on a larger
 * screen), arrow keys too, and a full-screen view. Without JavaScript the strip still
 * scrolls, each dot or thumbnail is a link to its photo and "View full screen" opens the
 * photo's own file.
 */
/** The gallery is the page's width on a phone and about two thirds of it beside the details on a desktop. */
const GALLERY_SIZES = "(min-width: 64em) 60vw, 100vw";

export function Gallery({ images, name, type }: { images: readonly ShownImage[]; name: string; type: VehicleType }) {
  const { stripRef, current, last, show, stripEvents } = usePhotoStrip(0, images.length);
  const [fullScreen, setFullScreen] = useState(false);
  const fullScreenLink = useRef<HTMLAnchorElement>(null);
  const hydrated = useHydrated();

  if (images.length === 0) {
    return (
      <div className="gallery">
        <img className="gallery__photo" src={placeholderImageOf(type)} alt="Photos coming soon" width={800} height={600} />
      </div>
    );
  }

  // The first photo is the phone's largest paint: fetched before anything else the page needs.
  preloadPicture(images[0]!, GALLERY_SIZES);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    event.preventDefault();
    show(photoForKey(event.key, current, last)!);
  };

  const openFullScreen = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setFullScreen(true);
  };

  // Back from full screen, the gallery shows the photo the buyer ended on, and focus returns to the link that opened it.
  const closeFullScreen = (shown: number) => {
    setFullScreen(false);
    show(shown, { instantly: true });
    fullScreenLink.current?.focus();
  };

  return (
    <div className="gallery">
      <div className="gallery__frame">
        {/* A carousel's strip takes the arrow keys itself, as the WAI-ARIA carousel pattern has it. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
        <div
          ref={stripRef}
          className="gallery__strip"
          role="region"
          aria-roledescription="carousel"
          aria-label={`Photos of the ${name}`}
          tabIndex={0}
          onKeyDown={onKeyDown}
          {...stripEvents}
        >
          {images.map((image, i) => (
            // "photo 2 of 8" says where in the carousel the buyer is, not that it is an image.
            <Picture
              key={image.href + i}
              image={image}
              sizes={GALLERY_SIZES}
              id={`photo-${i + 1}`}
              className="gallery__photo"
              alt={`${name}, photo ${i + 1} of ${images.length}`}
              width={800}
              height={600}
              loading={i === 0 ? "eager" : "lazy"}
              fetchPriority={i === 0 ? "high" : undefined}
              decoding="async"
            />
          ))}
        </div>
        {/* Buttons need the script; without it the dots below still lead to each photo. */}
        {hydrated && images.length > 1 && (
          <>
            <button
              type="button"
              className="gallery__step gallery__step--previous"
              aria-label="Previous photo"
              disabled={current === 0}
              onClick={() => show(current - 1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="gallery__step gallery__step--next"
              aria-label="Next photo"
              disabled={current === last}
              onClick={() => show(current + 1)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        )}
      </div>
      {/* Without the script, a link to the photo's file, which the browser shows full size and zooms. */}
      <a
        ref={fullScreenLink}
        href={images[current]!.href}
        className="gallery__full-screen"
        role={hydrated ? "button" : undefined}
        aria-haspopup={hydrated ? "dialog" : undefined}
        onClick={openFullScreen}
        onKeyDown={pressOnSpace}
      >
        View full screen
      </a>
      {fullScreen && <FullScreenGallery images={images} name={name} start={current} onClose={closeFullScreen} />}
      {images.length > 1 && (
        <>
          <p className="gallery__position" aria-live="polite">
            Photo {current + 1} of {images.length}
          </p>
          <ul className="gallery__thumbnails" aria-label="Choose a photo">
            {images.map((image, i) => (
              <li key={image.href + i}>
                <a
                  href={`#photo-${i + 1}`}
                  aria-label={`Show photo ${i + 1}`}
                  aria-current={i === current ? "true" : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    show(i);
                  }}
                >
                  <Picture image={image} sizes="120px" alt="" width={120} height={90} loading="lazy" decoding="async" />
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
