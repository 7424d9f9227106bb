/**
 * A number as people write it in a feed or a form: "12000", "12,000", "2.0", " 12,000 ".
 * Commas only as thousands separators, every group of three; a minus sign allowed, for the
 * schema to refuse where a value cannot be below nothing. No exponent, hexadecimal,
 * "Infinity" or spaces inside, which Number() would take. Without zod, like domain/money.ts.
 */

/** Whole figures, with or without thousands separators: shared with the pounds of domain/money.ts. */
export const WHOLE_FIGURES = String.raw`(?:\d+|\d{1,3}(?:,\d{3})+)`;

const WRITTEN_NUMBER = new RegExp(String.raw`^-?${WHOLE_FIGURES}(?:\.\d+)?$`);

/** The number, or undefined when the text is not a number written as above. */
export function parseWrittenNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return WRITTEN_NUMBER.test(trimmed) ? Number(trimmed.replaceAll(",", "")) : undefined;
}

/** A percentage as people write it: a number written as above, with or without "%" after it ("5", "2.5", "10 %"). */
export function parsePercentage(text: string): number | undefined {
  return parseWrittenNumber(text.trim().replace(/\s*%$/, ""));
}
