import { neutraliseFormula } from "../../domain/spreadsheet-text";

/**
 * CSV for the dealer's spreadsheets (the leads export, an import's rejected rows): CRLF
 * lines, cells quoted where needed, and a cell a spreadsheet would run as a formula
 * made plain text (domain/spreadsheet-text.ts).
 */
export function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map(csvLine).join("");
}

/** One row, line end included, for writing a long CSV a row at a time. */
export function csvLine(row: readonly string[]): string {
  return `${row.map(csvCell).join(",")}\r\n`;
}

function csvCell(value: string): string {
  const safe = neutraliseFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
