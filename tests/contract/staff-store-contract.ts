import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { atOnce } from "../support/at-once";
import { AccountExistsError, type StaffSession, type StaffStore } from "../../backend/staff/staff-store";

export interface StaffStoreUnderTest {
  store: StaffStore;
  /** The same records opened afresh, as another process (the staff command) sees them. */
  reopen(): Promise<StaffStore>;
  dispose(): Promise<void>;
}

const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1) + minutes * MINUTE);
const session = (idDigest: string, accountId: string, change: Partial<StaffSession> = {}): StaffSession => ({
  idDigest,
  accountId,
  csrfToken: `csrf-${idDigest}`,
  createdAt: at(0),
  lastSeenAt: at(0),
  expiresAt: at(720),
  secondFactorDone: true,
  ...change,
});

/**
 * What every staff store does, whatever keeps it: run by the file store's and MongoDB's tests.
 * `atomicUpdates: false` sends the writes that would be simultaneous one at a time.
 */
export function describeStaffStoreContract(name: string, open: () => Promise<StaffStoreUnderTest>, { atomicUpdates = true } = {}): void {
  const together = atOnce(atomicUpdates);
  describe(`staff store contract: ${name}${atomicUpdates ? "" : " (simultaneous writes sent one at a time)"}`, () => {
    let subject: StaffStoreUnderTest;
    let store: StaffStore;
    beforeEach(async () => {
      subject = await open();
      store = subject.store;
    });
    afterEach(async () => {
      await subject.dispose();
    });

    it("keeps accounts, one per e-mail address, as another process sees them", async () => {
      const jo = await store.createAccount({ email: "jo@dealer.example", name: "Jo Bloggs", role: "sales" }, at(0));
      expect(jo).toEqual({
        id: expect.any(String),
        email: "jo@dealer.example",
        name: "Jo Bloggs",
        role: "sales",
        disabled: false,
        createdAt: at(0),
      });
      await expect(store.createAccount({ email: "jo@dealer.example", name: "Jo Again", role: "admin" }, at(1))).rejects.toBeInstanceOf(
        AccountExistsError,
      );
      const other = await subject.reopen();
      expect(await other.findAccountByEmail("jo@dealer.example")).toEqual(jo);
      expect(await other.getAccount(jo.id)).toEqual(jo);
      expect(await other.getAccount("nobody")).toBeUndefined();
      const sam = await other.createAccount({ email: "sam@dealer.example", name: "Sam", role: "stock" }, at(2));
      expect((await store.listAccounts()).map(({ id }) => id)).toEqual([jo.id, sam.id]);
      await other.close();
    });

    it("changes an account, removing the second factor when told to", async () => {
      const { id } = await store.createAccount({ email: "jo@dealer.example", name: "Jo", role: "sales" }, at(0));
      await store.updateAccount(id, { passwordHash: "scrypt$x", passwordSetAt: at(1), totpSecret: "ABC", role: "admin" });
      expect(await store.getAccount(id)).toMatchObject({
        passwordHash: "scrypt$x",
        passwordSetAt: at(1),
        totpSecret: "ABC",
        role: "admin",
      });
      const updated = await store.updateAccount(id, { totpSecret: null, disabled: true });
      expect(updated).toMatchObject({ disabled: true, passwordHash: "scrypt$x" });
      expect(updated).not.toHaveProperty("totpSecret");
      expect(await store.updateAccount("nobody", { disabled: true })).toBeUndefined();
    });

    it("keeps the branches an account works, an account made before them reading as every branch (none kept)", async () => {
      const { id } = await store.createAccount({ email: "jo@dealer.example", name: "Jo", role: "sales" }, at(0));
      expect(await store.getAccount(id)).not.toHaveProperty("branches");
      await store.updateAccount(id, { branches: ["bolton", "wigan"] });
      expect(await store.getAccount(id)).toMatchObject({ branches: ["bolton", "wigan"] });
      expect((await store.listAccounts()).find((account) => account.id === id)).toMatchObject({ branches: ["bolton", "wigan"] });
      await store.updateAccount(id, { branches: null });
      expect(await store.getAccount(id)).not.toHaveProperty("branches");
    });

    it("takes each second-factor code's step once, and never one older than the last taken", async () => {
      const { id } = await store.createAccount({ email: "jo@dealer.example", name: "Jo", role: "sales" }, at(0));
      const taken = await together([() => store.takeCodeStep(id, 100), () => store.takeCodeStep(id, 100)]);
      expect(taken.filter(Boolean)).toHaveLength(1);
      expect(await store.takeCodeStep(id, 99)).toBe(false);
      expect(await store.takeCodeStep(id, 101)).toBe(true);
      expect(await store.takeCodeStep("nobody", 200)).toBe(false);
      expect(await store.getAccount(id)).toMatchObject({ totpLastStep: 101 });
    });

    it("counts attempts against each key, each seeing those before it however many arrive at once, and forgets old ones", async () => {
      const counted = await together(Array.from({ length: 6 }, () => () => store.countAttempts(["address:a", "account:jo"], at(1), at(0))));
      expect(counted.map(([address]) => address?.count ?? 0).sort()).toEqual([0, 1, 2, 3, 4, 5]);
      expect(await store.attemptsOf("account:jo")).toEqual({ count: 6, last: at(1) });
      // A count last added to before `forgetBefore` starts again.
      expect(await store.countAttempts(["account:jo"], at(90), at(60))).toEqual([undefined]);
      expect(await store.attemptsOf("account:jo")).toEqual({ count: 1, last: at(90) });
      await store.clearAttempts(["account:jo"]);
      expect(await store.attemptsOf("account:jo")).toBeUndefined();
      await store.forgetAttempts(at(2));
      expect(await store.attemptsOf("address:a")).toBeUndefined();
    });

    it("keeps the devices an account has signed in from, by digest, until its devices are forgotten", async () => {
      await store.addKnownDevice({ digest: "device-1", accountId: "jo", createdAt: at(0) });
      await store.addKnownDevice({ digest: "device-2", accountId: "sam", createdAt: at(0) });
      expect(await (await subject.reopen()).knownDeviceAccount("device-1")).toBe("jo");
      expect(await store.knownDeviceAccount("device-3")).toBeUndefined();
      await store.forgetKnownDevicesOf("jo");
      expect(await store.knownDeviceAccount("device-1")).toBeUndefined();
      expect(await store.knownDeviceAccount("device-2")).toBe("sam");
    });

    it("lets a set-password token be used once, before it expires", async () => {
      const { id } = await store.createAccount({ email: "jo@dealer.example", name: "Jo", role: "sales" }, at(0));
      await store.addSetPasswordToken({ digest: "digest-a", accountId: id, expiresAt: at(60) });
      await store.addSetPasswordToken({ digest: "digest-b", accountId: id, expiresAt: at(60) });
      await store.addSetPasswordToken({ digest: "digest-old", accountId: id, expiresAt: at(10) });
      expect(await store.findSetPasswordToken("digest-a", at(30))).toBe(id);
      expect(await store.findSetPasswordToken("digest-old", at(30))).toBeUndefined();
      const [first, second] = await together([
        () => store.takeSetPasswordToken("digest-a", at(30)),
        () => store.takeSetPasswordToken("digest-a", at(30)),
      ]);
      expect([first, second].filter(Boolean)).toEqual([id]);
      expect(await store.takeSetPasswordToken("digest-old", at(30))).toBeUndefined();
      await store.dropSetPasswordTokens(id);
      expect(await store.takeSetPasswordToken("digest-b", at(30))).toBeUndefined();
    });

    it("keeps sessions by the digest of their id, and ends them one, all of an account, or past their time", async () => {
      await store.addSession(session("s1", "jo"));
      await store.addSession(session("s2", "jo", { lastSeenAt: at(100) }));
      await store.addSession(session("s3", "sam", { expiresAt: at(50) }));
      expect(await store.getSession("s1")).toEqual(session("s1", "jo"));
      await store.updateSession("s1", { lastSeenAt: at(10), secondFactorDone: false });
      await store.updateSession("never-there", { lastSeenAt: at(10) });
      expect(await store.getSession("never-there")).toBeUndefined();
      expect(await (await subject.reopen()).getSession("s1")).toMatchObject({ lastSeenAt: at(10), secondFactorDone: false });

      await store.deleteExpiredSessions(at(60), at(5));
      expect(await store.getSession("s3")).toBeUndefined();
      expect(await store.getSession("s1")).toBeDefined();
      await store.deleteExpiredSessions(at(60), at(20));
      expect(await store.getSession("s1")).toBeUndefined();
      expect(await store.getSession("s2")).toBeDefined();

      await store.addSession(session("s4", "jo"));
      expect(await store.deleteSessionsOf("jo")).toBe(2);
      expect(await store.getSession("s4")).toBeUndefined();
      await store.addSession(session("s5", "sam"));
      await store.deleteSession("s5");
      expect(await store.getSession("s5")).toBeUndefined();
    });

    it("keeps the audit log, newest first, filtered and paged", async () => {
      for (let minute = 0; minute < 5; minute++) {
        await store.appendAudit({
          at: at(minute),
          action: minute % 2 === 0 ? "sign-in" : "lead-viewed",
          actorId: "jo",
          address: "127.0.0.1",
          targetId: `lead-${minute}`,
        });
      }
      await store.appendAudit({ at: at(5), action: "sign-in-refused", details: { reason: "unknown-account" } });
      const all = await store.listAudit({ page: 1, pageSize: 10 });
      expect(all.total).toBe(6);
      expect(all.entries.map(({ at: time }) => time)).toEqual([5, 4, 3, 2, 1, 0].map(at));
      expect(all.entries[0]).toEqual({ at: at(5), action: "sign-in-refused", details: { reason: "unknown-account" } });
      const signIns = await store.listAudit({ action: "sign-in", page: 1, pageSize: 2 });
      expect(signIns.total).toBe(3);
      expect(signIns.entries.map(({ targetId }) => targetId)).toEqual(["lead-4", "lead-2"]);
      expect(
        (await store.listAudit({ actorId: "jo", from: at(1), to: at(3), page: 1, pageSize: 10 })).entries.map(({ targetId }) => targetId),
      ).toEqual(["lead-2", "lead-1"]);
      expect((await store.listAudit({ targetId: "lead-3", page: 1, pageSize: 10 })).entries.map(({ action }) => action)).toEqual([
        "lead-viewed",
      ]);
    });

    it("deletes audit entries a month or more past their retention, and keeps reading and adding the rest", async () => {
      const day = 24 * 60;
      for (const minute of [0, 1, 2, 90 * day, 90 * day + 1])
        await store.appendAudit({ at: at(minute), action: "lead-viewed", actorId: "jo", targetId: `lead-${minute}` });
      await store.deleteAuditBefore(at(60 * day));
      await store.appendAudit({ at: at(91 * day), action: "sign-in", actorId: "jo" });
      const kept = await store.listAudit({ page: 1, pageSize: 10 });
      expect(kept.entries.map(({ at: time }) => time)).toEqual([91 * day, 90 * day + 1, 90 * day].map(at));
      expect(await store.listAudit({ targetId: `lead-${90 * day}`, page: 1, pageSize: 10 })).toMatchObject({
        total: 1,
        entries: [{ at: at(90 * day), action: "lead-viewed" }],
      });
      expect((await (await subject.reopen()).listAudit({ action: "lead-viewed", page: 1, pageSize: 10 })).total).toBe(2);
    });
  });
}
