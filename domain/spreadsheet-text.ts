/**
 * Text that a spreadsheet might run: a cell starting with "=", "+", "-" or "@" (or a tab or
 * carriage return before one) is read as a formula by Excel, LibreOffice and Google Sheets,
 * so `=HYPERLINK("http://x")` in a feed would become a live link in every export of it
 * (OWASP's "CSV injection"). Feeds are checked on the way in and every CSV is escaped on
 * the way out, both by this module.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell made plain text for a spreadsheet: a leading apostrophe, which the spreadsheet shows but never runs. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A cell as it was before neutraliseFormula, so a file this site wrote (a rejected-rows
 * download, corrected in a spreadsheet) reads back as the values it was written from.
 */
export function restoreNeutralised(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/**
 * Whether an imported value (already trimmed) reads as a formula. "=" and "@" always do;
 * "+" and "-" only with something straight after them, so "+ VAT", "- Sport pack" and a
 * lone "-" stand, while "-2+3" and "+cmd|..." do not. No field of a vehicle is a phone
 * number or a signed figure written as text, so nothing else needs "+44" or "-5".
 */
export function looksLikeFormula(value: string): boolean {
  return /^[=@\t\r]/.test(value) || /^[+-]\S/.test(value);
}

export const FORMULA_PROBLEM = "starts like a spreadsheet formula (with =, +, -, or @), which a spreadsheet opening it would run";
