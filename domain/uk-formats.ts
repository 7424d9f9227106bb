/** UK formats checked in the browser and on the server alike, kept free of the validator. */

/** A postcode with its spaces removed and in capitals: "L34BP", "SW1A1AA", "GIR0AA". */
export const COMPACT_UK_POSTCODE = /^(?:[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}|GIR0AA)$/;

/** "l3 4bp" → "L3 4BP"; undefined when it is not a UK postcode. */
export function tidyPostcode(text: string): string | undefined {
  const compact = text.replace(/\s+/g, "").toUpperCase();
  return COMPACT_UK_POSTCODE.test(compact) ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : undefined;
}

/** An outward code on its own ("WN1", "SW1A"), spaces removed and in capitals. */
const COMPACT_OUTWARD_CODE = /^(?:[A-Z]{1,2}\d[A-Z\d]?|GIR)$/;

/**
 * The outward code ("WN1") of a whole postcode ("wn1 1aa") or of an outward code given on its
 * own, which is all a distance needs; undefined when it is neither.
 */
export function outwardCodeOf(text: string): string | undefined {
  const compact = text.replace(/\s+/g, "").toUpperCase();
  if (COMPACT_UK_POSTCODE.test(compact)) return compact.slice(0, -3);
  return COMPACT_OUTWARD_CODE.test(compact) ? compact : undefined;
}

/**
 * A whole number as people write it: "42000", "42,000" or "42 000", and for an amount of
 * money a leading pound sign too ("£2,000"). Undefined for anything else ("2,00", "2.5").
 */
export function wholeNumberAsWritten(text: string, { pounds = false } = {}): number | undefined {
  const compact = (pounds ? text.trim().replace(/^£/, "") : text).replace(/\s/g, "");
  if (/^\d{1,3}(?:,\d{3}){1,2}$/.test(compact)) return Number(compact.replaceAll(",", ""));
  if (/^\d{1,9}$/.test(compact)) return Number(compact);
  return undefined;
}

/**
 * A phone number as the forms keep it ("07700900123"), however it is written: spaced,
 * bracketed or dashed, after +44 or 0044, with or without the "(0)" often written after
 * those. The forms keep a phone this way, and search, erasure and the stored search terms compare phones through it, so
 * every spelling of one number is that number. Another country's number keeps its code,
 * after a +, so it never meets a UK one.
 */
export function normalPhone(text: string): string {
  const digits = text.replace(/\D/g, "");
  const afterCountryCode = /^[\s(]*\+/.test(text) ? digits : digits.startsWith("00") ? digits.slice(2) : undefined;
  if (afterCountryCode === undefined) return digits;
  if (!afterCountryCode.startsWith("44")) return `+${afterCountryCode}`;
  // A UK number never begins with 0 after +44: a 0 there is the "(0)" dialled at home.
  return `0${afterCountryCode.slice(2).replace(/^0/, "")}`;
}

/**
 * A UK number as people read it, in Ofcom's groups: "07700 900123", "020 7946 0000",
 * "0151 496 0123", "0300 123 4567", "01632 960123". Anything else (another country's
 * number, a wrong length) as it was given.
 */
export function spacedPhone(text: string): string {
  const number = normalPhone(text);
  const groups = (...sizes: number[]) => {
    let at = 0;
    return sizes.map((size) => number.slice(at, (at += size))).join(" ");
  };
  if (/^0[1-9]\d{9}$/.test(number)) {
    if (/^0(?:2|55|56)/.test(number)) return groups(3, 4, 4);
    if (/^0(?:1\d1|11\d|3|8|9)/.test(number)) return groups(4, 3, 4);
    return groups(5, 6);
  }
  if (/^01\d{8}$/.test(number)) return groups(5, 5);
  return text;
}
