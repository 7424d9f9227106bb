import type { Logger } from "../logger";
import { hashPassword, passwordProblem, UNMATCHABLE_HASH, verifyPassword } from "./passwords";
import { digestOf, newSecret } from "./secrets";
import { accountLockedUntil, AddressThrottle } from "./sign-in-throttle";
import type { StaffAccount, StaffRole } from "./staff-accounts";
import type { AccountChanges, AuditEntry, AuditQuery, StaffSession, StaffStore } from "./staff-store";
import { enrolmentOf, newTotpSecret, totpMatches } from "./totp";

export interface StaffSettings {
  /** A session unused this long ends. */
  idleMinutes: number;
  /** A session ends this long after sign-in, however busy. */
  absoluteHours: number;
  /** Admins must have a second factor before they can do anything else. */
  requireSecondFactorForAdmins: boolean;
  /** How long a set-password link works. */
  setPasswordLinkHours: number;
  /** The address set-password links point at, such as https://www.example.co.uk. */
  siteOrigin: string;
  /** The issuer authenticator apps show beside the code: the dealer's name. */
  issuer: string;
}

/** A signed-in staff member, as every staff page and call sees them. */
export interface StaffMember {
  account: StaffAccount;
  session: StaffSession;
  /** Has given the password but not yet the code of their second factor: only that page is open to them. */
  needsCode: boolean;
  /** An admin without a second factor where one is required: only setting it up is open to them. */
  mustSetUpSecondFactor: boolean;
}

/** Who did something: a signed-in member of staff, or whoever ran `npm run staff` on the server. */
export type Actor = { account: StaffAccount } | "command line";

export type SignInResult = { ok: true; sessionId: string; member: StaffMember } | { ok: false; waitSeconds?: number };

export type SetPasswordResult = { ok: true; account: StaffAccount } | { ok: false; field: "token" | "password"; problem: string };

/** A session's last-seen time is saved at most this often: it only needs to be close enough to end an idle session. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Who may use the staff area, and how they get in: accounts and their passwords, set through
 * one-time links; sign-in, throttled per account and per address, never telling whether an
 * address has an account; sessions with idle and absolute ends; the second factor; and the
 * audit record of each of these. Pages and calls reach it through the HTTP layer.
 */
export class StaffAccess {
  private readonly addresses = new AddressThrottle();

  constructor(
    private readonly store: StaffStore,
    private readonly settings: StaffSettings,
    private readonly logger: Pick<Logger, "warn">,
  ) {}

  async signIn(email: string, password: string, address: string, now = new Date()): Promise<SignInResult> {
    const addressWait = this.addresses.waitFor(address, now.getTime());
    if (addressWait > 0) {
      await this.audit({ action: "sign-in-refused", address, details: { reason: "address-throttled" } }, now);
      return { ok: false, waitSeconds: Math.ceil(addressWait / 1000) };
    }
    const account = await this.store.findAccountByEmail(email.trim().toLowerCase());
    // The hash is checked whatever is wrong, so an unknown address answers as slowly as a known one.
    const matches = await verifyPassword(password, account?.passwordHash ?? UNMATCHABLE_HASH);
    const refusal = !account ? "unknown-account" : account.disabled ? "disabled" : account.lockedUntil && account.lockedUntil > now ? "locked" : !matches ? "wrong-password" : undefined;
    if (refusal || !account) {
      this.addresses.failed(address, now.getTime());
      if (account && refusal !== "locked") await this.countFailure(account, now);
      await this.audit({ action: "sign-in-refused", address, ...(account ? { actorId: account.id, actorEmail: account.email } : {}), details: { reason: refusal ?? "unknown-account" } }, now);
      // The same answer whatever was wrong: a locked or disabled account saying so would tell
      // anyone trying addresses that the address has an account.
      return { ok: false };
    }
    this.addresses.succeeded(address);
    if (account.failedSignIns > 0 || account.lockedUntil) await this.store.updateAccount(account.id, { failedSignIns: 0, lockedUntil: null });
    const sessionId = newSecret();
    const session: StaffSession = {
      idDigest: digestOf(sessionId),
      accountId: account.id,
      csrfToken: newSecret(),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + this.settings.absoluteHours * 3_600_000),
      secondFactorDone: account.totpSecret === undefined,
    };
    await this.store.addSession(session);
    await this.audit({ action: "sign-in", actorId: account.id, actorEmail: account.email, address, details: { secondFactor: account.totpSecret !== undefined } }, now);
    return { ok: true, sessionId, member: this.memberOf(account, session) };
  }

  /** The member whose session the cookie names, if it is still open; touches it. */
  async current(sessionId: string | undefined, now = new Date()): Promise<StaffMember | undefined> {
    if (!sessionId) return undefined;
    const session = await this.store.getSession(digestOf(sessionId));
    if (!session) return undefined;
    const idleSince = new Date(now.getTime() - this.settings.idleMinutes * 60_000);
    if (session.expiresAt <= now || session.lastSeenAt < idleSince) {
      await this.store.deleteSession(session.idDigest);
      return undefined;
    }
    const account = await this.store.getAccount(session.accountId);
    if (!account || account.disabled) {
      await this.store.deleteSession(session.idDigest);
      return undefined;
    }
    if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await this.store.updateSession(session.idDigest, { lastSeenAt: now });
      session.lastSeenAt = now;
    }
    return this.memberOf(account, session);
  }

  /** The second step of a sign-in with a second factor; the code is throttled like a password. */
  async confirmCode(member: StaffMember, code: string, address: string, now = new Date()): Promise<boolean> {
    const { account, session } = member;
    if (account.lockedUntil && account.lockedUntil > now) return false;
    if (!account.totpSecret || !totpMatches(account.totpSecret, code, now.getTime())) {
      this.addresses.failed(address, now.getTime());
      await this.countFailure(account, now);
      await this.audit({ action: "sign-in-refused", actorId: account.id, actorEmail: account.email, address, details: { reason: "wrong-code" } }, now);
      return false;
    }
    await this.store.updateSession(session.idDigest, { secondFactorDone: true });
    if (account.failedSignIns > 0) await this.store.updateAccount(account.id, { failedSignIns: 0, lockedUntil: null });
    await this.audit({ action: "sign-in", actorId: account.id, actorEmail: account.email, address, details: { step: "code" } }, now);
    return true;
  }

  async signOut(member: StaffMember, address: string): Promise<void> {
    await this.store.deleteSession(member.session.idDigest);
    await this.audit({ action: "sign-out", ...actorOf({ account: member.account }), address });
  }

  async signOutEverywhere(member: StaffMember, address: string): Promise<number> {
    const ended = await this.store.deleteSessionsOf(member.account.id);
    await this.audit({ action: "sign-out-everywhere", ...actorOf({ account: member.account }), address, details: { sessions: ended } });
    return ended;
  }

  async createAccount(actor: Actor, input: { email: string; name: string; role: StaffRole }, address?: string): Promise<{ account: StaffAccount; link: string }> {
    const account = await this.store.createAccount(input, new Date());
    await this.audit({ action: "account-created", ...actorOf(actor), address, targetId: account.id, details: { role: account.role } });
    return { account, link: await this.setPasswordLink(actor, account, address) };
  }

  /** A new one-time link to set the account's password; earlier links stop working. */
  async setPasswordLink(actor: Actor, account: StaffAccount, address?: string): Promise<string> {
    const token = newSecret();
    await this.store.dropSetPasswordTokens(account.id);
    await this.store.addSetPasswordToken({
      digest: digestOf(token),
      accountId: account.id,
      expiresAt: new Date(Date.now() + this.settings.setPasswordLinkHours * 3_600_000),
    });
    await this.audit({ action: "set-password-link", ...actorOf(actor), address, targetId: account.id });
    return new URL(`/staff/set-password?token=${token}`, this.settings.siteOrigin).href;
  }

  /**
   * For a forgotten or exposed password: the old one stops working at once, every session of
   * the account ends, and a new link lets its owner choose another.
   */
  async resetPassword(actor: Actor, account: StaffAccount, address?: string): Promise<string> {
    await this.store.updateAccount(account.id, { passwordHash: null, failedSignIns: 0, lockedUntil: null });
    await this.store.deleteSessionsOf(account.id);
    await this.audit({ action: "account-changed", ...actorOf(actor), address, targetId: account.id, details: { passwordCleared: true } });
    return this.setPasswordLink(actor, account, address);
  }

  /** The account a set-password link is for, while the link works. */
  async accountOfLink(token: string): Promise<StaffAccount | undefined> {
    const accountId = await this.store.findSetPasswordToken(digestOf(token), new Date());
    return accountId === undefined ? undefined : this.store.getAccount(accountId);
  }

  /** Sets a password through a link: the link is used up, and every session of the account ends. */
  async setPassword(token: string, password: string, address: string): Promise<SetPasswordResult> {
    const account = await this.accountOfLink(token);
    if (!account || account.disabled) return { ok: false, field: "token", problem: EXPIRED_LINK };
    const problem = passwordProblem(password, account);
    if (problem) return { ok: false, field: "password", problem };
    const passwordHash = await hashPassword(password);
    // Used up only now, so a refused password can be tried again with the same link.
    if ((await this.store.takeSetPasswordToken(digestOf(token), new Date())) !== account.id) return { ok: false, field: "token", problem: EXPIRED_LINK };
    const updated = await this.store.updateAccount(account.id, { passwordHash, passwordSetAt: new Date(), failedSignIns: 0, lockedUntil: null });
    await this.store.deleteSessionsOf(account.id);
    await this.audit({ action: "password-set", actorId: account.id, actorEmail: account.email, address });
    return { ok: true, account: updated! };
  }

  async changeAccount(actor: Actor, account: StaffAccount, changes: Pick<AccountChanges, "name" | "role" | "disabled" | "lockedUntil" | "failedSignIns">, address?: string): Promise<StaffAccount | undefined> {
    const updated = await this.store.updateAccount(account.id, changes);
    // A disabled account's sessions end now, not when they next time out.
    if (changes.disabled) await this.store.deleteSessionsOf(account.id);
    await this.audit({ action: "account-changed", ...actorOf(actor), address, targetId: account.id, details: auditableChanges(changes) });
    return updated;
  }

  /**
   * A secret to show an authenticator app: a fresh one, or the one being set up when its
   * first code was wrong. It is kept only once a code from the app proves it was set up.
   */
  async secondFactorEnrolment(member: StaffMember, secret = newTotpSecret()): Promise<{ secret: string; uri: string; qrSvg: string }> {
    const usable = TOTP_SECRET.test(secret) ? secret : newTotpSecret();
    return { secret: usable, ...(await enrolmentOf(usable, this.settings.issuer, member.account.email)) };
  }

  async setSecondFactor(member: StaffMember, secret: string, code: string, address: string): Promise<boolean> {
    if (!TOTP_SECRET.test(secret) || !totpMatches(secret, code)) return false;
    await this.store.updateAccount(member.account.id, { totpSecret: secret });
    await this.store.updateSession(member.session.idDigest, { secondFactorDone: true });
    await this.audit({ action: "second-factor-set", ...actorOf({ account: member.account }), address, targetId: member.account.id });
    return true;
  }

  async removeSecondFactor(actor: Actor, account: StaffAccount, address?: string): Promise<void> {
    await this.store.updateAccount(account.id, { totpSecret: null });
    await this.audit({ action: "second-factor-removed", ...actorOf(actor), address, targetId: account.id });
  }

  accounts(): Promise<StaffAccount[]> {
    return this.store.listAccounts();
  }

  account(id: string): Promise<StaffAccount | undefined> {
    return this.store.getAccount(id);
  }

  /** Every account by name, marking those a lead may be given to: accounts that work leads and can sign in. */
  async accountNames(): Promise<{ id: string; name: string; assignable: boolean }[]> {
    return (await this.store.listAccounts()).map(({ id, name, disabled, role }) => ({ id, name, assignable: !disabled && (role === "sales" || role === "admin") }));
  }

  auditLog(query: AuditQuery): Promise<{ total: number; entries: AuditEntry[] }> {
    return this.store.listAudit(query);
  }

  audit(entry: Omit<AuditEntry, "at">, at = new Date()): Promise<void> {
    return this.store.appendAudit({ at, ...entry });
  }

  secondFactorRequiredFor(account: StaffAccount): boolean {
    return this.settings.requireSecondFactorForAdmins && account.role === "admin";
  }

  /** One more failed sign-in; a lock it brings is worth a line in the log, for whoever watches it. */
  private async countFailure(account: StaffAccount, now: Date): Promise<void> {
    let lockedUntil: Date | undefined;
    const failures = await this.store.recordFailedSignIn(account.id, (count) => (lockedUntil = accountLockedUntil(count, now)));
    if (lockedUntil) this.logger.warn({ accountId: account.id, failures, lockedUntil: lockedUntil.toISOString() }, "A staff account is locked after failed sign-ins");
  }

  private memberOf(account: StaffAccount, session: StaffSession): StaffMember {
    return {
      account,
      session,
      needsCode: !session.secondFactorDone,
      mustSetUpSecondFactor: this.secondFactorRequiredFor(account) && account.totpSecret === undefined,
    };
  }
}

const TOTP_SECRET = /^[A-Z2-7]{16,64}$/;

export const EXPIRED_LINK = "This link has expired or has been used already. Ask an admin for a new one.";

function actorOf(actor: Actor): Pick<AuditEntry, "actorId" | "actorEmail" | "origin"> {
  return actor === "command line" ? { origin: "command line" } : { actorId: actor.account.id, actorEmail: actor.account.email };
}

/** What changed, for the audit log: which fields, and the role or state they took, never a name. */
function auditableChanges(changes: Pick<AccountChanges, "name" | "role" | "disabled" | "lockedUntil" | "failedSignIns">): Record<string, string | boolean> {
  return {
    ...(changes.role ? { role: changes.role } : {}),
    ...(changes.disabled !== undefined ? { disabled: changes.disabled } : {}),
    ...(changes.lockedUntil === null ? { unlocked: true } : {}),
    ...(changes.name !== undefined ? { renamed: true } : {}),
  };
}
