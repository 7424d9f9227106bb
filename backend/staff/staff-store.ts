import type { StaffAccount, StaffRole } from "./staff-accounts";

/**
 * What the staff area keeps: accounts, the one-time links that set a password, sessions,
 * the devices accounts have signed in from, the sign-in guard's counts, and the audit log.
 * Embedded: files under DATA_DIR/staff/ (which the site and the staff command both change),
 * the counts in the site's memory; production: MongoDB collections, shared by every
 * instance. Both pass one contract suite (tests/contract/staff-store-contract.ts).
 */

export class AccountExistsError extends Error {
  constructor() {
    super("There is already an account with that e-mail address");
  }
}

export interface NewAccount {
  email: string;
  name: string;
  role: StaffRole;
}

/** What may change about an account; `null` removes the password or the second factor. */
export interface AccountChanges {
  name?: string;
  role?: StaffRole;
  disabled?: boolean;
  branches?: string[] | null;
  passwordHash?: string | null;
  passwordSetAt?: Date;
  totpSecret?: string | null;
}

/** The attempts counted against one key of the sign-in guard (sign-in-guard.ts): how many, and the last one's time. */
export interface AttemptCount {
  count: number;
  last: Date;
}

/** A browser an account has signed in from in full (password, and code if it has a second factor): sign-in-guard.ts. */
export interface KnownDevice {
  /** The digest of the id in its cookie. */
  digest: string;
  accountId: string;
  createdAt: Date;
}

export interface StaffSession {
  /** The digest of the id in the cookie: the id itself is never stored. */
  idDigest: string;
  accountId: string;
  /** Sent with every form and call that changes something, and checked against this. */
  csrfToken: string;
  createdAt: Date;
  lastSeenAt: Date;
  /** The absolute end, however busy the session. */
  expiresAt: Date;
  /** False while an account with a second factor has given its password but not yet its code. */
  secondFactorDone: boolean;
}

export const AUDIT_ACTIONS = [
  "sign-in",
  "sign-in-refused",
  "sign-out",
  "sign-out-everywhere",
  "password-set",
  "second-factor-set",
  "second-factor-removed",
  "account-created",
  "account-changed",
  "set-password-link",
  "lead-viewed",
  "lead-changed",
  "lead-forwarding-retried",
  "leads-exported",
  "erasure",
  "stock-upload",
  "stock-import",
  "search-index-rebuilt",
  "vehicle-price-changed",
  "vehicle-sold",
  "vehicle-hidden",
  "vehicle-shown",
  "vehicle-photos-changed",
  "vehicle-reserved",
  "vehicle-released",
  "vehicle-unsold",
  "vehicle-details-edited",
  "vehicle-hand-marks-cleared",
  "content-drafted",
  "content-published",
  "content-restored",
  "content-taken-down",
  "feed-address-changed",
  "feed-choice-changed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who did what, when, from where: ids and counts only, never what a lead holds. */
export interface AuditEntry {
  at: Date;
  action: AuditAction;
  /** The staff member, by id and e-mail address; absent for a sign-in that named nobody known. */
  actorId?: string;
  actorEmail?: string;
  /** Set when no signed-in member of staff did it: someone on the server ran `npm run staff`, or the scheduled stock feed ran. */
  origin?: "command line" | "scheduled feed";
  /** The client address the request came from. */
  address?: string;
  /** The lead or account acted on. */
  targetId?: string;
  /** Small facts about the action: a status, a count, a reason code. Never personal data. */
  details?: Record<string, string | number | boolean>;
}

export interface AuditQuery {
  action?: AuditAction;
  actorId?: string;
  /** The lead, account or vehicle acted on. */
  targetId?: string;
  from?: Date;
  to?: Date;
  page: number;
  pageSize: number;
}

export interface StaffStore {
  createAccount(account: NewAccount, now: Date): Promise<StaffAccount>;
  getAccount(id: string): Promise<StaffAccount | undefined>;
  findAccountByEmail(email: string): Promise<StaffAccount | undefined>;
  listAccounts(): Promise<StaffAccount[]>;
  updateAccount(id: string, changes: AccountChanges): Promise<StaffAccount | undefined>;
  /**
   * Takes a second-factor code's time step: true when it is later than any taken before for
   * the account, and it is then the last taken; false when it or a later one was. Only one of
   * two takers of a step at once gets true.
   */
  takeCodeStep(accountId: string, step: number): Promise<boolean>;

  /**
   * Counts one attempt against each key and resolves to what each had counted before it
   * (undefined for none), so that of attempts arriving together each sees those before it.
   * A count last added to before `forgetBefore` starts again from nothing.
   */
  countAttempts(keys: readonly string[], now: Date, forgetBefore: Date): Promise<(AttemptCount | undefined)[]>;
  attemptsOf(key: string): Promise<AttemptCount | undefined>;
  clearAttempts(keys: readonly string[]): Promise<void>;
  /** Drops counts last added to before `before`. */
  forgetAttempts(before: Date): Promise<void>;

  addKnownDevice(device: KnownDevice): Promise<void>;
  /** The account a device cookie's digest was given to, if any. */
  knownDeviceAccount(digest: string): Promise<string | undefined>;
  /** Forgets every device of an account (a new password). */
  forgetKnownDevicesOf(accountId: string): Promise<void>;

  addSetPasswordToken(token: { digest: string; accountId: string; expiresAt: Date }): Promise<void>;
  /** The account a token sets the password of, leaving the token unused; undefined when it is unknown, used or expired. */
  findSetPasswordToken(digest: string, now: Date): Promise<string | undefined>;
  /** As findSetPasswordToken, using the token up: only one of two takers at once gets the account. */
  takeSetPasswordToken(digest: string, now: Date): Promise<string | undefined>;
  dropSetPasswordTokens(accountId: string): Promise<void>;

  addSession(session: StaffSession): Promise<void>;
  getSession(idDigest: string): Promise<StaffSession | undefined>;
  updateSession(idDigest: string, changes: Partial<Pick<StaffSession, "lastSeenAt" | "secondFactorDone">>): Promise<void>;
  deleteSession(idDigest: string): Promise<void>;
  /** Ends every session of an account (sign out everywhere, a new password, a disabled account); resolves to how many. */
  deleteSessionsOf(accountId: string): Promise<number>;
  /** Deletes sessions past their end or idle since before `idleSince`. */
  deleteExpiredSessions(now: Date, idleSince: Date): Promise<void>;

  appendAudit(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  listAudit(query: AuditQuery): Promise<{ total: number; entries: AuditEntry[] }>;
  /**
   * Deletes entries from before `cutoff` (AUDIT_RETENTION_DAYS): MongoDB at once; the embedded
   * log, rewritten without them, once the oldest is a month past it.
   */
  deleteAuditBefore(cutoff: Date): Promise<void>;

  close(): Promise<void>;
}
