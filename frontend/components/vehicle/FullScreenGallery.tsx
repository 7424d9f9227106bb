import { useEffect, useRef, type KeyboardEvent } from "react";
import type { ShownImage } from "../../../domain/vehicle-photos";
import { Picture } from "./Picture";
import { photoForKey, scrollStripTo } from "./photo-strip";
import { usePhotoStrip } from "./use-photo-strip";

/** Each photo fills the screen's width, so a phone takes its 640 or 1024 px AVIF and a desktop the 1600 px one. */
const FULL_SCREEN_SIZES = "100vw";

interface FullScreenGalleryProps {
  images: readonly ShownImage[];
  name: string;
  /** The photo to open on. */
  start: number;
  /** Called once the view has closed, with the photo it was showing. */
  onClose(shown: number): void;
}

/**
 * The photos as large as the screen allows, in a modal dialog: swiped or stepped through with
 * the buttons and arrow keys, closed with its button or Escape (focus goes back to where it
 * was). The page's pinch zoom is left alone (`touch-action` allows it) so a buyer can look
 * closely at a scratch or a tyre. Shown only while open: it is built when asked for.
 */
export function FullScreenGallery({ images, name, start, onClose }: FullScreenGalleryProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { stripRef, current, last, show, stripEvents } = usePhotoStrip(start, images.length);

  useEffect(() => {
    const dialog = dialogRef.current;
    dialog?.showModal();
    if (stripRef.current) scrollStripTo(stripRef.current, start, { instantly: true });
    return () => dialog?.close();
    // Opened once, on the photo it was asked for; the buyer moves on from there.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    const to = photoForKey(event.key, current, last);
    if (to === undefined) return;
    event.preventDefault();
    show(to);
  };

  return (
    // The dialog takes the arrow keys wherever focus is within it, as the carousel pattern has it.
    <dialog
      ref={dialogRef}
      className="photo-viewer"
      aria-label={`Photos of the ${name}, full screen`}
      onKeyDown={onKeyDown}
      onClose={() => onClose(current)}
    >
      <div className="photo-viewer__header">
        <p className="photo-viewer__position" aria-live="polite">
          Photo {current + 1} of {images.length}
        </p>
        <button type="button" className="photo-viewer__close" onClick={() => dialogRef.current?.close()}>
          Close full screen
        </button>
      </div>
      {/* Focusable, so the strip can be scrolled from the keyboard too. */}
      <div
        ref={stripRef}
        className="photo-viewer__strip"
        role="region"
        aria-roledescription="carousel"
        aria-label="Photos"
        tabIndex={0}
        {...stripEvents}
      >
        {images.map((image, i) => (
          // "photo 2 of 8" says where in the carousel the buyer is, not that it is an image.
          <Picture
            key={image.href + i}
            image={image}
            sizes={FULL_SCREEN_SIZES}
            className="photo-viewer__photo"
            alt={`${name}, photo ${i + 1} of ${images.length}`}
            loading={Math.abs(i - start) <= 1 ? "eager" : "lazy"}
            decoding="async"
          />
        ))}
      </div>
      {images.length > 1 && (
        <div className="photo-viewer__steps">
          {/* aria-disabled rather than disabled at either end, so focus stays on the button (and in the dialog) there. */}
          <button
            type="button"
            className="button button--quiet"
            aria-disabled={current === 0}
            onClick={() => current > 0 && show(current - 1)}
          >
            Previous photo
          </button>
          <button
            type="button"
            className="button button--quiet"
            aria-disabled={current === last}
            onClick={() => current < last && show(current + 1)}
          >
            Next photo
          </button>
        </div>
      )}
    </dialog>
  );
}
