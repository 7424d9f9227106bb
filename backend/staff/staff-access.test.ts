import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileStaffStore } from "./file-staff-store";
import { HashQueue } from "./hash-queue";
import { digestOf } from "./secrets";
import { EXPIRED_LINK, StaffAccess, type StaffSettings } from "./staff-access";

const SETTINGS: StaffSettings = {
  idleMinutes: 30,
  absoluteHours: 12,
  requireSecondFactorForAdmins: false,
  setPasswordLinkHours: 48,
  siteOrigin: "https://www.dealer.example",
  issuer: "Dockside Motor Company",
  dealerEmail: "sales@dockside-motors.example",
};
const PASSWORD = "harbour lantern ferry quay";
const ADDRESS = "192.0.2.10";
const MINUTE = 60_000;

/** The code an authenticator app shows for a secret at a moment. */
const codeAt = (secret: string, time: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: time });
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

let dataDir: string;
let store: FileStaffStore;
let access: StaffAccess;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "staff-access-"));
  store = await FileStaffStore.open(dataDir);
  access = new StaffAccess(store, SETTINGS);
});
afterEach(async () => {
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function staffWithPassword(role: "sales" | "admin" = "sales") {
  const { account, link } = await access.createAccount("command line", { email: `${role}@dealer.example`, name: "Jo Bloggs", role });
  expect(await access.setPassword(tokenOf(link), PASSWORD, ADDRESS)).toMatchObject({ ok: true });
  return account;
}

describe("set-password links", () => {
  it("point at the site, set a password that meets the rules, and work once", async () => {
    const { account, link } = await access.createAccount("command line", { email: "jo@dealer.example", name: "Jo Bloggs", role: "sales" });
    expect(link).toMatch(/^https:\/\/www\.dealer\.example\/staff\/set-password\?token=[\w-]{43}$/);
    expect(await access.accountOfLink(tokenOf(link))).toMatchObject({ id: account.id });
    expect(await access.setPassword(tokenOf(link), "password1234", ADDRESS)).toEqual({
      ok: false,
      field: "password",
      problem: expect.stringContaining("too easy to guess"),
    });
    // A refused password leaves the link working.
    expect(await access.setPassword(tokenOf(link), PASSWORD, ADDRESS)).toMatchObject({ ok: true });
    expect(await access.setPassword(tokenOf(link), "another lantern ferry", ADDRESS)).toEqual({
      ok: false,
      field: "token",
      problem: EXPIRED_LINK,
    });
    expect(await access.accountOfLink(tokenOf(link))).toBeUndefined();
  });

  it("refuse a password built on the dealer's name, its e-mail domain or the site's", async () => {
    const { link } = await access.createAccount("command line", { email: "jo@dealer.example", name: "Jo Bloggs", role: "sales" });
    for (const password of ["Dockside Motors 1", "www.dealer.example 1"])
      expect(await access.setPassword(tokenOf(link), password, ADDRESS), password).toEqual({
        ok: false,
        field: "password",
        problem: expect.stringContaining("built on the dealer's name or the site's address"),
      });
  });

  it("stop working when a newer one is made, or once they expire", async () => {
    const { account, link: first } = await access.createAccount("command line", { email: "jo@dealer.example", name: "Jo", role: "sales" });
    const second = await access.setPasswordLink("command line", account);
    expect(await access.accountOfLink(tokenOf(first))).toBeUndefined();
    const shortLived = new StaffAccess(store, { ...SETTINGS, setPasswordLinkHours: -1 });
    const expired = await shortLived.setPasswordLink("command line", account);
    expect(await access.setPassword(tokenOf(expired), PASSWORD, ADDRESS)).toMatchObject({ ok: false, field: "token" });
    expect(await access.accountOfLink(tokenOf(second))).toBeUndefined();
  });

  it("are kept only as a digest", async () => {
    const { link } = await access.createAccount("command line", { email: "jo@dealer.example", name: "Jo", role: "sales" });
    const onDisk = await readFile(path.join(dataDir, "staff", "accounts.json"), "utf8");
    expect(onDisk).not.toContain(tokenOf(link));
    expect(onDisk).toContain(digestOf(tokenOf(link)));
  });
});

describe("signing in", () => {
  it("gives a new session, kept only as a digest, that ends after 30 idle minutes or 12 hours", async () => {
    const account = await staffWithPassword();
    const start = new Date("2030-01-01T08:00:00Z");
    const signedIn = await access.signIn(" Sales@Dealer.example ", PASSWORD, ADDRESS, undefined, start);
    if (!signedIn.ok) throw new Error("refused");
    expect(signedIn.member).toMatchObject({ account: { id: account.id }, needsCode: false, mustSetUpSecondFactor: false });
    const sessionFiles = await readdir(path.join(dataDir, "staff", "sessions"));
    expect(sessionFiles).toEqual([`${digestOf(signedIn.sessionId)}.json`]);
    expect(await readFile(path.join(dataDir, "staff", "sessions", sessionFiles[0]!), "utf8")).not.toContain(signedIn.sessionId);

    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    expect(await access.current(signedIn.sessionId, at(29))).toBeDefined();
    // Each use moves the idle end on, up to the absolute end.
    for (let minutes = 58; minutes < 12 * 60; minutes += 29)
      expect(await access.current(signedIn.sessionId, at(minutes)), `${minutes} minutes`).toBeDefined();
    expect(await access.current(signedIn.sessionId, at(12 * 60 + 1))).toBeUndefined();

    const again = await access.signIn("sales@dealer.example", PASSWORD, ADDRESS, undefined, start);
    if (!again.ok) throw new Error("refused");
    expect(again.sessionId).not.toBe(signedIn.sessionId);
    expect(await access.current(again.sessionId, at(31))).toBeUndefined();
    expect(await access.current("a-session-id-nobody-was-given", start)).toBeUndefined();
  });

  it("answers a wrong password, an unknown address and a disabled account alike, and audits each without the password", async () => {
    const account = await staffWithPassword();
    expect(await access.signIn("sales@dealer.example", "wrong lantern ferry", ADDRESS)).toEqual({ ok: false });
    expect(await access.signIn("nobody@dealer.example", PASSWORD, ADDRESS)).toEqual({ ok: false });
    await access.changeAccount("command line", account, { disabled: true });
    expect(await access.signIn("sales@dealer.example", PASSWORD, ADDRESS)).toEqual({ ok: false });
    const { entries } = await store.listAudit({ action: "sign-in-refused", page: 1, pageSize: 10 });
    expect(entries.map(({ details }) => details?.reason)).toEqual(["disabled", "unknown-account", "wrong-password"]);
    const audit = await readFile(path.join(dataDir, "staff", "audit.ndjson"), "utf8");
    for (const secret of [PASSWORD, "wrong lantern ferry", "nobody@dealer.example"]) expect(audit).not.toContain(secret);
  });

  it("makes one address wait after ten attempts, whichever addresses it tries", async () => {
    for (let i = 0; i < 10; i++)
      expect(await access.signIn(`guess${i}@dealer.example`, "anything at all here", ADDRESS)).toEqual({ ok: false });
    expect(await access.signIn("guess@dealer.example", "anything at all here", ADDRESS)).toEqual({ ok: false, waitSeconds: 30 });
  });

  it("counts guesses sent together before checking any, so 26 at once from one address check five passwords, the right one sent last not among them", async () => {
    const account = await staffWithPassword();
    const now = new Date("2030-01-01T08:00:00Z");
    const guesses = [...Array.from({ length: 25 }, (_, i) => `wrong lantern guess ${i}`), PASSWORD];
    const results = await Promise.all(guesses.map((password) => access.signIn("sales@dealer.example", password, ADDRESS, undefined, now)));
    expect(results.filter((result) => result.ok)).toEqual([]);
    expect(results.filter((result) => !result.ok && result.waitSeconds)).toHaveLength(21);
    const { entries } = await store.listAudit({ actorId: account.id, page: 1, pageSize: 100 });
    expect(entries.filter(({ details }) => details?.reason === "wrong-password")).toHaveLength(5);
    expect(entries.filter(({ details }) => details?.reason === "throttled")).toHaveLength(21);
  });

  it("never lets strangers elsewhere make the owner wait on a browser they have signed in from, and tells nobody which addresses have accounts", async () => {
    await staffWithPassword();
    const now = new Date("2030-01-01T08:00:00Z");
    const first = await access.signIn("sales@dealer.example", PASSWORD, "203.0.113.5", undefined, now);
    if (!first.ok || !first.deviceId) throw new Error("no device cookie after a full sign-in");
    // Five wrong passwords from each of twenty addresses: new browsers must wait.
    for (let i = 0; i < 20; i++) {
      for (let guess = 0; guess < 5; guess++)
        await access.signIn("sales@dealer.example", `stranger guess ${guess}`, `198.51.100.${i}`, undefined, now);
    }
    const fromNewBrowser = await access.signIn("sales@dealer.example", PASSWORD, "203.0.113.5", undefined, now);
    expect(fromNewBrowser).toMatchObject({ ok: false, waitSeconds: expect.any(Number) });
    // The same for an address with no account: the wait says nothing about which have one.
    for (let i = 0; i < 20; i++) {
      for (let guess = 0; guess < 5; guess++)
        await access.signIn("nobody@dealer.example", `stranger guess ${guess}`, `198.51.100.${i}`, undefined, now);
    }
    expect(await access.signIn("nobody@dealer.example", PASSWORD, "203.0.113.5", undefined, now)).toEqual({
      ok: false,
      waitSeconds: fromNewBrowser.ok ? 0 : fromNewBrowser.waitSeconds,
    });
    // The owner's own browser goes straight in, with the right password.
    expect(await access.signIn("sales@dealer.example", PASSWORD, "203.0.113.5", first.deviceId, now)).toMatchObject({ ok: true });
    // A device cookie given to another account is a stranger's.
    await staffWithPassword("admin");
    expect(await access.signIn("admin@dealer.example", PASSWORD, "203.0.113.5", first.deviceId, now)).toMatchObject({
      ok: true,
      deviceId: expect.any(String),
    });
  });

  it("lets an admin let new browsers in again at once", async () => {
    const account = await staffWithPassword();
    const now = new Date("2030-01-01T08:00:00Z");
    for (let i = 0; i < 11; i++) await access.signIn("sales@dealer.example", "stranger guess", `198.51.100.${i}`, undefined, now);
    // Ten were checked; the eleventh waited, and counts: the next waits a minute.
    expect(await access.newBrowsersWaitFor(account, now)).toEqual({ until: new Date(now.getTime() + 60_000), attempts: 11 });
    expect(await access.signIn("sales@dealer.example", PASSWORD, "203.0.113.5", undefined, now)).toMatchObject({
      ok: false,
      waitSeconds: 60,
    });
    await access.letNewBrowsersIn("command line", account);
    expect(await access.newBrowsersWaitFor(account, now)).toBeUndefined();
    expect(await access.signIn("sales@dealer.example", PASSWORD, "203.0.113.5", undefined, now)).toMatchObject({ ok: true });
  });

  it("doubles the wait with each attempt that does not wait, up to a quarter of an hour, and forgets a key after an idle hour", async () => {
    await staffWithPassword();
    const start = new Date("2030-01-01T08:00:00Z").getTime();
    const at = (seconds: number) => new Date(start + seconds * 1000);
    for (let i = 0; i < 5; i++) await access.signIn("sales@dealer.example", "wrong lantern", ADDRESS, undefined, at(0));
    const waits = [];
    for (let i = 0; i < 8; i++) {
      const result = await access.signIn("sales@dealer.example", "wrong lantern", ADDRESS, undefined, at(1 + i));
      waits.push(result.ok ? 0 : result.waitSeconds);
    }
    // Each a second after the last, which it was told to wait 30 s, 60 s, ... after.
    expect(waits).toEqual([29, 59, 119, 239, 479, 899, 899, 899]);
    expect(await access.signIn("sales@dealer.example", PASSWORD, ADDRESS, undefined, at(8 + 3601))).toMatchObject({ ok: true });
  });

  it("ends every session of an account: signing out everywhere, a disabled account, a new password", async () => {
    const account = await staffWithPassword();
    const sessions = [];
    for (let i = 0; i < 3; i++) {
      const result = await access.signIn("sales@dealer.example", PASSWORD, ADDRESS);
      if (!result.ok) throw new Error("refused");
      sessions.push(result);
    }
    expect(await access.signOutEverywhere(sessions[0]!.member, ADDRESS)).toBe(3);
    for (const { sessionId } of sessions) expect(await access.current(sessionId)).toBeUndefined();

    const kept = await access.signIn("sales@dealer.example", PASSWORD, ADDRESS);
    if (!kept.ok) throw new Error("refused");
    await access.changeAccount("command line", account, { disabled: true });
    expect(await access.current(kept.sessionId)).toBeUndefined();
    await access.changeAccount("command line", account, { disabled: false });

    const beforeReset = await access.signIn("sales@dealer.example", PASSWORD, ADDRESS);
    if (!beforeReset.ok) throw new Error("refused");
    const link = await access.resetPassword("command line", account);
    expect(await access.current(beforeReset.sessionId)).toBeUndefined();
    expect(await access.signIn("sales@dealer.example", PASSWORD, ADDRESS)).toEqual({ ok: false });
    expect(await access.setPassword(tokenOf(link), "a brand new lantern", ADDRESS)).toMatchObject({ ok: true });
  });
});

describe("password hashes during a flood", () => {
  /** A StaffAccess whose one hashing place is taken until `release` is called, with `waiting` places behind it. */
  function withHashingHeld(waiting: number) {
    const hashing = new HashQueue({ running: 1, waiting });
    let release!: () => void;
    void hashing.run(() => new Promise<void>((resolve) => (release = resolve)), { client: "elsewhere", known: true });
    return { held: new StaffAccess(store, SETTINGS, hashing), release: () => release() };
  }
  const settledYet = async (answer: Promise<unknown>) =>
    Promise.race([answer.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 50))]);

  it("wait their turn for an address with no account as for one with an account, so neither answers sooner", async () => {
    await staffWithPassword();
    const { held, release } = withHashingHeld(10);
    const known = held.signIn("sales@dealer.example", "wrong lantern ferry", ADDRESS);
    const unknown = held.signIn("nobody@dealer.example", "wrong lantern ferry", "192.0.2.11");
    expect([await settledYet(known), await settledYet(unknown)]).toEqual([false, false]);
    release();
    expect(await Promise.all([known, unknown])).toEqual([{ ok: false }, { ok: false }]);
  });

  it("are never made for an attempt the guard holds back: it answers while every hashing place is taken", async () => {
    const { held, release } = withHashingHeld(10);
    // Eleven at once from one address: whichever the guard counts last (each first reads the
    // accounts file, so not always the last sent) is held back, and answered at once.
    const attempts = Array.from({ length: 11 }, (_, i) => held.signIn(`guess${i}@dealer.example`, "anything at all here", ADDRESS));
    expect(await Promise.race(attempts)).toEqual({ ok: false, waitSeconds: 30 });
    release();
    const answers = await Promise.all(attempts);
    expect(answers.filter((answer) => "waitSeconds" in answer)).toEqual([{ ok: false, waitSeconds: 30 }]);
    expect(answers.filter((answer) => !("waitSeconds" in answer))).toEqual(Array.from({ length: 10 }, () => ({ ok: false })));
  });

  it("go first for a browser the account has signed in on, before strangers' waiting", async () => {
    await staffWithPassword();
    const first = await access.signIn("sales@dealer.example", PASSWORD, ADDRESS);
    if (!first.ok) throw new Error("refused");
    const { held, release } = withHashingHeld(10);
    const answered: string[] = [];
    const stranger = held.signIn("nobody@dealer.example", "a wrong password", "198.51.100.1").then(() => answered.push("stranger"));
    const owner = held.signIn("sales@dealer.example", PASSWORD, ADDRESS, first.deviceId).then(() => answered.push("owner"));
    await settledYet(stranger);
    release();
    await Promise.all([stranger, owner]);
    expect(answered).toEqual(["owner", "stranger"]);
  });

  it("that find no place are told to wait, as the guard tells them, and audited as refused for a busy site", async () => {
    await staffWithPassword();
    const { held, release } = withHashingHeld(0);
    expect(await held.signIn("sales@dealer.example", PASSWORD, ADDRESS)).toEqual({ ok: false, waitSeconds: 60 });
    release();
    const { entries } = await store.listAudit({ action: "sign-in-refused", page: 1, pageSize: 10 });
    expect(entries.map(({ details }) => details?.reason)).toEqual(["busy"]);
  });
});

describe("the second factor", () => {
  async function withSecondFactor(role: "sales" | "admin" = "sales") {
    const account = await staffWithPassword(role);
    const first = await access.signIn(`${role}@dealer.example`, PASSWORD, ADDRESS);
    if (!first.ok) throw new Error("refused");
    const { secret } = await access.secondFactorEnrolment(first.member);
    // The code of the step before now, so that now's code is still to be taken.
    expect(await access.setSecondFactor(first.member, secret, codeAt(secret, Date.now() - 30_000), ADDRESS)).toBe(true);
    return { account, secret, member: first.member };
  }

  async function halfSignedIn(role: "sales" | "admin" = "sales", now = new Date()) {
    const result = await access.signIn(`${role}@dealer.example`, PASSWORD, ADDRESS, undefined, now);
    if (!result.ok) throw new Error("refused");
    expect(result.member.needsCode).toBe(true);
    expect(result.deviceId).toBeUndefined();
    return result;
  }

  it("is kept only once a code proves the app has it, and is then asked for at each sign-in", async () => {
    const account = await staffWithPassword();
    const now = new Date();
    const first = await access.signIn("sales@dealer.example", PASSWORD, ADDRESS, undefined, now);
    if (!first.ok) throw new Error("refused");
    const { secret, uri, qrSvg } = await access.secondFactorEnrolment(first.member);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Dockside%20Motor%20Company:sales%40dealer\.example\?/);
    expect(qrSvg).toMatch(/^<svg /);
    expect(await access.setSecondFactor(first.member, secret, "000000", ADDRESS, now)).toBe(false);
    expect((await store.getAccount(account.id))?.totpSecret).toBeUndefined();
    const setUpWith = codeAt(secret, now.getTime() - 30_000);
    expect(await access.setSecondFactor(first.member, secret, setUpWith, ADDRESS, now)).toBe(true);

    const second = await halfSignedIn("sales", now);
    expect(await access.confirmCode(second.member, "123456", ADDRESS, undefined, now)).toEqual({ ok: false });
    expect((await access.current(second.sessionId, now))?.needsCode).toBe(true);
    const member = (await access.current(second.sessionId, now))!;
    // The code that set it up was taken: it does not sign in.
    expect(await access.confirmCode(member, setUpWith, ADDRESS, undefined, now)).toEqual({ ok: false });
    const done = await access.confirmCode(member, codeAt(secret, now.getTime()), ADDRESS, undefined, now);
    if (!done.ok) throw new Error("refused");
    expect(done.member.needsCode).toBe(false);
    expect(done.deviceId).toEqual(expect.any(String));
  });

  it("gives a new session id once the code is given, ending the half-signed-in one", async () => {
    const { secret } = await withSecondFactor();
    const half = await halfSignedIn();
    const done = await access.confirmCode(half.member, codeAt(secret, Date.now()), ADDRESS);
    if (!done.ok) throw new Error("refused");
    expect(done.sessionId).not.toBe(half.sessionId);
    expect(await access.current(half.sessionId)).toBeUndefined();
    expect((await access.current(done.sessionId))?.needsCode).toBe(false);
    expect(done.member.session.csrfToken).not.toBe(half.member.session.csrfToken);
  });

  it("takes each code once: a code seen over a shoulder, or its predecessor, does not work again", async () => {
    const { secret } = await withSecondFactor();
    const now = Date.now();
    const code = codeAt(secret, now);
    const first = await halfSignedIn();
    expect(await access.confirmCode(first.member, code, ADDRESS)).toMatchObject({ ok: true });
    const second = await halfSignedIn();
    expect(await access.confirmCode(second.member, code, ADDRESS)).toEqual({ ok: false });
    expect(await access.confirmCode(second.member, codeAt(secret, now - 30_000), ADDRESS)).toEqual({ ok: false });
    expect(await access.confirmCode(second.member, codeAt(secret, now + 30_000), ADDRESS)).toMatchObject({ ok: true });
  });

  it("counts codes sent together before checking any: 40 at once check five, the right one sent last not among them", async () => {
    const { account, secret } = await withSecondFactor();
    const half = await halfSignedIn();
    const right = codeAt(secret, Date.now());
    const wrong = Array.from({ length: 39 }, (_, i) => String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, "0"));
    const results = await Promise.all([...wrong, right].map((code) => access.confirmCode(half.member, code, ADDRESS)));
    expect(results.filter((result) => result.ok)).toEqual([]);
    const { entries } = await store.listAudit({ actorId: account.id, action: "sign-in-refused", page: 1, pageSize: 100 });
    expect(entries.filter(({ details }) => details?.reason === "wrong-code")).toHaveLength(5);
    expect(entries.filter(({ details }) => details?.reason === "throttled")).toHaveLength(35);
  });

  it("is turned off by its owner only with its current code or the password", async () => {
    const { account, secret } = await withSecondFactor();
    const half = await halfSignedIn();
    const done = await access.confirmCode(half.member, codeAt(secret, Date.now()), ADDRESS);
    if (!done.ok) throw new Error("refused");
    expect(await access.removeOwnSecondFactor(done.member, { password: "wrong lantern ferry" }, ADDRESS)).toEqual({ ok: false });
    expect(await access.removeOwnSecondFactor(done.member, { code: "000000" }, ADDRESS)).toEqual({ ok: false });
    expect((await store.getAccount(account.id))?.totpSecret).toBe(secret);
    expect(await access.removeOwnSecondFactor(done.member, { password: PASSWORD }, ADDRESS)).toEqual({ ok: true });
    expect((await store.getAccount(account.id))?.totpSecret).toBeUndefined();
  });

  it("cannot be replaced while it is on: it must be turned off first, with proof", async () => {
    const { account, secret } = await withSecondFactor();
    const half = await halfSignedIn();
    const done = await access.confirmCode(half.member, codeAt(secret, Date.now()), ADDRESS);
    if (!done.ok) throw new Error("refused");
    const other = (await access.secondFactorEnrolment(done.member)).secret;
    expect(await access.setSecondFactor(done.member, other, codeAt(other, Date.now()), ADDRESS)).toBe(false);
    expect((await store.getAccount(account.id))?.totpSecret).toBe(secret);
  });

  it("must be set up by admins first where STAFF_REQUIRE_2FA says so", async () => {
    const strict = new StaffAccess(store, { ...SETTINGS, requireSecondFactorForAdmins: true });
    await staffWithPassword("admin");
    await staffWithPassword("sales");
    const admin = await strict.signIn("admin@dealer.example", PASSWORD, ADDRESS);
    const sales = await strict.signIn("sales@dealer.example", PASSWORD, ADDRESS);
    expect(admin.ok && admin.member.mustSetUpSecondFactor).toBe(true);
    expect(sales.ok && sales.member.mustSetUpSecondFactor).toBe(false);
  });
});

describe("the sweep", () => {
  it("removes sessions past their end or idle too long, and keeps the rest", async () => {
    await staffWithPassword();
    const start = new Date("2030-01-01T08:00:00Z");
    const old = await access.signIn("sales@dealer.example", PASSWORD, ADDRESS, undefined, start);
    const fresh = await access.signIn("sales@dealer.example", PASSWORD, ADDRESS, undefined, new Date(start.getTime() + 40 * MINUTE));
    if (!old.ok || !fresh.ok) throw new Error("refused");
    await access.sweep(new Date(start.getTime() + 45 * MINUTE));
    expect(await readdir(path.join(dataDir, "staff", "sessions"))).toEqual([`${digestOf(fresh.sessionId)}.json`]);
  });

  it("moves the sessions an earlier version kept in one file into a file each", async () => {
    const account = await staffWithPassword();
    const session = {
      idDigest: "digest-of-an-old-session",
      accountId: account.id,
      csrfToken: "csrf",
      createdAt: new Date(),
      lastSeenAt: new Date(),
      expiresAt: new Date(Date.now() + 3_600_000),
      secondFactorDone: true,
    };
    await writeFile(path.join(dataDir, "staff", "sessions.json"), JSON.stringify([session]));
    const reopened = await FileStaffStore.open(dataDir);
    expect(await reopened.getSession("digest-of-an-old-session")).toEqual(session);
    expect(await readdir(path.join(dataDir, "staff"))).not.toContain("sessions.json");
  });
});
