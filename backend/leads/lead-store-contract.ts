import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LeadKindName } from "./lead-kinds";
import { REFERENCE_PATTERN } from "./lead-reference";
import type { LeadStore, NewLead } from "./lead-store";

export interface LeadStoreUnderTest {
  store: LeadStore;
  /** The same leads opened afresh, as after a restart or from another instance. */
  reopen(): Promise<LeadStore>;
  dispose(): Promise<void>;
}

/** Any data will do: the store keeps what it is given. */
const data = { message: "Is the Fiesta still available?", page: "/vehicles/fiesta-2019" };
const vehicle = { id: "fiesta-2019", inStock: true, make: "Ford", model: "Fiesta", priceGBP: 10000 };
const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1) + minutes * MINUTE);
const lead = (minutes: number, change: Partial<NewLead> = {}): NewLead => ({
  kind: "part-exchange",
  receivedAt: at(minutes),
  data,
  forwarded: true,
  ...change,
});

/** What every lead store does, whatever keeps it: run by the file store's and MongoDB's tests. */
export function describeLeadStoreContract(name: string, open: () => Promise<LeadStoreUnderTest>): void {
  describe(`lead store contract: ${name}`, () => {
    let subject: LeadStoreUnderTest;
    let store: LeadStore;
    beforeEach(async () => {
      subject = await open();
      store = subject.store;
    });
    afterEach(async () => {
      await subject.dispose();
    });

    it("keeps a lead as it was given, with a reference of its own, not yet forwarded, across a reopen", async () => {
      const { id, reference, created } = await store.add(lead(0, { vehicle }));
      expect(created).toBe(true);
      expect(reference).toMatch(REFERENCE_PATTERN);
      const expected = { id, kind: "part-exchange", reference, receivedAt: at(0), vehicle, data, forwardAttempts: 0 };
      expect(await store.get(id)).toEqual(expected);
      const reopened = await subject.reopen();
      expect(await reopened.get(id)).toEqual(expected);
      await reopened.close();
      expect(await store.get("no-such-lead")).toBeUndefined();
    });

    it("gives every lead a different reference", async () => {
      const added = await Promise.all(Array.from({ length: 50 }, (_, i) => store.add(lead(i, { forwarded: false }))));
      expect(new Set(added.map(({ reference }) => reference)).size).toBe(50);
    });

    it("stores one lead per key, even when the same one arrives at once, and answers repeats with the first's id and reference", async () => {
      const [first, ...again] = await Promise.all([1, 2, 3].map(() => store.add(lead(0, { key: "key-a" }))));
      expect(first!.created).toBe(true);
      expect(again).toEqual([
        { id: first!.id, reference: first!.reference, created: false },
        { id: first!.id, reference: first!.reference, created: false },
      ]);
      const other = await store.add(lead(0, { key: "key-b" }));
      expect(other.created).toBe(true);
      expect(other.id).not.toBe(first!.id);
      const unkeyed = await Promise.all([store.add(lead(0)), store.add(lead(0))]);
      expect(new Set(unkeyed.map(({ id }) => id)).size).toBe(2);
      const reopened = await subject.reopen();
      expect(await reopened.add(lead(5, { key: "key-a" }))).toEqual({ id: first!.id, reference: first!.reference, created: false });
      await reopened.close();
    });

    it("never hands out a lead of a kind that is not forwarded", async () => {
      await store.add(lead(0, { kind: "feedback", forwarded: false }));
      expect(await store.claimNextDue(at(1000), MINUTE)).toBeUndefined();
    });

    it("hands out the most overdue lead to one claimant at a time, whatever its kind", async () => {
      const later = await store.add(lead(5, { kind: "finance-application" }));
      const earlier = await store.add(lead(1));
      expect(await store.claimNextDue(at(0), MINUTE)).toBeUndefined();
      expect((await store.claimNextDue(at(10), MINUTE))?.id).toBe(earlier.id);
      expect(await store.claimNextDue(at(10.5), MINUTE)).toMatchObject({ id: later.id, kind: "finance-application" });
      expect(await store.claimNextDue(at(10.5), MINUTE)).toBeUndefined();
      // A claimant that died without a word: its lease runs out and the lead is due again.
      expect((await store.claimNextDue(at(11.2), MINUTE))?.id).toBe(earlier.id);
      expect(await store.claimNextDue(at(11.2), MINUTE)).toBeUndefined();
    });

    it("counts a failed send and waits until the retry time", async () => {
      const { id } = await store.add(lead(0));
      await store.claimNextDue(at(0), MINUTE);
      await store.markForwardFailed(id, at(30));
      expect(await store.claimNextDue(at(29), MINUTE)).toBeUndefined();
      expect(await store.claimNextDue(at(30), MINUTE)).toMatchObject({ id, forwardAttempts: 1 });
    });

    it("never hands out a forwarded lead again", async () => {
      const { id } = await store.add(lead(0));
      await store.claimNextDue(at(0), MINUTE);
      await store.markForwarded(id, at(1));
      expect(await store.get(id)).toMatchObject({ forwardedAt: at(1), forwardAttempts: 1 });
      expect(await store.claimNextDue(at(1000), MINUTE)).toBeUndefined();
      const reopened = await subject.reopen();
      expect(await reopened.claimNextDue(at(1000), MINUTE)).toBeUndefined();
      await reopened.close();
    });

    it("deletes one kind's leads received before a time, and forgets their keys", async () => {
      const kind: LeadKindName = "part-exchange";
      const old = await store.add(lead(0, { key: "old-key" }));
      const recent = await store.add(lead(10));
      const otherKind = await store.add(lead(0, { kind: "feedback", forwarded: false }));
      expect(await store.deleteReceivedBefore(kind, at(5))).toBe(1);
      expect(await store.get(old.id)).toBeUndefined();
      expect(await store.get(recent.id)).toBeDefined();
      expect(await store.get(otherKind.id)).toBeDefined();
      expect(await store.claimNextDue(at(20), MINUTE)).toMatchObject({ id: recent.id });
      expect(await store.add(lead(20, { key: "old-key" }))).toMatchObject({ created: true });
      expect(await store.deleteReceivedBefore(kind, at(5))).toBe(0);
    });
  });
}
