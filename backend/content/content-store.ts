import type { ContentRecord, ContentVersion } from "../../domain/content/content-versions";

/**
 * Where the content the staff area edits is kept: every document with all its versions.
 * Embedded, files under DATA_DIR/content (file-content-store.ts); in production, MongoDB
 * (mongo-content-store.ts). Both pass tests/contract/content-store-contract.ts.
 */
export interface ContentStore {
  get(key: string): Promise<ContentRecord | undefined>;
  /** Every document, in no particular order. */
  all(): Promise<ContentRecord[]>;
  /**
   * Keeps `versions` as the document's whole history, as revision `basedOn + 1` (`basedOn`
   * 0: a document not yet stored). Refused with StaleContentError, carrying what is stored
   * now, when the stored revision is not `basedOn`: someone else saved meanwhile.
   */
  put(key: string, versions: ContentVersion[], basedOn: number): Promise<ContentRecord>;
  /**
   * A number that rises after every put, whichever instance made it: each instance of the
   * site asks it every second and reads the content again when it has risen.
   */
  stamp(): Promise<number>;
  close(): Promise<void>;
}

/** A save based on a revision that is no longer the latest; `current` is what was saved meanwhile (undefined: nothing yet). */
export class StaleContentError extends Error {
  constructor(readonly current: ContentRecord | undefined) {
    super("This was changed by someone else since it was opened");
    this.name = "StaleContentError";
  }
}
