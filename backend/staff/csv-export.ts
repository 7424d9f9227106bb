/**
 * CSV for the dealer's spreadsheets (the leads export, an import's rejected rows): CRLF
 * lines, cells quoted where needed, and a cell a spreadsheet would run as a formula
 * (starting = + - @, or a tab or carriage return) made plain text, as OWASP's CSV
 * injection advice has it.
 */
export function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
