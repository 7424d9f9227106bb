import { WHOLE_FIGURES } from "./written-number";

/**
 * An amount in pounds as people write it: in the stock console's price box, and in a
 * feed's price cell or price text. Without zod, so that a page may use it without zod in its bundle.
 *
 * Taken: whole pounds ("12995"), or pounds and pence with one or two figures after the
 * point ("12995.00", "9995.5": fifty pence, as a spreadsheet or String(9995.5) writes it);
 * commas only as thousands separators, every group of three ("12,995", "1,250,000.00"); an
 * optional "£" straight before the figures; spaces around the whole. Nothing else: no sign,
 * no spaces inside, no exponent or hexadecimal, no "Infinity", so "1e3" is never £1,000.
 * Whether the amount is a sensible price is the caller's to decide.
 */
const POUNDS = new RegExp(String.raw`^£?${WHOLE_FIGURES}(?:\.\d{1,2})?$`);

/** The amount in pounds, or undefined when the text is not an amount written as above. */
export function parsePounds(text: string): number | undefined {
  const trimmed = text.trim();
  return POUNDS.test(trimmed) ? Number(trimmed.replace(/^£/, "").replaceAll(",", "")) : undefined;
}
