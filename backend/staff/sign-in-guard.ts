import { digestOf } from "./secrets";
import type { StaffStore } from "./staff-store";

/**
 * How guessing passwords and second-factor codes is slowed, after OWASP's Authentication
 * Cheat Sheet ("Login Throttling", "Account Lockout"). Every attempt is counted before it is
 * checked, against three keys at once, so attempts sent together cost as much as attempts
 * sent one by one; once a key has had its free attempts, the next must wait 30 seconds, then
 * twice as long each time, up to a quarter of an hour:
 *
 * - the client address, whatever it tries (10 free): one address trying many accounts;
 * - the account from that address (5 free): one address trying one account;
 * - the account from every browser that has not signed in to it before (10 free): many
 *   addresses trying one account. A browser that has (it carries the device cookie the
 *   account's last full sign-in there gave it) is counted on its own instead (5 free), so
 *   strangers guessing from elsewhere, however many, never make the account's owner wait on
 *   a browser they have used before; on a new one the owner waits like anyone, or an admin
 *   lets new browsers in again (the Accounts page).
 *
 * Accounts are named by the digest of what was typed (an e-mail address, known or not), so
 * a wait says nothing about which addresses have accounts. An attempt refused for waiting
 * counts too: hammering a key keeps it waiting. One that succeeds clears its keys. A key
 * unused for an hour starts again from nothing.
 */

/** Attempts each key may make before the first wait. */
const FREE_ATTEMPTS = { address: 10, accountFromAddress: 5, accountFromNewBrowsers: 10, knownBrowser: 5 } as const;
const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 15 * 60_000;
export const ATTEMPT_MEMORY_MS = 60 * 60_000;

/** One key an attempt is counted against, and how many attempts it has free. */
export interface AttemptKey {
  key: string;
  free: number;
}

/** How long the attempt after `attempts` counted ones must wait after the last; 0 for none. */
export function waitAfter(attempts: number, free: number): number {
  if (attempts < free) return 0;
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (attempts - free));
}

/** What is tried: the password of an e-mail address (whether or not it has an account), or the code of an account's second factor. */
export type AttemptSubject = { passwordOf: string } | { codeOf: string };

function subjectKey(subject: AttemptSubject): string {
  return digestOf("passwordOf" in subject ? `password:${subject.passwordOf.trim().toLowerCase()}` : `code:${subject.codeOf}`);
}

export class SignInGuard {
  constructor(private readonly store: Pick<StaffStore, "countAttempts" | "attemptsOf" | "clearAttempts" | "forgetAttempts">) {}

  /** The keys an attempt at `subject` from `address` counts against; `knownBrowser` is the digest of a device cookie given for this account. */
  keysFor(subject: AttemptSubject, address: string, knownBrowser?: string): AttemptKey[] {
    const who = subjectKey(subject);
    return [
      { key: `address:${address}`, free: FREE_ATTEMPTS.address },
      { key: `account-address:${who}:${address}`, free: FREE_ATTEMPTS.accountFromAddress },
      knownBrowser
        ? { key: `known-browser:${knownBrowser}:${who}`, free: FREE_ATTEMPTS.knownBrowser }
        : { key: `new-browsers:${who}`, free: FREE_ATTEMPTS.accountFromNewBrowsers },
    ];
  }

  /** Counts an attempt; resolves to how many milliseconds it must wait before it may be checked: 0 when it may be now. */
  async admit(keys: readonly AttemptKey[], now: Date): Promise<number> {
    const before = await this.store.countAttempts(
      keys.map(({ key }) => key),
      now,
      new Date(now.getTime() - ATTEMPT_MEMORY_MS),
    );
    const waits = before.map((counted, i) => {
      const wait = counted ? waitAfter(counted.count, keys[i]!.free) : 0;
      // Only a key past its free attempts makes one wait (attempts at once may count in another order than their clocks read).
      return wait > 0 ? counted!.last.getTime() + wait - now.getTime() : 0;
    });
    // Another attempt sent at once may have been counted with a clock a moment ahead of this one's: never past the longest wait.
    return Math.min(LONGEST_WAIT_MS, Math.max(0, ...waits));
  }

  succeeded(keys: readonly AttemptKey[]): Promise<void> {
    return this.store.clearAttempts(keys.map(({ key }) => key));
  }

  /** Until when browsers new to the account of this e-mail address must wait to try its password, and after how many attempts. */
  async newBrowsersWaitFor(email: string, now: Date): Promise<{ until: Date; attempts: number } | undefined> {
    const key = `new-browsers:${subjectKey({ passwordOf: email })}`;
    const counted = await this.store.attemptsOf(key);
    if (!counted || counted.last.getTime() < now.getTime() - ATTEMPT_MEMORY_MS) return undefined;
    const until = new Date(counted.last.getTime() + waitAfter(counted.count, FREE_ATTEMPTS.accountFromNewBrowsers));
    return until > now ? { until, attempts: counted.count } : undefined;
  }

  /** Lets new browsers try the account's password and code again at once (an admin's choice). */
  letNewBrowsersIn(email: string, accountId: string): Promise<void> {
    return this.store.clearAttempts([
      `new-browsers:${subjectKey({ passwordOf: email })}`,
      `new-browsers:${subjectKey({ codeOf: accountId })}`,
    ]);
  }

  forgetOld(now: Date): Promise<void> {
    return this.store.forgetAttempts(new Date(now.getTime() - ATTEMPT_MEMORY_MS));
  }
}
