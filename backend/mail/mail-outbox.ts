/**
 * The mail outbox: every e-mail the site sends (new-lead notices, buyers' confirmations, the
 * daily digest, staff password links) is stored here first and sent by the mail sender
 * (mail-sender.ts), so one the SMTP server refuses or never hears of is tried again, each on
 * its own schedule, across restarts. Embedded: one file per message under DATA_DIR/mail/;
 * production: the MongoDB collection `mail`. Both pass one contract suite
 * (tests/contract/mail-outbox-contract.ts).
 */

/** An e-mail as written, before it is queued. */
export interface OutgoingMail {
  /**
   * Names the message for good ("lead-<id>-dealer", "digest-2026-11-27"): queuing the same id
   * again adds nothing, even after it was sent, so no notice goes twice.
   */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Why the last send failed: the SMTP reply code, or what kept the server from answering. */
export interface MailFailure {
  at: Date;
  responseCode?: number;
  reason?: string;
}

export interface QueuedMail extends OutgoingMail {
  queuedAt: Date;
  /** Sends tried so far. */
  attempts: number;
  lastFailure?: MailFailure;
}

export interface MailOutbox {
  /** Stores the message, due at once; false when one with this id was queued before (sent or not). Resolves once it would survive a crash. */
  enqueue(mail: OutgoingMail, at: Date): Promise<boolean>;
  /** The unsent message whose next try is the most overdue, held back from every other claimant for `leaseMs`. */
  claimNextDue(now: Date, leaseMs: number): Promise<QueuedMail | undefined>;
  /** The server took it: what it said and to whom is forgotten; only its id and when it went are kept, so it is never queued again. */
  markSent(id: string, at: Date): Promise<void>;
  /** Counts a failed send, notes why, and sets when to try again. */
  markFailed(id: string, retryAt: Date, failure: MailFailure): Promise<void>;
  /** Messages not yet sent. */
  countUnsent(): Promise<number>;
  /** Forgets the ids of messages sent before `cutoff`; resolves to how many. */
  deleteSentBefore(cutoff: Date): Promise<number>;
  close(): Promise<void>;
}

/** Ids name a message in a file name and a key: lower-case letters, digits and dashes. */
export const MAIL_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,150}$/;
