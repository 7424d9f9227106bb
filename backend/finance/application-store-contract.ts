import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { financeApplicationSchema, type FinanceApplication } from "../../domain/finance-application";
import { validApplication } from "../../tests/support/finance-applications";
import type { ApplicationStore, NewApplication } from "./application-store";

export interface ApplicationStoreUnderTest {
  store: ApplicationStore;
  /** The same applications opened afresh, as after a restart or from another instance. */
  reopen(): Promise<ApplicationStore>;
  dispose(): Promise<void>;
}

const application: FinanceApplication = financeApplicationSchema.parse(validApplication());
const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1) + minutes * MINUTE);
const received = (minutes: number, submissionKey?: string): NewApplication => ({ application, receivedAt: at(minutes), submissionKey });

/** What every application store does, whatever keeps it: run by the file store's and MongoDB's tests. */
export function describeApplicationStoreContract(name: string, open: () => Promise<ApplicationStoreUnderTest>): void {
  describe(`application store contract: ${name}`, () => {
    let subject: ApplicationStoreUnderTest;
    let store: ApplicationStore;
    beforeEach(async () => {
      subject = await open();
      store = subject.store;
    });
    afterEach(async () => {
      await subject.dispose();
    });

    it("keeps an application as it was given, not yet forwarded, across a reopen", async () => {
      const { id, created } = await store.add(received(0));
      expect(created).toBe(true);
      const expected = { id, receivedAt: at(0), application, forwardAttempts: 0 };
      expect(await store.get(id)).toEqual(expected);
      const reopened = await subject.reopen();
      expect(await reopened.get(id)).toEqual(expected);
      await reopened.close();
      expect(await store.get("no-such-application")).toBeUndefined();
    });

    it("stores one application per submission key, even when the same one arrives at once", async () => {
      const [first, ...again] = await Promise.all([1, 2, 3].map(() => store.add(received(0, "key-a"))));
      expect(first!.created).toBe(true);
      expect(again).toEqual([
        { id: first!.id, created: false },
        { id: first!.id, created: false },
      ]);
      const other = await store.add(received(0, "key-b"));
      expect(other.created).toBe(true);
      expect(other.id).not.toBe(first!.id);
      const unkeyed = await Promise.all([store.add(received(0)), store.add(received(0))]);
      expect(new Set(unkeyed.map(({ id }) => id)).size).toBe(2);
    });

    it("hands out the most overdue application to one claimant at a time", async () => {
      const later = await store.add(received(5));
      const earlier = await store.add(received(1));
      expect(await store.claimNextDue(at(0), MINUTE)).toBeUndefined();
      expect((await store.claimNextDue(at(10), MINUTE))?.id).toBe(earlier.id);
      expect((await store.claimNextDue(at(10.5), MINUTE))?.id).toBe(later.id);
      expect(await store.claimNextDue(at(10.5), MINUTE)).toBeUndefined();
      // A claimant that died without a word: its lease runs out and the application is due again.
      expect((await store.claimNextDue(at(11.2), MINUTE))?.id).toBe(earlier.id);
      expect(await store.claimNextDue(at(11.2), MINUTE)).toBeUndefined();
    });

    it("counts a failed send and waits until the retry time", async () => {
      const { id } = await store.add(received(0));
      await store.claimNextDue(at(0), MINUTE);
      await store.markForwardFailed(id, at(30));
      expect(await store.claimNextDue(at(29), MINUTE)).toBeUndefined();
      expect(await store.claimNextDue(at(30), MINUTE)).toMatchObject({ id, forwardAttempts: 1 });
    });

    it("never hands out a forwarded application again", async () => {
      const { id } = await store.add(received(0));
      await store.claimNextDue(at(0), MINUTE);
      await store.markForwarded(id, at(1));
      expect(await store.get(id)).toMatchObject({ forwardedAt: at(1), forwardAttempts: 1 });
      expect(await store.claimNextDue(at(1000), MINUTE)).toBeUndefined();
      const reopened = await subject.reopen();
      expect(await reopened.claimNextDue(at(1000), MINUTE)).toBeUndefined();
      await reopened.close();
    });

    it("deletes the applications received before a time, and forgets their keys", async () => {
      const old = await store.add(received(0, "old-key"));
      const recent = await store.add(received(10));
      expect(await store.deleteReceivedBefore(at(5))).toBe(1);
      expect(await store.get(old.id)).toBeUndefined();
      expect(await store.get(recent.id)).toBeDefined();
      expect(await store.claimNextDue(at(20), MINUTE)).toMatchObject({ id: recent.id });
      expect(await store.add(received(20, "old-key"))).toMatchObject({ created: true });
      expect(await store.deleteReceivedBefore(at(5))).toBe(0);
    });
  });
}
