import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { atOnce } from "../support/at-once";
import { StaleContentError, type ContentStore } from "../../backend/content/content-store";
import type { ContentVersion } from "../../domain/content/content-versions";

export interface ContentStoreUnderTest {
  store: ContentStore;
  /** The same content opened afresh, as another instance of the site sees it. */
  reopen(): Promise<ContentStore>;
  dispose(): Promise<void>;
}

const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1) + minutes * 60_000);
const version = (number: number, change: Partial<ContentVersion> = {}): ContentVersion => ({
  number,
  body: { heading: `Version ${number}`, items: [{ text: "é ✓ <b>" }] },
  author: { id: "acct-1", name: "Alex Editor" },
  savedAt: at(number),
  published: false,
  ...change,
});

/**
 * What every content store does, whatever keeps it: run by the file store's and MongoDB's tests.
 * `atomicUpdates: false` sends the saves that would be simultaneous one at a time.
 */
export function describeContentStoreContract(
  name: string,
  open: () => Promise<ContentStoreUnderTest>,
  { atomicUpdates = true } = {},
): void {
  const together = atOnce(atomicUpdates);
  describe(`content store contract: ${name}${atomicUpdates ? "" : " (simultaneous writes sent one at a time)"}`, () => {
    let subject: ContentStoreUnderTest;
    let store: ContentStore;
    beforeEach(async () => {
      subject = await open();
      store = subject.store;
    });
    afterEach(async () => {
      await subject.dispose();
    });

    it("keeps each document's versions as saved, dates and all, as another instance reads them", async () => {
      expect(await store.get("home")).toBeUndefined();
      const first = [version(1, { published: true, publishAt: at(1) })];
      expect(await store.put("home", first, 0)).toEqual({ key: "home", revision: 1, versions: first });
      const second = [...first, version(2, { published: true, publishAt: at(60), takeDownAt: at(120), restoredFrom: 1 })];
      await store.put("home", second, 1);
      await store.put("category:vans/used", [version(1)], 0);

      const other = await subject.reopen();
      expect(await other.get("home")).toEqual({ key: "home", revision: 2, versions: second });
      expect((await other.all()).map(({ key }) => key).sort()).toEqual(["category:vans/used", "home"]);
      const draft = (await other.get("category:vans/used"))!.versions[0]!;
      expect(draft).toEqual(version(1));
      expect(draft).not.toHaveProperty("publishAt");
      await other.close();
    });

    it("refuses a save based on a revision someone else has saved over, and says what was saved", async () => {
      await store.put("page:privacy", [version(1)], 0);
      const other = await subject.reopen();
      await other.put("page:privacy", [version(1), version(2)], 1);
      const refused = await store.put("page:privacy", [version(1), version(3)], 1).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(StaleContentError);
      expect((refused as StaleContentError).current?.versions.map(({ number }) => number)).toEqual([1, 2]);
      // A document made twice at once: the second is refused the same way.
      const twice = await store.put("page:privacy", [version(1)], 0).catch((error: unknown) => error);
      expect(twice).toBeInstanceOf(StaleContentError);
      expect((await store.get("page:privacy"))!.revision).toBe(2);
      await other.close();
    });

    it("lets one of two saves based on the same revision through, never both", async () => {
      await store.put("notice", [version(1)], 0);
      const other = await subject.reopen();
      const settled = <T>(promise: Promise<T>) =>
        promise.then(
          (value): PromiseSettledResult<T> => ({ status: "fulfilled", value }),
          (reason: unknown): PromiseSettledResult<T> => ({ status: "rejected", reason }),
        );
      const results = await together([
        () => settled(store.put("notice", [version(1), version(2)], 1)),
        () => settled(other.put("notice", [version(1), version(2, { author: { id: "acct-2", name: "Sam" } })], 1)),
      ]);
      expect(results.filter(({ status }) => status === "fulfilled")).toHaveLength(1);
      expect((results.find(({ status }) => status === "rejected") as PromiseRejectedResult).reason).toBeInstanceOf(StaleContentError);
      expect((await store.get("notice"))!.versions).toHaveLength(2);
      await other.close();
    });

    it("raises its stamp after every save, as every instance sees it", async () => {
      const other = await subject.reopen();
      const before = await other.stamp();
      await store.put("dealer", [version(1)], 0);
      const after = await other.stamp();
      expect(after).toBeGreaterThan(before);
      await store.put("dealer", [version(1), version(2)], 1);
      expect(await other.stamp()).toBeGreaterThan(after);
      await store.put("dealer", [version(1)], 1).catch(() => undefined);
      expect(await store.stamp()).toBe(await other.stamp());
      await other.close();
    });
  });
}
