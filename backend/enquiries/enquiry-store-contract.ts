import { afterEach, describe, expect, it } from "vitest";
import type { EnquiryStore, NewEnquiry, StoreOptions } from "./enquiry-store";

export interface EnquiryStoreUnderTest {
  store: EnquiryStore<Sample>;
  /** The same records opened afresh, as after a restart or from another instance. */
  reopen(): Promise<EnquiryStore<Sample>>;
  dispose(): Promise<void>;
}

/** Any record will do: the store keeps what it is given. */
interface Sample {
  message: string;
  page?: string;
}

const sample: Sample = { message: "The filters are quick", page: "/car-search" };
const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1) + minutes * MINUTE);
const received = (minutes: number, key?: string): NewEnquiry<Sample> => ({ enquiry: sample, receivedAt: at(minutes), key });

/** What every enquiry store does, whatever keeps it: run by the file store's and MongoDB's tests. */
export function describeEnquiryStoreContract(name: string, open: (options: StoreOptions) => Promise<EnquiryStoreUnderTest>): void {
  describe(`enquiry store contract: ${name}`, () => {
    let subject: EnquiryStoreUnderTest | undefined;
    const openStore = async (options: StoreOptions) => {
      subject = await open(options);
      return subject.store;
    };
    afterEach(async () => {
      await subject?.dispose();
      subject = undefined;
    });

    it("keeps a record as it was given across a reopen", async () => {
      const store = await openStore({ forwarded: false });
      const { id, created } = await store.add(received(0));
      expect(created).toBe(true);
      const expected = { id, receivedAt: at(0), enquiry: sample, forwardAttempts: 0 };
      expect(await store.get(id)).toEqual(expected);
      const reopened = await subject!.reopen();
      expect(await reopened.get(id)).toEqual(expected);
      await reopened.close();
      expect(await store.get("no-such-record")).toBeUndefined();
    });

    it("stores one record per key, even when the same one arrives at once", async () => {
      const store = await openStore({ forwarded: false });
      const [first, ...again] = await Promise.all([1, 2, 3].map(() => store.add(received(0, "key-a"))));
      expect(first!.created).toBe(true);
      expect(again).toEqual([
        { id: first!.id, created: false },
        { id: first!.id, created: false },
      ]);
      const other = await store.add(received(0, "key-b"));
      expect(other).toMatchObject({ created: true });
      expect(other.id).not.toBe(first!.id);
      const unkeyed = await Promise.all([store.add(received(0)), store.add(received(0))]);
      expect(new Set(unkeyed.map(({ id }) => id)).size).toBe(2);
      const reopened = await subject!.reopen();
      expect(await reopened.add(received(5, "key-a"))).toEqual({ id: first!.id, created: false });
      await reopened.close();
    });

    it("never hands out a record of a kind that is not forwarded", async () => {
      const store = await openStore({ forwarded: false });
      await store.add(received(0));
      expect(await store.claimNextDue(at(1000), MINUTE)).toBeUndefined();
    });

    it("hands out the most overdue record of a forwarded kind to one claimant at a time", async () => {
      const store = await openStore({ forwarded: true });
      const later = await store.add(received(5));
      const earlier = await store.add(received(1));
      expect(await store.claimNextDue(at(0), MINUTE)).toBeUndefined();
      expect((await store.claimNextDue(at(10), MINUTE))?.id).toBe(earlier.id);
      expect((await store.claimNextDue(at(10.5), MINUTE))?.id).toBe(later.id);
      expect(await store.claimNextDue(at(10.5), MINUTE)).toBeUndefined();
      // A claimant that died without a word: its lease runs out and the record is due again.
      expect((await store.claimNextDue(at(11.2), MINUTE))?.id).toBe(earlier.id);
      expect(await store.claimNextDue(at(11.2), MINUTE)).toBeUndefined();
    });

    it("counts a failed send and waits until the retry time", async () => {
      const store = await openStore({ forwarded: true });
      const { id } = await store.add(received(0));
      await store.claimNextDue(at(0), MINUTE);
      await store.markForwardFailed(id, at(30));
      expect(await store.claimNextDue(at(29), MINUTE)).toBeUndefined();
      expect(await store.claimNextDue(at(30), MINUTE)).toMatchObject({ id, forwardAttempts: 1 });
    });

    it("never hands out a forwarded record again", async () => {
      const store = await openStore({ forwarded: true });
      const { id } = await store.add(received(0));
      await store.claimNextDue(at(0), MINUTE);
      await store.markForwarded(id, at(1));
      expect(await store.get(id)).toMatchObject({ forwardedAt: at(1), forwardAttempts: 1 });
      expect(await store.claimNextDue(at(1000), MINUTE)).toBeUndefined();
      const reopened = await subject!.reopen();
      expect(await reopened.claimNextDue(at(1000), MINUTE)).toBeUndefined();
      await reopened.close();
    });

    it("deletes the records received before a time, and forgets their keys", async () => {
      const store = await openStore({ forwarded: true });
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
