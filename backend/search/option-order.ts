/**
 * The order every search engine lists a filter's options in. Server-side only: a collator
 * loads locale data when made, which a browser would pay for on every page.
 */
const optionCollator = new Intl.Collator("en-GB", { numeric: true, sensitivity: "base" });

/** Option lists read A–Z, with numbers in numeric order ("2" before "10"). */
export function compareOptionValues(a: string, b: string): number {
  return optionCollator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
