import { useRef, useState, type UIEvent } from "react";
import { photoShown, scrollStripTo } from "./photo-strip";

/**
 * Which photo a strip shows, followed as the buyer swipes, and moved by the buttons and keys
 * (the gallery and its full-screen view). While the strip glides to a photo it was sent to,
 * the scroll events on the way name the photos it passes: heeded, "Photo 2 of 8" would flick
 * back to the photo it left, be announced again, and be what a close mid-glide returned to.
 * So they are ignored until the glide ends, when the strip says where it stopped.
 */
export function usePhotoStrip(start: number, photos: number) {
  const stripRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(start);
  const heading = useRef<number | undefined>(undefined);
  const last = photos - 1;
  const shownBy = (strip: HTMLElement) => Math.max(0, Math.min(last, photoShown(strip)));

  const show = (index: number, { instantly = false } = {}) => {
    const strip = stripRef.current;
    if (!strip) return;
    const target = Math.max(0, Math.min(last, index));
    // A strip already there, or moved at once, passes no other photo on the way (and may send no scrollend).
    const glides = !instantly && strip.scrollLeft !== target * strip.clientWidth;
    heading.current = glides ? target : undefined;
    scrollStripTo(strip, target, { instantly });
    setCurrent(target);
  };

  const stripEvents = {
    onScroll: (event: UIEvent<HTMLElement>) => {
      if (heading.current === undefined) setCurrent(shownBy(event.currentTarget));
    },
    onScrollEnd: (event: UIEvent<HTMLElement>) => {
      heading.current = undefined;
      setCurrent(shownBy(event.currentTarget));
    },
  };

  return { stripRef, current, last, show, stripEvents };
}
