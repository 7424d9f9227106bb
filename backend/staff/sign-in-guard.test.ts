import { describe, expect, it } from "vitest";
import { SignInGuard, waitAfter } from "./sign-in-guard";

const MINUTE = 60_000;

/** A guard over attempts counted in memory, each key's last attempt at the time given. */
function guardWith(count: number, last: Date) {
  return new SignInGuard({
    countAttempts: async (keys) => keys.map(() => ({ count, last })),
    attemptsOf: async () => ({ count, last }),
    clearAttempts: async () => {},
    forgetAttempts: async () => {},
  });
}

describe("sign-in waits", () => {
  it("are free for the free attempts, then 30 s doubling, never more than 15 minutes", () => {
    expect([4, 5, 6, 7, 10, 30].map((attempts) => waitAfter(attempts, 5))).toEqual([0, 30_000, 60_000, 120_000, 15 * MINUTE, 15 * MINUTE]);
  });

  it("never ask for more than 15 minutes, though an attempt sent at the same moment was counted with a clock a little ahead", async () => {
    const now = new Date("2026-11-27T10:00:00.000Z");
    const guard = guardWith(40, new Date(now.getTime() + 7));
    const keys = guard.keysFor({ passwordOf: "someone@example.com" }, "10.0.0.1");
    expect(await guard.admit(keys, now)).toBe(15 * MINUTE);
  });
});
