import { csvText } from "../staff/csv-export";
import { REJECTION_COLUMNS } from "./csv-columns";
import type { RejectedRows } from "./import-feed";

/**
 * An import's rejected rows as CSV, for fixing in a spreadsheet: the line each was on and
 * why, then the row as the feed gave it under the feed's own header (a JSON feed's record
 * as its text). A CSV feed's, corrected, is uploaded as it is: the reader expects the two
 * columns in front and reads the rest as the feed it came from.
 */
export function rejectedRowsCsv({ rejected, originalColumns }: RejectedRows): string {
  return csvText(
    [...REJECTION_COLUMNS, ...originalColumns],
    rejected.map(({ line, reason, original }) => [String(line), reason, ...original]),
  );
}
