import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MailOutbox, OutgoingMail } from "../../backend/mail/mail-outbox";
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
  subject: `New enquiry ${id}`,
  text: "A new enquiry",
  html: "<p>A new enquiry</p>",
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

    it("refuses an id that could name another file", async () => {
      await expect(outbox.enqueue(mail("../staff/accounts"), at(0))).rejects.toThrow(/Not a mail id/);
    });
  });
}
