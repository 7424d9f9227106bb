import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { capturedLogger } from "../../tests/support/captured-logger";
import { FileStaffStore } from "./file-staff-store";
import { digestOf } from "./secrets";
import { EXPIRED_LINK, StaffAccess, type StaffSettings } from "./staff-access";

const SETTINGS: StaffSettings = {
  idleMinutes: 30,
  absoluteHours: 12,
  requireSecondFactorForAdmins: false,
  setPasswordLinkHours: 48,
  siteOrigin: "https://www.dealer.example",
  issuer: "Dockside Motor Company",
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
const logs = capturedLogger();

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "staff-access-"));
  store = await FileStaffStore.open(dataDir);
  access = new StaffAccess(store, SETTINGS, logs.logger);
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
    expect(await access.setPassword(tokenOf(link), "password1234", ADDRESS)).toEqual({ ok: false, field: "password", problem: expect.stringContaining("most common") });
    // A refused password leaves the link working.
    expect(await access.setPassword(tokenOf(link), PASSWORD, ADDRESS)).toMatchObject({ ok: true });
    expect(await access.setPassword(tokenOf(link), "another lantern ferry", ADDRESS)).toEqual({ ok: false, field: "token", problem: EXPIRED_LINK });
    expect(await access.accountOfLink(tokenOf(link))).toBeUndefined();
  });

  it("stop working when a newer one is made, or once they expire", async () => {
    const { account, link: first } = await access.createAccount("command line", { email: "jo@dealer.example", name: "Jo", role: "sales" });
    const second = await access.setPasswordLink("command line", account);
    expect(await access.accountOfLink(tokenOf(first))).toBeUndefined();
    const shortLived = new StaffAccess(store, { ...SETTINGS, setPasswordLinkHours: -1 }, logs.logger);
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
    const signedIn = await access.signIn(" Sales@Dealer.example ", PASSWORD, ADDRESS, start);
    if (!signedIn.ok) throw new Error("refused");
    expect(signedIn.member).toMatchObject({ account: { id: account.id }, needsCode: false, mustSetUpSecondFactor: false });
    expect(await readFile(path.join(dataDir, "staff", "sessions.json"), "utf8")).not.toContain(signedIn.sessionId);

    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    expect(await access.current(signedIn.sessionId, at(29))).toBeDefined();
    // Each use moves the idle end on, up to the absolute end.
    for (let minutes = 58; minutes < 12 * 60; minutes += 29) expect(await access.current(signedIn.sessionId, at(minutes)), `${minutes} minutes`).toBeDefined();
    expect(await access.current(signedIn.sessionId, at(12 * 60 + 1))).toBeUndefined();

    const again = await access.signIn("sales@dealer.example", PASSWORD, ADDRESS, start);
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

  it("locks an account after five failures in a row, whatever the password then, without saying so", async () => {
    await staffWithPassword();
    const now = new Date("2030-01-01T08:00:00Z");
    for (let i = 0; i < 5; i++) await access.signIn("sales@dealer.example", `wrong guess number ${i}`, `198.51.100.${i}`, now);
    expect(await access.signIn("sales@dealer.example", PASSWORD, "198.51.100.99", now)).toEqual({ ok: false });
    expect(await store.findAccountByEmail("sales@dealer.example")).toMatchObject({ failedSignIns: 5, lockedUntil: new Date(now.getTime() + 30_000) });
    expect(logs.text()).toContain("A staff account is locked after failed sign-ins");
    const later = new Date(now.getTime() + 31_000);
    expect(await access.signIn("sales@dealer.example", PASSWORD, "198.51.100.99", later)).toMatchObject({ ok: true });
    expect(await store.findAccountByEmail("sales@dealer.example")).toMatchObject({ failedSignIns: 0 });
  });

  it("makes one address wait after ten failures, whichever addresses it tries", async () => {
    for (let i = 0; i < 10; i++) expect(await access.signIn(`guess${i}@dealer.example`, "anything at all here", ADDRESS)).toEqual({ ok: false });
    expect(await access.signIn("guess@dealer.example", "anything at all here", ADDRESS)).toEqual({ ok: false });
    expect(await access.signIn("guess@dealer.example", "anything at all here", ADDRESS)).toEqual({ ok: false, waitSeconds: 30 });
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

describe("the second factor", () => {
  it("is kept only once a code proves the app has it, and is then asked for at each sign-in", async () => {
    const account = await staffWithPassword();
    const first = await access.signIn("sales@dealer.example", PASSWORD, ADDRESS);
    if (!first.ok) throw new Error("refused");
    const { secret, uri, qrSvg } = await access.secondFactorEnrolment(first.member);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Dockside%20Motor%20Company:sales%40dealer\.example\?/);
    expect(qrSvg).toMatch(/^<svg /);
    expect(await access.setSecondFactor(first.member, secret, "000000", ADDRESS)).toBe(false);
    expect((await store.getAccount(account.id))?.totpSecret).toBeUndefined();
    expect(await access.setSecondFactor(first.member, secret, codeAt(secret, Date.now()), ADDRESS)).toBe(true);

    const second = await access.signIn("sales@dealer.example", PASSWORD, ADDRESS);
    if (!second.ok) throw new Error("refused");
    expect(second.member.needsCode).toBe(true);
    expect(await access.confirmCode(second.member, "123456", ADDRESS)).toBe(false);
    expect((await access.current(second.sessionId))?.needsCode).toBe(true);
    const member = (await access.current(second.sessionId))!;
    expect(await access.confirmCode(member, codeAt(secret, Date.now() - 30_000), ADDRESS)).toBe(true);
    expect((await access.current(second.sessionId))?.needsCode).toBe(false);
  });

  it("must be set up by admins first where STAFF_REQUIRE_2FA says so", async () => {
    const strict = new StaffAccess(store, { ...SETTINGS, requireSecondFactorForAdmins: true }, logs.logger);
    await staffWithPassword("admin");
    await staffWithPassword("sales");
    const admin = await strict.signIn("admin@dealer.example", PASSWORD, ADDRESS);
    const sales = await strict.signIn("sales@dealer.example", PASSWORD, ADDRESS);
    expect(admin.ok && admin.member.mustSetUpSecondFactor).toBe(true);
    expect(sales.ok && sales.member.mustSetUpSecondFactor).toBe(false);
  });
});
