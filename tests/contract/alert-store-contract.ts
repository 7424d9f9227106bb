import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AlertEntry, AlertStore, PriceSeen, SavedSearch } from "../../backend/alerts/alert-store";
import { atOnce } from "../support/at-once";

export interface AlertStoreUnderTest {
  store: AlertStore;
  /** The same records opened afresh, as after a restart or from another instance. */
  reopen(): Promise<AlertStore>;
  dispose(): Promise<void>;
}

const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1) + minutes * MINUTE);
let serial = 0;

/** A confirmed search for Ford Transit Customs under £20,000 unless told otherwise. */
export function savedSearch(change: Partial<SavedSearch> = {}): SavedSearch {
  serial++;
  return {
    id: serial.toString(16).padStart(24, "0"),
    email: "buyer@example.com",
    recipient: "a".repeat(32),
    type: "van",
    query: "make=Ford&model=Transit+Custom&price=-20000",
    description: "Vans · Ford Transit Custom · up to £20,000",
    makeKey: "ford",
    make: "Ford",
    model: "Transit Custom",
    priceCeiling: 20000,
    frequency: "immediate",
    status: "active",
    consent: { text: "We'll e-mail you vehicles that match this search.", page: "/van-search?make=Ford", givenAt: at(0) },
    createdAt: at(0),
    confirmedAt: at(5),
    lastActiveAt: at(5),
    sent: [],
    pending: [],
    ...change,
  };
}

const entry = (vehicleId: string, change: Partial<AlertEntry> = {}): AlertEntry => ({
  vehicleId,
  kind: "new",
  priceGBP: 18995,
  foundAt: at(10),
  ...change,
});
const ids = (searches: readonly SavedSearch[]) => searches.map(({ id }) => id).sort();

/**
 * What every alert store does, whatever keeps it: run by the file store's and MongoDB's tests.
 * `atomicUpdates: false` sends the writes that would be simultaneous one at a time.
 */
export function describeAlertStoreContract(name: string, open: () => Promise<AlertStoreUnderTest>, { atomicUpdates = true } = {}): void {
  const together = atOnce(atomicUpdates);
  describe(`alert store contract: ${name}${atomicUpdates ? "" : " (simultaneous writes sent one at a time)"}`, () => {
    let subject: AlertStoreUnderTest;
    let store: AlertStore;
    beforeEach(async () => {
      subject = await open();
      store = subject.store;
    });
    afterEach(async () => {
      await subject.dispose();
    });

    it("keeps a saved search whole, with its consent (what and when), across a reopen", async () => {
      const search = savedSearch({ pending: [entry("transit-1", { kind: "drop", wasGBP: 19995 })], lastSentAt: at(7) });
      await store.add(search);
      expect(await store.get(search.id)).toEqual(search);
      const reopened = await subject.reopen();
      expect(await reopened.get(search.id)).toEqual(search);
      expect(await reopened.get("f".repeat(24))).toBeUndefined();
      await reopened.close();
    });

    it("makes one secret, whoever asks first and however many ask at once, and keeps it", async () => {
      const secrets = await together([1, 2, 3].map(() => () => store.secret()));
      expect(new Set(secrets).size).toBe(1);
      expect(secrets[0]).toMatch(/^[0-9a-f]{64}$/);
      const reopened = await subject.reopen();
      expect(await reopened.secret()).toBe(secrets[0]);
      await reopened.close();
    });

    it("lists one address's searches, oldest first, and no one else's", async () => {
      const later = savedSearch({ createdAt: at(3) });
      const earlier = savedSearch({ createdAt: at(1) });
      const someoneElse = savedSearch({ recipient: "b".repeat(32), email: "other@example.com" });
      for (const search of [later, earlier, someoneElse]) await store.add(search);
      expect((await store.ofRecipient("a".repeat(32))).map(({ id }) => id)).toEqual([earlier.id, later.id]);
      expect(await store.ofRecipient("c".repeat(32))).toEqual([]);
    });

    it("changes what the buyer changes and nothing else, and marks searches wanted when a link is followed", async () => {
      const search = savedSearch({ status: "unconfirmed", confirmedAt: undefined });
      delete search.confirmedAt;
      await store.add(search);
      const confirmed = await store.change(search.id, { status: "active", confirmedAt: at(9), lastActiveAt: at(9) });
      expect(confirmed).toEqual({ ...search, status: "active", confirmedAt: at(9), lastActiveAt: at(9) });
      expect(await store.change(search.id, { frequency: "daily", status: "paused" })).toMatchObject({
        frequency: "daily",
        status: "paused",
      });
      expect(await store.change("f".repeat(24), { status: "paused" })).toBeUndefined();
      await store.touch([search.id, "f".repeat(24)], at(60));
      const reopened = await subject.reopen();
      expect(await reopened.get(search.id)).toEqual({
        ...search,
        status: "paused",
        frequency: "daily",
        confirmedAt: at(9),
        lastActiveAt: at(60),
      });
      await reopened.close();
    });

    it("deletes searches by id, every search of one address, and searches never confirmed in time", async () => {
      const [one, two] = [savedSearch(), savedSearch()];
      const other = savedSearch({ recipient: "b".repeat(32), email: "other@example.com" });
      const stale = savedSearch({ recipient: "c".repeat(32), status: "unconfirmed", createdAt: at(0) });
      const fresh = savedSearch({ recipient: "c".repeat(32), status: "unconfirmed", createdAt: at(100) });
      for (const search of [one, two, other, stale, fresh]) await store.add(search);
      expect(await store.remove([other.id, "f".repeat(24)])).toBe(1);
      expect(await store.removeUnconfirmedBefore(at(50))).toBe(1);
      expect(await store.removeRecipient("a".repeat(32))).toBe(2);
      const reopened = await subject.reopen();
      for (const gone of [one, two, other, stale]) expect(await reopened.get(gone.id)).toBeUndefined();
      expect(await reopened.get(fresh.id)).toEqual(fresh);
      expect(await reopened.ofRecipient("a".repeat(32))).toEqual([]);
      await reopened.close();
    });

    it("offers a change only the active searches of its type naming its make or none, and a vehicle only its watchers", async () => {
      const transit = savedSearch();
      const anyVan = savedSearch({ makeKey: "", query: "price=-20000" });
      const vauxhall = savedSearch({ makeKey: "vauxhall" });
      const fordCar = savedSearch({ type: "car" });
      const paused = savedSearch({ status: "paused" });
      const unconfirmed = savedSearch({ status: "unconfirmed" });
      const watch = savedSearch({ vehicleId: "transit-1" });
      const pausedWatch = savedSearch({ vehicleId: "transit-1", status: "paused" });
      for (const search of [transit, anyVan, vauxhall, fordCar, paused, unconfirmed, watch, pausedWatch]) await store.add(search);
      expect(ids(await store.candidates([{ type: "van", makeKey: "ford" }]))).toEqual(ids([transit, anyVan]));
      expect(
        ids(
          await store.candidates([
            { type: "van", makeKey: "ford" },
            { type: "van", makeKey: "vauxhall" },
          ]),
        ),
      ).toEqual(ids([transit, anyVan, vauxhall]));
      expect(ids(await store.candidates([{ type: "truck", makeKey: "ford" }]))).toEqual([]);
      expect(await store.candidates([])).toEqual([]);
      expect(ids(await store.watchers(["transit-1", "transit-2"]))).toEqual([watch.id]);
      expect(await store.watchers([])).toEqual([]);
    });

    it("finds the active searches with entries waiting, and the confirmed ones idle since a time", async () => {
      const waiting = savedSearch({ pending: [entry("transit-1")] });
      const pausedWaiting = savedSearch({ status: "paused", pending: [entry("transit-1")] });
      const idle = savedSearch({ lastActiveAt: at(1) });
      const idlePaused = savedSearch({ status: "paused", lastActiveAt: at(1) });
      const idleUnconfirmed = savedSearch({ status: "unconfirmed", lastActiveAt: at(1) });
      for (const search of [waiting, pausedWaiting, idle, idlePaused, idleUnconfirmed]) await store.add(search);
      expect(ids(await store.withPending())).toEqual([waiting.id]);
      expect(ids(await store.idleSince(at(2)))).toEqual(ids([idle, idlePaused]));
    });

    it("counts the people waiting for each kind of vehicle, not their searches, and only confirmed ones", async () => {
      const person = (n: number) => n.toString(16).repeat(32).slice(0, 32);
      await store.add(savedSearch({ recipient: person(1) }));
      await store.add(savedSearch({ recipient: person(1), frequency: "daily" }));
      await store.add(savedSearch({ recipient: person(2), status: "paused" }));
      await store.add(savedSearch({ recipient: person(3), status: "unconfirmed" }));
      await store.add(savedSearch({ recipient: person(3), model: "Transit", priceCeiling: undefined }));
      await store.add(
        savedSearch({ recipient: person(4), type: "car", make: undefined, model: undefined, makeKey: "", priceCeiling: 10000 }),
      );
      expect(await store.demand()).toEqual([
        { type: "van", make: "Ford", model: "Transit Custom", priceCeiling: 20000, people: 2 },
        { type: "car", priceCeiling: 10000, people: 1 },
        { type: "van", make: "Ford", model: "Transit", people: 1 },
      ]);
    });

    it("records a round: its searches' progress without undoing a pause made meanwhile, the prices seen, and the cursor, across a reopen", async () => {
      const search = savedSearch();
      const deleted = savedSearch();
      await store.add(search);
      await store.add(deleted);
      expect(await store.cursor()).toBeUndefined();
      const seen = (priceGBP: number): PriceSeen => ({ priceGBP, firstSeenAt: at(10) });
      await store.recordRound({
        progress: [],
        prices: new Map([
          ["transit-1", seen(18995)],
          ["transit-2", seen(21000)],
        ]),
        cursor: { position: 3, round: 1 },
      });
      await store.change(search.id, { status: "paused" });
      await store.remove([deleted.id]);
      await store.recordRound({
        progress: [
          { id: search.id, sent: ["transit-1"], pending: [entry("transit-3")], lastSentAt: at(11) },
          { id: deleted.id, sent: ["transit-1"], pending: [] },
        ],
        prices: new Map([
          ["transit-1", seen(17995)],
          ["transit-2", undefined],
          ["transit-3", seen(15000)],
        ]),
        cursor: { position: 7, round: 2, dayDone: "2030-01-01" },
      });
      const reopened = await subject.reopen();
      expect(await reopened.get(search.id)).toEqual({
        ...search,
        status: "paused",
        sent: ["transit-1"],
        pending: [entry("transit-3")],
        lastSentAt: at(11),
      });
      expect(await reopened.get(deleted.id)).toBeUndefined();
      expect(await reopened.cursor()).toEqual({ position: 7, round: 2, dayDone: "2030-01-01" });
      expect(await reopened.allPrices()).toEqual(
        new Map([
          ["transit-1", seen(17995)],
          ["transit-3", seen(15000)],
        ]),
      );
      expect(await reopened.pricesOf(["transit-2", "transit-3"])).toEqual(new Map([["transit-3", seen(15000)]]));
      await reopened.close();
    });
  });
}
