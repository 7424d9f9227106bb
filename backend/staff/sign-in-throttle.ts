/**
 * Growing waits after failed sign-ins, so that guessing passwords is slow however it is
 * spread: per account (kept with the account, so every site instance sees it) and per
 * client address (kept by each instance). The first few failures cost nothing, as people
 * mistype; after that each failure doubles the wait, up to a quarter of an hour, which
 * slows a guesser to a crawl without locking a member of staff out for long.
 */

const FREE_FAILURES = { account: 4, address: 10 } as const;
const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 15 * 60_000;
/** An address's failures are forgotten after this long without one. */
const ADDRESS_MEMORY_MS = 60 * 60_000;
/** Past this many addresses remembered, the forgotten ones are cleared away, so a spread-out attack cannot fill memory. */
const ADDRESSES_BEFORE_SWEEP = 10_000;

/** How long sign-ins must wait after `failures` failed ones in a row; 0 for none. */
export function waitAfter(failures: number, free: number): number {
  if (failures <= free) return 0;
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - free - 1));
}

/** When an account that has just failed for the `failures`th time may try again; undefined while it may at once. */
export function accountLockedUntil(failures: number, now: Date): Date | undefined {
  const wait = waitAfter(failures, FREE_FAILURES.account);
  return wait > 0 ? new Date(now.getTime() + wait) : undefined;
}

/** The per-address side, in this instance's memory. */
export class AddressThrottle {
  private readonly failures = new Map<string, { count: number; last: number }>();

  /** How many milliseconds the address must wait before its next sign-in; 0 when it may go ahead. */
  waitFor(address: string, now = Date.now()): number {
    const seen = this.failures.get(address);
    if (!seen) return 0;
    if (now - seen.last > ADDRESS_MEMORY_MS) {
      this.failures.delete(address);
      return 0;
    }
    return Math.max(0, seen.last + waitAfter(seen.count, FREE_FAILURES.address) - now);
  }

  failed(address: string, now = Date.now()): void {
    const count = (this.failures.get(address)?.count ?? 0) + 1;
    this.failures.set(address, { count, last: now });
    if (this.failures.size > ADDRESSES_BEFORE_SWEEP) {
      for (const [seen, { last }] of this.failures) if (now - last > ADDRESS_MEMORY_MS) this.failures.delete(seen);
    }
  }

  succeeded(address: string): void {
    this.failures.delete(address);
  }
}
