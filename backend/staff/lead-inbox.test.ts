import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ukPhoneSchema } from "../../domain/form-fields";
import { capturedLogger } from "../../tests/support/captured-logger";
import { startLeadService } from "../../tests/support/lead-service";
import { signedInMember } from "../../tests/support/staff-accounts";
import { FileLeadStore } from "../leads/file-lead-store";
import { LeadForwarder } from "../leads/lead-forwarder";
import type { LeadKindName } from "../../domain/lead-kinds";
import { AssigneeOutOfReachError, LeadInbox } from "./lead-inbox";
import { NotAllowedError } from "./permissions";

/** The inbox over the embedded lead store, as a member of the sales team uses it: finding and erasing leads by a phone number. */
let dataDir: string;
let leads: FileLeadStore;
let staff: Awaited<ReturnType<typeof signedInMember>>;
let inbox: LeadInbox;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "lead-inbox-"));
  leads = await FileLeadStore.open(dataDir);
  staff = await signedInMember(dataDir, "sales");
  inbox = new LeadInbox(
    leads,
    staff.access,
    async (id) => ({ id, status: "unknown" }),
    () => undefined,
  );
});
afterEach(async () => {
  await leads.close();
  await staff.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A lead with the phone number as its form kept it. */
const addLead = (kind: LeadKindName, name: string, phone: string) =>
  leads.add({
    kind,
    receivedAt: new Date(),
    data: { name, email: `${name.toLowerCase()}@example.com`, phone: ukPhoneSchema.parse(phone) },
    forwarded: false,
  });

const SPELLINGS = [
  "07700 900124",
  "07700900124",
  "+447700900124",
  "+44 7700 900124",
  "+44 (0)7700 900-124",
  "0044 7700 900124",
  "(07700) 900124",
];

describe("a phone number, however it is written", () => {
  beforeEach(async () => {
    await addLead("enquiry", "Jo", "07700 900124");
    await addLead("call-back", "Jo", "+44 7700 900124");
    await addLead("enquiry", "Sam", "07700 900125");
  });

  const namesFoundBy = async (search: string) =>
    (await inbox.list(staff.member, { search, page: 1, pageSize: 25 })).leads.map(({ data }) => (data as { name: string }).name);

  it.each(SPELLINGS)("%j finds the leads holding it", async (spelling) => {
    expect(await namesFoundBy(spelling)).toEqual(["Jo", "Jo"]);
  });

  it.each(SPELLINGS)("%j erases every lead holding it, and no other", async (spelling) => {
    expect(await inbox.erase(staff.member, spelling, "127.0.0.1")).toEqual({ leads: 2, savedSearches: 0, queuedMails: 0 });
    expect(await namesFoundBy("07700")).toEqual(["Sam"]);
  });

  it("finds the leads stored before the store was last opened", async () => {
    await leads.close();
    leads = await FileLeadStore.open(dataDir);
    inbox = new LeadInbox(
      leads,
      staff.access,
      async (id) => ({ id, status: "unknown" }),
      () => undefined,
    );
    expect(await namesFoundBy("+44 (0)7700 900-124")).toEqual(["Jo", "Jo"]);
    expect((await inbox.erase(staff.member, "0044 7700 900124", "127.0.0.1")).leads).toBe(2);
  });
});

describe("Retry now", () => {
  const addForwarded = () =>
    leads.add({ kind: "enquiry", receivedAt: new Date(), data: { name: "Jo", email: "jo@example.com" }, forwarded: true });

  it("sends a lead the service refused at once, rather than at its next retry an hour away", async () => {
    const service = await startLeadService({ answers: [503] });
    const timing = { pollIntervalMs: 60_000, retryBaseMs: 3_600_000, retryMaxMs: 3_600_000, requestTimeoutMs: 2000 };
    const forwarder = new LeadForwarder(leads, service.url, capturedLogger().logger, timing);
    inbox = new LeadInbox(
      leads,
      staff.access,
      async (id) => ({ id, status: "unknown" }),
      () => forwarder.nudge(),
    );
    try {
      const { id } = await addForwarded();
      forwarder.start();
      await vi.waitFor(async () => expect((await leads.get(id))?.lastForwardFailure?.status).toBe(503));
      expect(await inbox.forwardNow(staff.member, id, "127.0.0.1")).toBe("retried");
      await vi.waitFor(async () => expect((await leads.get(id))?.forwardedAt).toBeInstanceOf(Date), { timeout: 5000 });
      expect(service.deliveries.map(({ status }) => status)).toEqual([503, 200]);
      expect((await leads.get(id))?.work.history.map(({ change }) => change)).toEqual(["forwarding-retried"]);
    } finally {
      await forwarder.stop();
      await service.close();
    }
  });

  it("does nothing, and says so, when no lead address is set", async () => {
    inbox = new LeadInbox(leads, staff.access, async (id) => ({ id, status: "unknown" }), undefined);
    const { id } = await addForwarded();
    expect(await inbox.forwardNow(staff.member, id, "127.0.0.1")).toBe("not forwarding");
    expect(await inbox.open(staff.member, id, "127.0.0.1")).toMatchObject({ forwarding: false });
    expect((await leads.get(id))?.work.history.map(({ change }) => change)).toEqual(["read"]);
  });
});

describe("a person's leads", () => {
  it("are listed on each of them, found by the same e-mail address or phone number however it was written", async () => {
    const first = await addLead("enquiry", "Jo", "07700 900124");
    const second = await addLead("call-back", "Jo", "+44 7700 900124");
    await addLead("enquiry", "Sam", "07700 900125");
    const opened = await inbox.open(staff.member, first.id, "127.0.0.1");
    expect(opened?.sameContact.map(({ id }) => id)).toEqual([second.id]);
  });
});

describe("a member limited to one branch", () => {
  const inBolton = () => ({ ...staff.member, account: { ...staff.member.account, branches: ["bolton"] } });
  const leadAt = (branch: string | undefined, kind: LeadKindName = "enquiry") =>
    leads.add({
      kind,
      receivedAt: new Date(),
      ...(branch ? { vehicle: { id: `fiesta-${branch}`, inStock: true, branch } } : {}),
      data: { name: "Jo", email: "jo@example.com", phone: ukPhoneSchema.parse("07700 900124"), day: "2026-12-01", time: "10:00" },
      forwarded: false,
    });

  it("lists, counts, exports and books only their branch's leads and those of no branch", async () => {
    const bolton = await leadAt("bolton", "test-drive");
    const wigan = await leadAt("wigan", "test-drive");
    const general = await leadAt(undefined);
    const member = inBolton();
    const listed = (await inbox.list(member, { page: 1, pageSize: 25 })).leads.map(({ id }) => id);
    expect(listed).toEqual([general.id, bolton.id]);
    expect((await inbox.list(member, { branches: ["wigan"], page: 1, pageSize: 25 })).total).toBe(0);
    expect(await inbox.unreadCount(member)).toBe(2);
    expect(await inbox.unreadCount(staff.member)).toBe(3);
    const rows = [];
    for await (const chunk of inbox.exportCsv(member, {}, "127.0.0.1")) rows.push(chunk);
    expect(rows.join("").trim().split("\r\n")).toHaveLength(1 + 2);
    expect((await inbox.diary(member, "2026-12-01", "2026-12-02")).map(({ id }) => id)).toEqual([bolton.id]);
    expect((await inbox.diary(staff.member, "2026-12-01", "2026-12-02")).map(({ id }) => id).sort()).toEqual([bolton.id, wigan.id].sort());
  });

  it("finds another branch's lead as one that does not exist, and leaves it as it was", async () => {
    const wigan = await leadAt("wigan");
    const bolton = await leadAt("bolton");
    const member = inBolton();
    expect(await inbox.open(member, wigan.id, "127.0.0.1")).toBeUndefined();
    expect(await inbox.change(member, wigan.id, { type: "status", status: "contacted" }, "127.0.0.1")).toBeUndefined();
    expect(await inbox.forwardNow(member, wigan.id, "127.0.0.1")).toBe("not waiting");
    expect((await leads.get(wigan.id))?.work).toMatchObject({ status: "new", history: [] });
    const opened = await inbox.open(member, bolton.id, "127.0.0.1");
    expect(opened?.sameContact).toEqual([]);
    expect((await inbox.open(staff.member, bolton.id, "127.0.0.1"))?.sameContact.map(({ id }) => id)).toEqual([wigan.id]);
  });

  it("may not be given another branch's lead, which they could not open", async () => {
    const wigan = await leadAt("wigan");
    const general = await leadAt(undefined);
    await staff.access.changeAccount("command line", staff.member.account, { branches: ["bolton"] });
    const giveTo = (id: string) => inbox.change(staff.member, id, { type: "assignee", assigneeId: staff.member.account.id }, "127.0.0.1");
    await expect(giveTo(wigan.id)).rejects.toThrow(AssigneeOutOfReachError);
    expect((await leads.get(wigan.id))?.work.assigneeId).toBeUndefined();
    expect((await giveTo(general.id))?.work.assigneeId).toBe(staff.member.account.id);
  });

  it("leaves an erasure, which reaches every branch, to an admin", async () => {
    await leadAt("wigan");
    await expect(inbox.erase(inBolton(), "jo@example.com", "127.0.0.1")).rejects.toThrow(NotAllowedError);
    expect((await inbox.list(staff.member, { page: 1, pageSize: 25 })).total).toBe(1);
  });
});
