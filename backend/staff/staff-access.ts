import { HashQueue } from "./hash-queue";
import { hashPassword, passwordProblem, UNMATCHABLE_HASH, verifyPassword } from "./passwords";
import { digestOf, newSecret } from "./secrets";
import { SignInGuard, type AttemptKey, type AttemptSubject } from "./sign-in-guard";
import type { StaffAccount, StaffRole } from "./staff-accounts";
import type { AccountChanges, AuditEntry, AuditQuery, StaffSession, StaffStore } from "./staff-store";
import { enrolmentOf, matchingCodeStep, newTotpSecret } from "./totp";

export interface StaffSettings {
  /** A session unused this long ends. */
  idleMinutes: number;
  /** A session ends this long after sign-in, however busy. */
  absoluteHours: number;
  /** Audit entries older than this many days are deleted; kept for good without it. */
  auditRetentionDays?: number;
  /** Admins must have a second factor before they can do anything else. */
  requireSecondFactorForAdmins: boolean;
  /** How long a set-password link works. */
  setPasswordLinkHours: number;
  /** The address set-password links point at, such as https://www.example.co.uk. */
  siteOrigin: string;
  /** The issuer authenticator apps show beside the code: the dealer's name. */
  issuer: string;
  /** The dealer's e-mail address: its domain, as the site's and the dealer's name, is among a password guesser's first tries. */
  dealerEmail: string;
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

/**
 * A sign-in step's outcome: on success the new session's id, and a device cookie's value when
 * the sign-in is now complete on a browser the account had not signed in from; on failure, how
 * long to wait when the sign-in guard holds the attempt back.
 */
export type SignInResult = { ok: true; sessionId: string; member: StaffMember; deviceId?: string } | { ok: false; waitSeconds?: number };

/** What proves a signed-in member is the account's owner before their second factor changes: its current code, or the password. */
export type OwnerProof = { code: string } | { password: string };

export type ProofResult = { ok: true } | { ok: false; waitSeconds?: number };

export type SetPasswordResult = { ok: true; account: StaffAccount } | { ok: false; field: "token" | "password"; problem: string };

/** A session's last-seen time is saved at most this often: it only needs to be close enough to end an idle session. */
const TOUCH_EVERY_MS = 60_000;

/** How long an attempt the hash queue had no room for is told to wait: the queue holds a few seconds' work. */
const BUSY_WAIT_SECONDS = 60;

/**
 * Who may use the staff area, and how they get in: accounts and their passwords, set through
 * one-time links; sign-in and second-factor codes held back by the sign-in guard
 * (sign-in-guard.ts), never telling whether an address has an account; sessions with idle
 * and absolute ends, a new id at each step of signing in; and the audit record of each of
 * these. Pages and calls reach it through the HTTP layer.
 */
export class StaffAccess {
  private readonly guard: SignInGuard;

  constructor(
    private readonly store: StaffStore,
    private readonly settings: StaffSettings,
    /** Where passwords are hashed and checked, a few at a time (hash-queue.ts). */
    private readonly hashing = new HashQueue(),
  ) {
    this.guard = new SignInGuard(store);
  }

  /** `deviceId` is the device cookie the browser sent, if any. */
  async signIn(email: string, password: string, address: string, deviceId?: string, now = new Date()): Promise<SignInResult> {
    const account = await this.store.findAccountByEmail(email.trim().toLowerCase());
    const knownBrowser = await this.knownBrowser(account, deviceId);
    const keys = this.guard.keysFor({ passwordOf: email }, address, knownBrowser);
    // Counted before the hash is checked, so guesses sent together are counted as they come;
    // one held back is never hashed.
    const waitMs = await this.guard.admit(keys, now);
    if (waitMs > 0) {
      await this.auditRefusal(account, address, "throttled", now);
      return { ok: false, waitSeconds: Math.ceil(waitMs / 1000) };
    }
    // The hash is checked whatever is wrong, so an unknown address answers as slowly as a known one.
    const matches = await this.hashing.run(() => verifyPassword(password, account?.passwordHash ?? UNMATCHABLE_HASH), {
      client: address,
      known: knownBrowser !== undefined,
    });
    if (matches === undefined) {
      await this.auditRefusal(account, address, "busy", now);
      return { ok: false, waitSeconds: BUSY_WAIT_SECONDS };
    }
    const refusal = !account ? "unknown-account" : account.disabled ? "disabled" : !matches ? "wrong-password" : undefined;
    if (refusal || !account) {
      await this.auditRefusal(account, address, refusal ?? "unknown-account", now);
      // The same answer whatever was wrong: a disabled account saying so would tell anyone
      // trying addresses that the address has an account.
      return { ok: false };
    }
    await this.guard.succeeded(keys);
    const complete = account.totpSecret === undefined;
    const sessionId = await this.newSession(account, complete, now);
    await this.audit(
      { action: "sign-in", actorId: account.id, actorEmail: account.email, address, details: { secondFactor: !complete } },
      now,
    );
    return {
      ok: true,
      sessionId,
      member: this.memberOf(account, (await this.store.getSession(digestOf(sessionId)))!),
      ...(complete && !knownBrowser ? { deviceId: await this.rememberBrowser(account, now) } : {}),
    };
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

  /**
   * The second step of a sign-in with a second factor, held back by the guard as a password
   * is. Each code is taken once. The half-signed-in session ends and a new one, with a new id,
   * takes its place: an id seen before the code was given is worth nothing after.
   */
  async confirmCode(member: StaffMember, code: string, address: string, deviceId?: string, now = new Date()): Promise<SignInResult> {
    const { account, session } = member;
    const knownBrowser = await this.knownBrowser(account, deviceId);
    const keys = this.guard.keysFor({ codeOf: account.id }, address, knownBrowser);
    const waitMs = await this.guard.admit(keys, now);
    if (waitMs > 0) {
      await this.auditRefusal(account, address, "throttled", now);
      return { ok: false, waitSeconds: Math.ceil(waitMs / 1000) };
    }
    if (!(await this.codeIsNew(account, code, now))) {
      await this.auditRefusal(account, address, "wrong-code", now);
      return { ok: false };
    }
    await this.guard.succeeded(keys);
    await this.store.deleteSession(session.idDigest);
    const sessionId = await this.newSession(account, true, now);
    await this.audit({ action: "sign-in", actorId: account.id, actorEmail: account.email, address, details: { step: "code" } }, now);
    return {
      ok: true,
      sessionId,
      member: this.memberOf(account, (await this.store.getSession(digestOf(sessionId)))!),
      ...(knownBrowser ? {} : { deviceId: await this.rememberBrowser(account, now) }),
    };
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

  async createAccount(
    actor: Actor,
    input: { email: string; name: string; role: StaffRole },
    address?: string,
  ): Promise<{ account: StaffAccount; link: string }> {
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
    await this.store.updateAccount(account.id, { passwordHash: null });
    await this.store.deleteSessionsOf(account.id);
    // Browsers that knew the old password are strangers to the new one.
    await this.store.forgetKnownDevicesOf(account.id);
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
    const problem = await passwordProblem(password, { ...account, business: this.businessWords() });
    if (problem) return { ok: false, field: "password", problem };
    const passwordHash = await this.hashing.run(() => hashPassword(password), { client: address, known: true });
    if (passwordHash === undefined) return { ok: false, field: "password", problem: BUSY_PROBLEM };
    // Used up only now, so a refused password can be tried again with the same link.
    if ((await this.store.takeSetPasswordToken(digestOf(token), new Date())) !== account.id)
      return { ok: false, field: "token", problem: EXPIRED_LINK };
    const updated = await this.store.updateAccount(account.id, { passwordHash, passwordSetAt: new Date() });
    await this.store.deleteSessionsOf(account.id);
    await this.store.forgetKnownDevicesOf(account.id);
    await this.audit({ action: "password-set", actorId: account.id, actorEmail: account.email, address });
    return { ok: true, account: updated! };
  }

  async changeAccount(
    actor: Actor,
    account: StaffAccount,
    changes: Pick<AccountChanges, "name" | "role" | "disabled" | "branches">,
    address?: string,
  ): Promise<StaffAccount | undefined> {
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

  /** Turns on a second factor for a member without one; one already on must be turned off first, with proof. */
  async setSecondFactor(member: StaffMember, secret: string, code: string, address: string, now = new Date()): Promise<boolean> {
    const { account } = member;
    if (account.totpSecret !== undefined || !TOTP_SECRET.test(secret)) return false;
    const step = matchingCodeStep(secret, code, now.getTime());
    if (step === undefined) return false;
    await this.store.updateAccount(account.id, { totpSecret: secret });
    // The code that proved the app was set up cannot then be used to sign in.
    await this.store.takeCodeStep(account.id, step);
    await this.audit({ action: "second-factor-set", ...actorOf({ account }), address, targetId: account.id });
    return true;
  }

  /**
   * Turns off a member's own second factor, once they prove they are its owner with its
   * current code or their password, each held back by the guard as at sign-in: a session
   * left open on a shared computer is not enough.
   */
  async removeOwnSecondFactor(member: StaffMember, proof: OwnerProof, address: string, now = new Date()): Promise<ProofResult> {
    const { account } = member;
    const subject: AttemptSubject = "code" in proof ? { codeOf: account.id } : { passwordOf: account.email };
    const keys: AttemptKey[] = this.guard.keysFor(subject, address);
    const waitMs = await this.guard.admit(keys, now);
    if (waitMs > 0) return { ok: false, waitSeconds: Math.ceil(waitMs / 1000) };
    const proved =
      "code" in proof
        ? await this.codeIsNew(account, proof.code, now)
        : await this.hashing.run(() => verifyPassword(proof.password, account.passwordHash ?? UNMATCHABLE_HASH), {
            client: address,
            known: true,
          });
    if (proved === undefined) return { ok: false, waitSeconds: BUSY_WAIT_SECONDS };
    if (!proved) {
      await this.audit(
        {
          action: "sign-in-refused",
          ...actorOf({ account }),
          address,
          details: { reason: "code" in proof ? "wrong-code" : "wrong-password", step: "second-factor-removal" },
        },
        now,
      );
      return { ok: false };
    }
    await this.guard.succeeded(keys);
    await this.removeSecondFactor({ account }, account, address);
    return { ok: true };
  }

  /** An admin's or the command line's: for someone who has lost their phone. */
  async removeSecondFactor(actor: Actor, account: StaffAccount, address?: string): Promise<void> {
    await this.store.updateAccount(account.id, { totpSecret: null });
    await this.audit({ action: "second-factor-removed", ...actorOf(actor), address, targetId: account.id });
  }

  /** Until when browsers new to the account must wait to sign in after failed attempts, and after how many; undefined when they need not. */
  newBrowsersWaitFor(account: StaffAccount, now = new Date()): Promise<{ until: Date; attempts: number } | undefined> {
    return this.guard.newBrowsersWaitFor(account.email, now);
  }

  /** An admin lets new browsers try the account again at once (its owner is on a new computer during an attack, say). */
  async letNewBrowsersIn(actor: Actor, account: StaffAccount, address?: string): Promise<void> {
    await this.guard.letNewBrowsersIn(account.email, account.id);
    await this.audit({ action: "account-changed", ...actorOf(actor), address, targetId: account.id, details: { unlocked: true } });
  }

  /** Ends sessions past their time, forgets old attempts and expired audit entries: at start and hourly, so none piles up. */
  async sweep(now = new Date()): Promise<void> {
    await this.store.deleteExpiredSessions(now, new Date(now.getTime() - this.settings.idleMinutes * 60_000));
    await this.guard.forgetOld(now);
    if (this.settings.auditRetentionDays)
      await this.store.deleteAuditBefore(new Date(now.getTime() - this.settings.auditRetentionDays * 24 * 3_600_000));
  }

  accounts(): Promise<StaffAccount[]> {
    return this.store.listAccounts();
  }

  account(id: string): Promise<StaffAccount | undefined> {
    return this.store.getAccount(id);
  }

  /** Every account by name, marking those a lead may be given to: accounts that work leads and can sign in. */
  async accountNames(): Promise<{ id: string; name: string; assignable: boolean; branches?: string[] }[]> {
    return (await this.store.listAccounts()).map(({ id, name, disabled, role, branches }) => ({
      id,
      name,
      assignable: !disabled && (role === "sales" || role === "admin"),
      ...(branches ? { branches } : {}),
    }));
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

  private businessWords(): { name: string; domains: string[] } {
    const { issuer, siteOrigin, dealerEmail } = this.settings;
    return { name: issuer, domains: [new URL(siteOrigin).hostname, dealerEmail.slice(dealerEmail.lastIndexOf("@") + 1)] };
  }

  private auditRefusal(account: StaffAccount | undefined, address: string, reason: string, now: Date): Promise<void> {
    return this.audit(
      {
        action: "sign-in-refused",
        address,
        ...(account ? { actorId: account.id, actorEmail: account.email } : {}),
        details: { reason },
      },
      now,
    );
  }

  private async newSession(account: StaffAccount, secondFactorDone: boolean, now: Date): Promise<string> {
    const sessionId = newSecret();
    await this.store.addSession({
      idDigest: digestOf(sessionId),
      accountId: account.id,
      csrfToken: newSecret(),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + this.settings.absoluteHours * 3_600_000),
      secondFactorDone,
    });
    return sessionId;
  }

  /** True when `code` is the account's code for now (or a step either side) and no code of that step or later was taken before. */
  private async codeIsNew(account: StaffAccount, code: string, now: Date): Promise<boolean> {
    const step = account.totpSecret ? matchingCodeStep(account.totpSecret, code, now.getTime()) : undefined;
    return step !== undefined && (await this.store.takeCodeStep(account.id, step));
  }

  /** The digest of the device cookie when it was given to this account. */
  private async knownBrowser(account: StaffAccount | undefined, deviceId: string | undefined): Promise<string | undefined> {
    if (!account || !deviceId) return undefined;
    const digest = digestOf(deviceId);
    return (await this.store.knownDeviceAccount(digest)) === account.id ? digest : undefined;
  }

  /** A device cookie's value for a browser that has just signed in to the account in full. */
  private async rememberBrowser(account: StaffAccount, now: Date): Promise<string> {
    const deviceId = newSecret();
    await this.store.addKnownDevice({ digest: digestOf(deviceId), accountId: account.id, createdAt: now });
    return deviceId;
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

const BUSY_PROBLEM = "The site is busy checking passwords. Please try again in a minute.";

function actorOf(actor: Actor): Pick<AuditEntry, "actorId" | "actorEmail" | "origin"> {
  return actor === "command line" ? { origin: "command line" } : { actorId: actor.account.id, actorEmail: actor.account.email };
}

/** What changed, for the audit log: which fields, and the role or state they took, never a name. */
function auditableChanges(changes: Pick<AccountChanges, "name" | "role" | "disabled" | "branches">): Record<string, string | boolean> {
  return {
    ...(changes.role ? { role: changes.role } : {}),
    // Branch codes are the dealer's, not personal data.
    ...(changes.branches !== undefined ? { branches: changes.branches === null ? "every" : changes.branches.join(" ") } : {}),
    ...(changes.disabled !== undefined ? { disabled: changes.disabled } : {}),
    ...(changes.name !== undefined ? { renamed: true } : {}),
  };
}
