import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../tests/support/smtp-sink";
import type { Dealer } from "../../domain/dealer";
import { loadConfig } from "../config";
import { loadDealer } from "../dealer-config";
import { FileLeadStore } from "../leads/file-lead-store";
import { createLogger } from "../logger";
import { FileMailOutbox } from "./file-mail-outbox";
import { mailServices, WaitingDigest, type MailServices } from "./mail-services";

const FAST = { pollIntervalMs: 50, retryBaseMs: 100, retryMaxMs: 400, requestTimeoutMs: 2000 };
const dealer = await loadDealer("dealer.json");
const HOUR = 60 * 60_000;

describe("mail services", () => {
  let dataDir: string;
  let outbox: FileMailOutbox;
  let leads: FileLeadStore;
  let sink: SmtpSink;
  let mail: MailServices | undefined;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "mail-services-"));
    outbox = await FileMailOutbox.open(dataDir);
    leads = await FileLeadStore.open(dataDir);
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    await mail?.stop();
    mail = undefined;
    await sink.stop();
    // Closed first: the lead store may still be writing its journal into the folder.
    await leads.close();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  });
  const open = (env: Record<string, string>, published: () => Dealer = () => dealer) =>
    mailServices(
      loadConfig({ NODE_ENV: "test", SITE_URL: "https://www.dockside-motors.example", ...env }),
      published,
      outbox,
      leads,
      async (id) => (id === "jo" ? "jo@dockside-motors.example" : undefined),
      { get: async () => undefined },
      createLogger("silent"),
      FAST,
    );
  const arrived = {
    id: "lead-1",
    kind: "enquiry" as const,
    reference: "K7F3-9QXA",
    receivedAt: new Date(),
    data: { name: "Jo", email: "buyer@example.com" },
  };

  it("queues nothing, and says so, without an SMTP server", async () => {
    mail = await open({});
    expect(mail.sending).toBe(false);
    await mail.leadArrived(arrived);
    expect(await mail.passwordLink("jo@dockside-motors.example", "https://x.example/staff/set-password?token=t")).toBe(false);
    expect(await outbox.countUnsent()).toBe(0);
  });

  it("tells the member of staff a lead was given to, and sends a password link, through the SMTP server", async () => {
    mail = await open({ SMTP_URL: sink.url, SMTP_TLS: "none", MAIL_FROM: "Dockside Motors <leads@dockside-motors.example>" });
    mail.start();
    const { id } = await leads.add({ kind: "enquiry", receivedAt: new Date(), data: arrived.data, forwarded: true });
    const assigned = await leads.applyWork(id, { type: "assignee", assigneeId: "jo" }, "admin", new Date());
    await mail.leadAssigned(assigned!);
    const notice = await sink.waitFor((received) => received.subject.startsWith("Assigned to you"), 10_000);
    expect(notice.to).toEqual(["jo@dockside-motors.example"]);
    expect(notice.from).toBe('"Dockside Motors" <leads@dockside-motors.example>');
    // The same assignment told again (a retried call) queues nothing more.
    await mail.leadAssigned(assigned!);
    expect(await mail.passwordLink("new@dockside-motors.example", "https://www.dockside-motors.example/staff/set-password?token=t")).toBe(
      true,
    );
    await sink.waitFor((received) => received.to.includes("new@dockside-motors.example"), 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.received).toHaveLength(2);
  });

  it("writes each message with the dealer's details as published when it is written, not as they were at start", async () => {
    let published = dealer;
    mail = await open({ SMTP_URL: sink.url, SMTP_TLS: "none" }, () => published);
    mail.start();
    published = {
      ...dealer,
      phone: "0151 496 0999",
      email: "showroom@dockside-motors.example",
      openingHours: [{ days: "Saturday", hours: "9am to 1pm" }],
    };
    await mail.leadArrived(arrived);
    const confirmation = await sink.waitFor((received) => received.to.includes("buyer@example.com"), 10_000);
    expect(confirmation.text).toContain("0151 496 0999");
    expect(confirmation.text).toContain("We are open Saturday, 9am to 1pm.");
    expect(confirmation.from).toContain("showroom@dockside-motors.example");
    const notice = await sink.waitFor((received) => received.to.includes("showroom@dockside-motors.example"), 10_000);
    expect(notice.text).not.toContain(dealer.phone);
  });

  describe("the daily digest", () => {
    // 10:00 in London, in winter (UTC).
    const tenAm = new Date("2026-11-27T10:00:00Z");
    const digest = () =>
      new WaitingDigest(
        outbox,
        leads,
        { dealer, siteOrigin: "https://www.dockside-motors.example" },
        { MAIL_DIGEST_AFTER_HOURS: 4, MAIL_DIGEST_HOUR: 8 },
        createLogger("silent"),
        () => {},
      );

    it("lists the sales leads still new after the hours set, once a day however often it is asked or restarted", async () => {
      await leads.add({ kind: "enquiry", receivedAt: new Date(tenAm.getTime() - 5 * HOUR), data: { name: "Jo" }, forwarded: true });
      await leads.add({ kind: "call-back", receivedAt: new Date(tenAm.getTime() - 1 * HOUR), data: { name: "Sam" }, forwarded: true });
      await leads.add({ kind: "feedback", receivedAt: new Date(tenAm.getTime() - 9 * HOUR), data: { message: "Hi" }, forwarded: false });
      const answered = await leads.add({
        kind: "enquiry",
        receivedAt: new Date(tenAm.getTime() - 6 * HOUR),
        data: { name: "Al" },
        forwarded: true,
      });
      await leads.applyWork(answered.id, { type: "status", status: "contacted" }, "jo", tenAm);

      expect(await digest().check(new Date("2026-11-27T07:59:00Z"))).toBe(false);
      const first = digest();
      expect(await first.check(tenAm)).toBe(true);
      expect(await first.check(new Date(tenAm.getTime() + HOUR))).toBe(false);
      expect(await digest().check(new Date(tenAm.getTime() + 2 * HOUR))).toBe(false);
      const queued = await outbox.claimNextDue(tenAm, 60_000);
      expect(queued).toMatchObject({ id: "digest-2026-11-27", subject: "1 lead waiting more than 4 hours for a reply" });
      expect(queued!.text).toContain("Vehicle enquiry");
      expect(queued!.text).not.toContain("Call-back");
    });

    it("reminds of the follow-ups due today or already past on open leads, not tomorrow's or a won lead's", async () => {
      const followedUp = async (name: string, at: Date, status?: "won") => {
        const { id } = await leads.add({ kind: "enquiry", receivedAt: new Date(tenAm.getTime() - HOUR), data: { name }, forwarded: true });
        await leads.applyWork(id, { type: "follow-up", at }, "jo", tenAm);
        if (status) await leads.applyWork(id, { type: "status", status }, "jo", tenAm);
      };
      await followedUp("Later today", new Date("2026-11-27T16:00:00Z"));
      await followedUp("Yesterday", new Date("2026-11-26T11:00:00Z"));
      await followedUp("Tomorrow", new Date("2026-11-28T09:00:00Z"));
      await followedUp("Won", new Date("2026-11-27T12:00:00Z"), "won");

      expect(await digest().check(tenAm)).toBe(true);
      const queued = await outbox.claimNextDue(tenAm, 60_000);
      expect(queued?.subject).toBe("2 follow-ups due today");
      const times = [...queued!.text.matchAll(/follow up (\w+ \d+ \w+, \d\d:\d\d)/g)].map(([, when]) => when);
      expect(times).toEqual(["Thursday 26 November, 11:00", "Friday 27 November, 16:00"]);
    });

    it("sends nothing on a day nothing waits", async () => {
      expect(await digest().check(tenAm)).toBe(false);
      expect(await outbox.countUnsent()).toBe(0);
    });
  });
});
