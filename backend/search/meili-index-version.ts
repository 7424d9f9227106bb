/**
 * A one-document index beside the live one, holding a token the indexer replaces after every
 * change it makes to the live index (an incremental update, a full sync's swap). The site
 * reads it with each search, in the same request, and keeps answers only for the token they
 * were computed under: an answer is reused only while the index has not changed.
 */
export const versionIndexUid = (indexUid: string) => `${indexUid}_version`;

export const VERSION_DOCUMENT_ID = "current";

export interface IndexVersionDocument {
  id: string;
  version: string;
}
