/** The staff page a stock feed is uploaded to: the body limits let it take a file of STOCK_UPLOAD_MAX_MB. */
export const STOCK_UPLOAD_PAGE = "/staff/stock/import";

/** Room for the form's other fields and the multipart framing around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** The largest body the upload page accepts, for a file of at most `maxFileBytes`. */
export function uploadLimitBytes(maxFileBytes: number): number {
  return maxFileBytes + FORM_OVERHEAD_BYTES;
}
