/** UK formats checked in the browser and on the server alike, kept free of the validator. */

/** A postcode with its spaces removed and in capitals: "L34BP", "SW1A1AA", "GIR0AA". */
export const COMPACT_UK_POSTCODE = /^(?:[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}|GIR0AA)$/;

/** "l3 4bp" → "L3 4BP"; undefined when it is not a UK postcode. */
export function tidyPostcode(text: string): string | undefined {
  const compact = text.replace(/\s+/g, "").toUpperCase();
  return COMPACT_UK_POSTCODE.test(compact) ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : undefined;
}
