import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GATHERING_MARGIN_MS, MOST_GATHERED_KEPT } from "../../backend/mail/mail-gathering";
import type { GatheredEntry, Gathering, MailOutbox, OutgoingMail } from "../../backend/mail/mail-outbox";
import { atOnce } from "../support/at-once";

export interface MailOutboxUnderTest {
  outbox: MailOutbox;
  /** The same outbox opened afresh, as after a restart or from another instance (or `npm run staff`). */
  reopen(): Promise<MailOutbox>;
  dispose(): Promise<void>;
}

const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1) + minutes * MINUTE);
const mail = (id: string): OutgoingMail => ({
  id,
  to: "sales@dockside-motors.example",
  replyTo: "buyer@example.com",
  subject: `New enquiry ${id}`,
  text: "A new enquiry",
  html: "<p>A new enquiry</p>",
});
const VICTIM = "victim@example.com";
const cap = (day: string, most = 3) => ({ day, most });
/** A notice that lists the entries it was given, and counts them: what a gathering round is written from. */
const listing = (series = "leads-from-someone"): Gathering => ({
  series,
  holdMs: 10 * MINUTE,
  render: (entries, count) => ({
    to: "sales@dockside-motors.example",
    subject: `${count} leads`,
    text: entries.map(({ key }) => key).join(","),
    html: `<p>${count}</p>`,
  }),
});
const entry = (key: string): GatheredEntry => ({
  key,
  text: `Lead ${key}`,
  href: `https://www.dockside-motors.example/staff/leads/${key}`,
});

/**
 * What every mail outbox does, whatever keeps it: run by the file outbox's and MongoDB's tests.
 * `atomicUpdates: false` sends the writes that would be simultaneous one at a time.
 */
export function describeMailOutboxContract(name: string, open: () => Promise<MailOutboxUnderTest>, { atomicUpdates = true } = {}): void {
  const together = atOnce(atomicUpdates);
  describe(`mail outbox contract: ${name}${atomicUpdates ? "" : " (simultaneous writes sent one at a time)"}`, () => {
    let subject: MailOutboxUnderTest;
    let outbox: MailOutbox;
    beforeEach(async () => {
      subject = await open();
      outbox = subject.outbox;
    });
    afterEach(async () => {
      await subject.dispose();
    });

    it("keeps a queued message whole, due at once, across a reopen", async () => {
      expect(await outbox.enqueue(mail("lead-1-dealer"), at(0))).toBe(true);
      expect(await outbox.countUnsent()).toBe(1);
      const reopened = await subject.reopen();
      expect(await reopened.claimNextDue(at(0), MINUTE)).toEqual({ ...mail("lead-1-dealer"), queuedAt: at(0), attempts: 0 });
      await reopened.close();
    });

    it("tells how many messages wait to be sent and when the longest-waiting was queued, across a reopen", async () => {
      expect(await outbox.backlog()).toEqual({ waiting: 0 });
      await outbox.enqueue(mail("lead-5-dealer"), at(1));
      await outbox.enqueue(mail("lead-6-dealer"), at(2));
      expect(await outbox.backlog()).toEqual({ waiting: 2, oldest: at(1) });
      await outbox.claimNextDue(at(3), MINUTE);
      await outbox.markFailed("lead-5-dealer", at(20), { at: at(3), responseCode: 451 });
      expect(await outbox.backlog()).toEqual({ waiting: 2, oldest: at(1) });
      await outbox.markSent("lead-5-dealer", at(21));
      const reopened = await subject.reopen();
      expect(await reopened.backlog()).toEqual({ waiting: 1, oldest: at(2) });
      await reopened.close();
    });

    it("queues one message per id, however often or at once it is queued, and never again once sent", async () => {
      const queued = await together([1, 2, 3].map(() => () => outbox.enqueue(mail("lead-2-buyer"), at(0))));
      expect(queued.filter(Boolean)).toHaveLength(1);
      await outbox.claimNextDue(at(0), MINUTE);
      await outbox.markSent("lead-2-buyer", at(1));
      expect(await outbox.enqueue(mail("lead-2-buyer"), at(2))).toBe(false);
      const reopened = await subject.reopen();
      expect(await reopened.enqueue(mail("lead-2-buyer"), at(3))).toBe(false);
      expect(await reopened.countUnsent()).toBe(0);
      expect(await reopened.claimNextDue(at(10), MINUTE)).toBeUndefined();
      await reopened.close();
    });

    it("hands out the most overdue message first, and holds a claimed one back for the lease", async () => {
      await outbox.enqueue(mail("second"), at(2));
      await outbox.enqueue(mail("first"), at(1));
      await outbox.enqueue(mail("later"), at(30));
      expect((await outbox.claimNextDue(at(5), MINUTE))?.id).toBe("first");
      expect((await outbox.claimNextDue(at(5.5), MINUTE))?.id).toBe("second");
      expect(await outbox.claimNextDue(at(5.5), MINUTE)).toBeUndefined();
      // The lease of "first" (claimed at 5, for a minute) has run out by 6¼, that of "second" not; "later" is not due until 30.
      expect((await outbox.claimNextDue(at(6.25), MINUTE))?.id).toBe("first");
      expect(await outbox.claimNextDue(at(6.25), MINUTE)).toBeUndefined();
    });

    it("counts a failed send, notes why, and offers the message again when its retry is due", async () => {
      await outbox.enqueue(mail("retried"), at(0));
      await outbox.claimNextDue(at(0), MINUTE);
      await outbox.markFailed("retried", at(10), { at: at(0), reason: "ECONNECTION" });
      expect(await outbox.claimNextDue(at(9), MINUTE)).toBeUndefined();
      expect(await outbox.claimNextDue(at(10), MINUTE)).toMatchObject({
        id: "retried",
        attempts: 1,
        lastFailure: { at: at(0), reason: "ECONNECTION" },
      });
      await outbox.markFailed("retried", at(20), { at: at(10), responseCode: 451, reason: "EENVELOPE" });
      const reopened = await subject.reopen();
      expect(await reopened.claimNextDue(at(20), MINUTE)).toMatchObject({ attempts: 2, lastFailure: { responseCode: 451 } });
      await reopened.close();
    });

    it("forgets what a sent message said, and its id once older than the cutoff", async () => {
      await outbox.enqueue(mail("old"), at(0));
      await outbox.enqueue(mail("recent"), at(0));
      await outbox.enqueue(mail("unsent"), at(0));
      await outbox.markSent("old", at(1));
      await outbox.markSent("recent", at(100));
      // A failure noted after the message went (another instance's late answer) does not bring it back.
      await outbox.markFailed("old", at(2), { at: at(2), reason: "ETIMEDOUT" });
      expect(await outbox.countUnsent()).toBe(1);
      expect(await outbox.deleteSentBefore(at(50))).toBe(1);
      expect(await outbox.enqueue(mail("old"), at(200))).toBe(true);
      expect(await outbox.enqueue(mail("recent"), at(200))).toBe(false);
    });

    it("queues many messages at once, each once", async () => {
      await outbox.enqueue(mail("alert-2"), at(0));
      expect(await outbox.enqueueAll([mail("alert-1"), mail("alert-2"), mail("alert-3")], at(0))).toEqual([true, false, true]);
      expect(await outbox.countUnsent()).toBe(3);
    });

    it("keeps a message's one-click unsubscribe address", async () => {
      const alert = { ...mail("alert-1"), listUnsubscribe: "https://www.dockside-motors.example/alerts/unsubscribe?t=x" };
      await outbox.enqueue(alert, at(0));
      const reopened = await subject.reopen();
      expect(await reopened.claimNextDue(at(0), MINUTE)).toMatchObject({ listUnsubscribe: alert.listUnsubscribe });
      await reopened.close();
    });

    it("deletes the unsent messages to one mailbox, however spelled, for an erasure, and nothing else", async () => {
      const to = (id: string, address: string): OutgoingMail => ({ ...mail(id), to: address });
      await outbox.enqueue(to("alert-1", VICTIM), at(0));
      await outbox.enqueue(to("alert-2", "Victim+alerts@Example.com"), at(0));
      await outbox.enqueue(to("alert-3", VICTIM), at(0));
      await outbox.enqueue(to("other-1", "someone-else@example.com"), at(0));
      await outbox.claimNextDue(at(0), MINUTE);
      await outbox.markSent("alert-3", at(1));
      expect(await outbox.deleteUnsentTo(" victim@example.com")).toBe(2);
      expect(await outbox.countUnsent()).toBe(1);
      const reopened = await subject.reopen();
      expect(await reopened.countUnsent()).toBe(1);
      expect((await reopened.claimNextDue(at(10), MINUTE))?.id).toBe("other-1");
      expect(await reopened.enqueue(to("alert-3", VICTIM), at(2))).toBe(false);
      await reopened.close();
    });

    it("refuses an id that could name another file", async () => {
      await expect(outbox.enqueue(mail("../staff/accounts"), at(0))).rejects.toThrow(/Not a mail id/);
      await expect(outbox.admit("lead-1-buyer", VICTIM, cap("../../x"), at(0))).rejects.toThrow(/Not a day/);
    });

    describe("the cap per address and day", () => {
      it("admits only the day's most to one address of many asked for at once, and the same ones again", async () => {
        const asked = Array.from({ length: 12 }, (_, index) => `lead-${index}-buyer`);
        const answers = await together(asked.map((id) => () => outbox.admit(id, VICTIM, cap("2030-01-01"), at(0))));
        const admitted = asked.filter((_, index) => answers[index]!.admitted);
        expect(admitted).toHaveLength(3);
        expect(new Set(answers.map(({ recipient }) => recipient)).size).toBe(1);
        for (const id of admitted) expect(await outbox.admit(id, VICTIM, cap("2030-01-01"), at(1))).toMatchObject({ admitted: true });
        expect((await outbox.admit("lead-99-buyer", VICTIM, cap("2030-01-01"), at(1))).admitted).toBe(false);
        const reopened = await subject.reopen();
        expect((await reopened.admit("lead-100-buyer", VICTIM, cap("2030-01-01"), at(2))).admitted).toBe(false);
        expect((await reopened.admit(admitted[0]!, VICTIM, cap("2030-01-01"), at(2))).admitted).toBe(true);
        expect((await reopened.admit("lead-100-buyer", VICTIM, cap("2030-01-02"), at(2))).admitted).toBe(true);
        expect((await reopened.admit("lead-101-buyer", "someone-else@example.com", cap("2030-01-01"), at(2))).admitted).toBe(true);
        await reopened.close();
      });

      it("counts every spelling of one mailbox as one, under a key that holds nothing of the address", async () => {
        const spellings = [VICTIM, " Victim@Example.COM ", "victim+1@example.com", "victim+promo@example.com"];
        const answers = [];
        for (const [index, to] of spellings.entries())
          answers.push(await outbox.admit(`lead-${index}-buyer`, to, cap("2030-01-01"), at(0)));
        expect(answers.map(({ admitted }) => admitted)).toEqual([true, true, true, false]);
        const gmail = ["first.last@gmail.com", "firstlast+x@googlemail.com", "First.Last@Gmail.com"];
        const keys = new Set<string>();
        for (const [index, to] of gmail.entries())
          keys.add((await outbox.admit(`gmail-${index}-buyer`, to, cap("2030-01-01"), at(0))).recipient);
        expect(keys.size).toBe(1);
        const { recipient } = answers[0]!;
        expect(recipient).toMatch(/^[0-9a-f]{32}$/);
        expect(recipient).not.toContain("victim");
        const reopened = await subject.reopen();
        expect((await reopened.admit("lead-9-buyer", VICTIM, cap("2030-01-01"), at(1))).recipient).toBe(recipient);
        await reopened.close();
      });

      it("admits many at once as it would one by one, the same address's in turn", async () => {
        const alerts = { ...cap("2030-01-01", 2), allowance: "alerts" as const };
        const answers = await outbox.admitAll(
          [
            { mailId: "alert-a-1", to: VICTIM },
            { mailId: "alert-b-1", to: "someone-else@example.com" },
            { mailId: "alert-a-2", to: "Victim+x@example.com" },
            { mailId: "alert-a-3", to: VICTIM },
            { mailId: "alert-a-1", to: VICTIM },
          ],
          alerts,
          at(0),
        );
        expect(answers.map(({ admitted }) => admitted)).toEqual([true, true, true, false, true]);
        expect(answers[0]!.recipient).toBe(answers[2]!.recipient);
        expect(await outbox.admitAll([], alerts, at(0))).toEqual([]);
        const reopened = await subject.reopen();
        expect((await reopened.admit("alert-a-4", VICTIM, alerts, at(1))).admitted).toBe(false);
        await reopened.close();
      });

      it("counts the alerts a buyer asked for apart from the confirmations a form sends", async () => {
        for (const index of [1, 2, 3]) await outbox.admit(`lead-${index}-buyer`, VICTIM, cap("2030-01-01"), at(0));
        const alerts = { ...cap("2030-01-01", 2), allowance: "alerts" as const };
        const answers = [];
        for (const index of [1, 2, 3]) answers.push(await outbox.admit(`alert-${index}`, VICTIM, alerts, at(0)));
        expect(answers.map(({ admitted }) => admitted)).toEqual([true, true, false]);
        expect(answers[0]!.recipient).toBe((await outbox.admit("lead-1-buyer", VICTIM, cap("2030-01-01"), at(0))).recipient);
        expect((await outbox.admit("lead-4-buyer", VICTIM, cap("2030-01-01"), at(0))).admitted).toBe(false);
      });

      it("forgets a day's counts with the sent ids older than the cutoff", async () => {
        for (const index of [1, 2, 3]) await outbox.admit(`lead-${index}-buyer`, VICTIM, cap("2030-01-01"), at(0));
        expect((await outbox.admit("lead-4-buyer", VICTIM, cap("2030-01-01"), at(1))).admitted).toBe(false);
        await outbox.deleteSentBefore(at(0.5));
        expect((await outbox.admit("lead-4-buyer", VICTIM, cap("2030-01-01"), at(1))).admitted).toBe(false);
        await outbox.deleteSentBefore(at(3 * 24 * 60));
        expect((await outbox.admit("lead-4-buyer", VICTIM, cap("2030-01-01"), at(1))).admitted).toBe(true);
      });
    });

    describe("gathering entries into one message", () => {
      const claimAll = async (now: Date) => {
        const claimed = [];
        for (let next = await outbox.claimNextDue(now, MINUTE); next; next = await outbox.claimNextDue(now, MINUTE)) claimed.push(next);
        return claimed;
      };

      it("queues a round with its first entry, due when it closes, and writes it again with each entry after", async () => {
        await outbox.gather(listing(), entry("a"), at(0));
        expect(await outbox.countUnsent()).toBe(1);
        await outbox.gather(listing(), entry("b"), at(3));
        await outbox.gather(listing(), entry("a"), at(4));
        expect(await outbox.claimNextDue(at(9.9), MINUTE)).toBeUndefined();
        const reopened = await subject.reopen();
        expect(await reopened.claimNextDue(at(10), MINUTE)).toEqual({
          id: "leads-from-someone-0001",
          to: "sales@dockside-motors.example",
          subject: "2 leads",
          text: "a,b",
          html: "<p>2</p>",
          queuedAt: at(0),
          attempts: 0,
        });
        await reopened.close();
      });

      it("lists all the entries given at once, in one message", async () => {
        const keys = Array.from({ length: 20 }, (_, index) => `lead-${index}`);
        await together(keys.map((key) => () => outbox.gather(listing(), entry(key), at(1))));
        const [round, ...others] = await claimAll(at(20));
        expect(others).toEqual([]);
        expect(round!.subject).toBe("20 leads");
        expect(round!.text.split(",").sort()).toEqual([...keys].sort());
      });

      it("keeps the first entries and counts the rest, however many come", async () => {
        for (let index = 0; index < MOST_GATHERED_KEPT + 10; index++) await outbox.gather(listing(), entry(`lead-${index}`), at(0));
        const [round] = await claimAll(at(10));
        expect(round!.subject).toBe(`${MOST_GATHERED_KEPT + 10} leads`);
        expect(round!.text.split(",")).toHaveLength(MOST_GATHERED_KEPT);
      });

      it("opens the next round for an entry once a round closes or has gone, and keeps series apart", async () => {
        await outbox.gather(listing(), entry("a"), at(0));
        // Too close to the round's time: the sender may be taking it.
        await outbox.gather(listing(), entry("b"), new Date(at(10).getTime() - GATHERING_MARGIN_MS));
        await outbox.gather(listing("leads-from-another"), entry("c"), at(1));
        const first = await claimAll(at(10));
        expect(first.map(({ id, text }) => [id, text])).toEqual([["leads-from-someone-0001", "a"]]);
        await outbox.markSent("leads-from-someone-0001", at(10));
        await outbox.gather(listing(), entry("d"), at(12));
        const later = await claimAll(at(30));
        expect(later.map(({ id, text }) => [id, text]).sort()).toEqual([
          ["leads-from-another-0001", "c"],
          ["leads-from-someone-0002", "b,d"],
        ]);
      });
    });
  });
}
