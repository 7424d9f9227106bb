import type { LeadOutbox } from "../finance/lead-forwarder";

/**
 * Where one kind of enquiry is kept: newsletter sign-ups, feedback, or part-exchange
 * requests. Embedded: one file per record under DATA_DIR/enquiries/<kind>/; production: a
 * MongoDB collection per kind. Both pass one contract suite (enquiry-store-contract.ts).
 * A store opened for forwarding is also the outbox its records are sent on from; the others
 * never hand a record out.
 */

export interface StoredEnquiry<T> {
  id: string;
  receivedAt: Date;
  enquiry: T;
  /** When the lead-tracking service took it (answered 2xx); absent until then, and for kinds never forwarded. */
  forwardedAt?: Date;
  /** Sends tried so far; always 0 for kinds never forwarded. */
  forwardAttempts: number;
}

export interface NewEnquiry<T> {
  enquiry: T;
  receivedAt: Date;
  /** Names what the record is about (a newsletter address's digest): a second add with the same key stores nothing. */
  key?: string;
}

export interface AddResult {
  id: string;
  /** False when a record with the same key was already stored. */
  created: boolean;
}

export interface StoreOptions {
  /** Whether each new record waits to be sent to the lead-tracking service. */
  forwarded: boolean;
}

export interface EnquiryStore<T> extends LeadOutbox<StoredEnquiry<T>> {
  /** Resolves only once the record would survive a crash or power cut. */
  add(enquiry: NewEnquiry<T>): Promise<AddResult>;
  get(id: string): Promise<StoredEnquiry<T> | undefined>;
  /** Deletes every record received before `cutoff`, and its key; resolves to how many went. */
  deleteReceivedBefore(cutoff: Date): Promise<number>;
  close(): Promise<void>;
}
