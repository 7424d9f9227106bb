import { useRef, useState, type KeyboardEvent } from "react";
import { PLACEHOLDER_IMAGE } from "../VehicleCard";

/**
 * The vehicle's photos: a strip to swipe on a phone, thumbnails to choose from on a larger
 * screen, arrow keys on either. Without JavaScript the strip still scrolls and each
 * thumbnail is a link to its photo.
 */
export function Gallery({ images, name }: { images: readonly { href: string }[]; name: string }) {
  const stripRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);

  if (images.length === 0) {
    return (
      <div className="gallery">
        <img className="gallery__photo" src={PLACEHOLDER_IMAGE} alt="Photos coming soon" width={800} height={600} />
      </div>
    );
  }

  const show = (index: number) => {
    const strip = stripRef.current;
    if (!strip) return;
    const target = Math.max(0, Math.min(images.length - 1, index));
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
          <img
            key={image.href + i}
            id={`photo-${i + 1}`}
            className="gallery__photo"
            src={image.href}
            alt={`${name}, photo ${i + 1} of ${images.length}`}
            width={800}
            height={600}
            loading={i === 0 ? "eager" : "lazy"}
            fetchPriority={i === 0 ? "high" : undefined}
            decoding="async"
          />
        ))}
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
                  <img src={image.href} alt="" width={120} height={90} loading="lazy" decoding="async" />
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
