import { describe, expect, it } from "vitest";
import { accountLockedUntil, AddressThrottle, waitAfter } from "./sign-in-throttle";

describe("waits after failed sign-ins", () => {
  it("cost nothing for the first few, then double from 30 s to at most 15 minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20].map((failures) => waitAfter(failures, 4) / 1000)).toEqual([0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900]);
  });

  it("lock an account from its fifth failure in a row", () => {
    const now = new Date("2030-01-01T12:00:00Z");
    expect(accountLockedUntil(4, now)).toBeUndefined();
    expect(accountLockedUntil(5, now)).toEqual(new Date("2030-01-01T12:00:30Z"));
    expect(accountLockedUntil(9, now)).toEqual(new Date("2030-01-01T12:08:00Z"));
  });
});

describe("AddressThrottle", () => {
  it("makes an address wait after ten failures, longer after each, and forgets it after a success", () => {
    const throttle = new AddressThrottle();
    let now = 1_000_000;
    for (let i = 0; i < 10; i++) throttle.failed("192.0.2.1", now);
    expect(throttle.waitFor("192.0.2.1", now)).toBe(0);
    throttle.failed("192.0.2.1", now);
    expect(throttle.waitFor("192.0.2.1", now)).toBe(30_000);
    expect(throttle.waitFor("192.0.2.1", now + 29_000)).toBe(1_000);
    expect(throttle.waitFor("192.0.2.2", now)).toBe(0);
    now += 30_000;
    throttle.failed("192.0.2.1", now);
    expect(throttle.waitFor("192.0.2.1", now)).toBe(60_000);
    throttle.succeeded("192.0.2.1");
    expect(throttle.waitFor("192.0.2.1", now)).toBe(0);
  });

  it("forgets an address an hour after its last failure", () => {
    const throttle = new AddressThrottle();
    for (let i = 0; i < 12; i++) throttle.failed("192.0.2.1", 0);
    expect(throttle.waitFor("192.0.2.1", 60 * 60_000 + 1)).toBe(0);
  });
});
