import { useRef, useState, type KeyboardEvent } from "react";
import type { ShownImage } from "../../../domain/vehicle-photos";
import type { VehicleType } from "../../../domain/vehicle-types";
import { useHydrated } from "../use-hydrated";
import { placeholderImageOf } from "../VehicleCard";
import { Picture } from "./Picture";

/** The gallery is the page's width on a phone and about two thirds of it beside the details on a desktop. */
const GALLERY_SIZES = "(min-width: 64em) 60vw, 100vw";

/**
 * The vehicle's photos: a strip to swipe, previous and next buttons, and a row to choose
 * from (a dot per photo on a phone, so it is plain there are more; thumbnails on a larger
 * screen), arrow keys too. Without JavaScript the strip still scrolls and each dot or
 * thumbnail is a link to its photo.
 */
export function Gallery({ images, name, type }: { images: readonly ShownImage[]; name: string; type: VehicleType }) {
  const stripRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const hydrated = useHydrated();

  if (images.length === 0) {
    return (
      <div className="gallery">
        <img className="gallery__photo" src={placeholderImageOf(type)} alt="Photos coming soon" width={800} height={600} />
      </div>
    );
  }

  const last = images.length - 1;
  const show = (index: number) => {
    const strip = stripRef.current;
    if (!strip) return;
    const target = Math.max(0, Math.min(last, index));
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    strip.scrollTo({ left: target * strip.clientWidth, behavior: reduceMotion ? "auto" : "smooth" });
    setCurrent(target);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    event.preventDefault();
    show(current + (event.key === "ArrowRight" ? 1 : -1));
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
          onScroll={(event) => {
            const strip = event.currentTarget;
            setCurrent(Math.round(strip.scrollLeft / Math.max(1, strip.clientWidth)));
          }}
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
