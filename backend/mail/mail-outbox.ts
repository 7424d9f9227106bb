/**
 * The mail outbox: every e-mail the site sends (new-lead notices, buyers' confirmations, the
 * daily digest, staff password links) is stored here first and sent by the mail sender
 * (mail-sender.ts), so one the SMTP server refuses or never hears of is tried again, each on
 * its own schedule, across restarts. It also counts the messages let through to each address
 * in a day, under a keyed hash of the address, so that a form cannot be used to mail-bomb
 * someone from however many client addresses, and gathers several entries into one message
 * (a notice listing the leads past that count). Embedded: one file per message under
 * DATA_DIR/mail/, the counts under DATA_DIR/mail-recipients/; production: the MongoDB
 * collections `mail` and `mail_recipients`. Both pass one contract suite
 * (tests/contract/mail-outbox-contract.ts).
 */

import type { OutboxBacklog } from "../outbox-worker";

/** An e-mail as written, before it is queued. */
export interface OutgoingMail {
  /**
   * Names the message for good ("lead-<id>-dealer", "digest-2026-11-27"): queuing the same id
   * again adds nothing, even after it was sent, so no notice goes twice.
   */
  id: string;
  to: string;
  /** Where a reply goes, when not to the sender: the buyer, on the dealer's notice of their lead. */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Where one click unsubscribes (RFC 8058): sent as List-Unsubscribe, with List-Unsubscribe-Post, on alerts to buyers. */
  listUnsubscribe?: string;
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

/** At most `most` messages of one kind to one address on one day. */
export interface RecipientCap {
  /** The showroom's date, YYYY-MM-DD. */
  day: string;
  most: number;
  /** The allowance counted against, when not the confirmations' (a form's): "alerts" for the alerts a buyer asked for. */
  allowance?: "alerts";
}

export interface Admission {
  /** True when the message may be queued: it is among the first `most` to its address that day (now, or when first asked). */
  admitted: boolean;
  /** The address's keyed hash: the same for every spelling of one mailbox, across restarts and instances; holds nothing personal. */
  recipient: string;
}

/** One entry of a message that lists several: the leads folded from one address, each with its link. */
export interface GatheredEntry {
  /** Names the entry, so the same one given again is not listed twice: a lead's id. */
  key: string;
  text: string;
  href: string;
}

/** A series of messages that each gather entries for a while and then go as one. */
export interface Gathering {
  /**
   * Names the messages: each round is `<series>-<round>` (a valid mail id); a round takes
   * entries until it closes, and an entry after that opens the next round.
   */
  series: string;
  /** How long a round takes entries after its first, before it goes. */
  holdMs: number;
  /** Writes a round's message from its first entries (at most MOST_GATHERED_KEPT) and how many it has in all. */
  render(entries: readonly GatheredEntry[], count: number): Omit<OutgoingMail, "id">;
}

export interface MailOutbox {
  /** Stores the message, due at once; false when one with this id was queued before (sent or not). Resolves once it would survive a crash. */
  enqueue(mail: OutgoingMail, at: Date): Promise<boolean>;
  /** As `enqueue`, for many messages at once (a round of alerts): one answer each, in order. */
  enqueueAll(mails: readonly OutgoingMail[], at: Date): Promise<boolean[]>;
  /** The unsent message whose next try is the most overdue, held back from every other claimant for `leaseMs`. */
  claimNextDue(now: Date, leaseMs: number): Promise<QueuedMail | undefined>;
  /** The server took it: what it said and to whom is forgotten; only its id and when it went are kept, so it is never queued again. */
  markSent(id: string, at: Date): Promise<void>;
  /** Counts a failed send, notes why, and sets when to try again. */
  markFailed(id: string, retryAt: Date, failure: MailFailure): Promise<void>;
  /** Messages not yet sent. */
  countUnsent(): Promise<number>;
  /** Messages not yet sent, and when the longest-waiting one was queued (the metrics). */
  backlog(): Promise<OutboxBacklog>;
  /** Deletes the messages to this address (any spelling of its mailbox) not sent yet, for an erasure; resolves to how many. */
  deleteUnsentTo(address: string): Promise<number>;
  /** Forgets the ids of messages sent before `cutoff`, and the counts per address of days before it; resolves to how many ids. */
  deleteSentBefore(cutoff: Date): Promise<number>;
  /**
   * Counts the message `mailId` to `to` against the address's allowance for `cap.day`, at
   * once on every instance: of any number of messages asked for together, only `most` are
   * admitted; asking again for one admitted before admits it again (a retried submission).
   * Queuing is left to the caller.
   */
  admit(mailId: string, to: string, cap: RecipientCap, at: Date): Promise<Admission>;
  /** As `admit`, for many messages at once (a round of alerts, one to each of thousands of addresses): one answer each, in order. */
  admitAll(requests: readonly { mailId: string; to: string }[], cap: RecipientCap, at: Date): Promise<Admission[]>;
  /**
   * Adds `entry` to the open round of `gathering`: the round is queued with its first entry,
   * due `holdMs` later, and written again with each entry after; an entry whose key it lists
   * already changes nothing. Entries given together all land, on any instance.
   */
  gather(gathering: Gathering, entry: GatheredEntry, at: Date): Promise<void>;
  close(): Promise<void>;
}

/** Ids name a message in a file name and a key: lower-case letters, digits and dashes. */
export const MAIL_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,150}$/;
/** A cap's day, which names a file and is part of a key. */
export const CAP_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
