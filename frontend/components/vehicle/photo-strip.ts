/** A row of photos each as wide as the row, scrolled one to a screen (the gallery and its full-screen view). */

/** Scrolls the strip to a photo: smoothly, unless the visitor asks for less motion or `instantly` is set. */
export function scrollStripTo(strip: HTMLElement, index: number, { instantly = false } = {}): void {
  const reduceMotion = instantly || window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  strip.scrollTo({ left: index * strip.clientWidth, behavior: reduceMotion ? "auto" : "smooth" });
}

/** The photo the strip shows, from how far it has been scrolled or swiped. */
export function photoShown(strip: HTMLElement): number {
  return Math.round(strip.scrollLeft / Math.max(1, strip.clientWidth));
}

/** The photo an arrow key (or Home, End) moves to from `current`, or undefined for any other key. */
export function photoForKey(key: string, current: number, last: number): number | undefined {
  const to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last }[key];
  return to === undefined ? undefined : Math.max(0, Math.min(last, to));
}
