/**
 * An uploaded file, or a feed fetched for an import (the dealer's prices), is the site's own
 * user's alone to read: both the pages that take uploads and the scheduled feed write with it.
 */
export const UPLOAD_FILE_MODE = 0o600;
