import { describe, expect, it } from "vitest";
import { feedRecord, KNOWN_VEHICLES } from "../../tests/support/known-vehicles";
import { canonicalJson, contentFingerprint, stampRecord, storedVersion } from "./stamp-record";

const fiesta = KNOWN_VEHICLES[0]!;
const now = new Date("2026-11-22T10:00:00.000Z");

function added(id: string, record = feedRecord(fiesta)) {
  const stamped = stampRecord(id, record, undefined, now);
  if (stamped.change !== "added") throw new Error("expected an addition");
  return stamped.record;
}

describe("stampRecord", () => {
  it("stamps a new vehicle with the feed's listing time, or now", () => {
    expect(added("a")).toMatchObject({ _id: "a", createdAt: fiesta.createdAt, updatedAt: fiesta.createdAt });
    const { createdAt: _omitted, ...withoutTime } = feedRecord(fiesta);
    expect(added("a", withoutTime).createdAt).toBe(now.toISOString());
  });

  it("leaves an identical vehicle alone and re-stamps a changed one", () => {
    const stored = added("a");
    const later = new Date("2026-11-23T10:00:00.000Z");
    expect(stampRecord("a", feedRecord(fiesta), storedVersion(stored), later)).toEqual({ change: "unchanged" });

    const updated = stampRecord("a", feedRecord({ ...fiesta, price: 9995 }), storedVersion(stored), later);
    expect(updated).toMatchObject({ change: "updated", record: { createdAt: stored.createdAt, updatedAt: later.toISOString() } });
  });
});

describe("stampRecord: what the store keeps beside the feed", () => {
  const later = new Date("2026-11-23T10:00:00.000Z");
  const restamp = (stored: ReturnType<typeof added>, price: number, hide?: boolean) => {
    const stamped = stampRecord("a", feedRecord({ ...fiesta, price }), storedVersion(stored), later, { hide });
    if (stamped.change !== "updated") throw new Error("expected an update");
    return stamped.record;
  };

  it("records a reduction, keeps it through a change at the same price, and drops it on a rise", () => {
    const reduced = restamp(added("a"), fiesta.price - 500);
    expect(reduced.priceReduction).toEqual({ fromGBP: fiesta.price, at: later.toISOString() });
    const relisted = stampRecord(
      "a",
      feedRecord({ ...fiesta, price: fiesta.price - 500, images: 3 }),
      storedVersion(reduced),
      new Date("2026-11-24T10:00:00.000Z"),
    );
    expect(relisted).toMatchObject({ change: "updated", record: { priceReduction: reduced.priceReduction } });
    expect(restamp(reduced, fiesta.price).priceReduction).toBeUndefined();
  });

  it("hides or shows only when asked, and otherwise keeps the vehicle as it was", () => {
    const hidden = restamp(added("a"), fiesta.price, true);
    expect(hidden.hidden).toBe(true);
    expect(stampRecord("a", feedRecord(fiesta), storedVersion(hidden), later)).toEqual({ change: "unchanged" });
    expect(restamp(hidden, fiesta.price - 1).hidden).toBe(true);
    expect(restamp(hidden, fiesta.price, false).hidden).toBeUndefined();
  });

  it("reserves or releases only when asked, keeping a reservation through feeds", () => {
    const reserve = (stored: ReturnType<typeof added>, reserve: boolean) =>
      stampRecord("a", feedRecord(fiesta), storedVersion(stored), later, { reserve });
    const reserved = reserve(added("a"), true);
    if (reserved.change !== "updated") throw new Error("expected an update");
    expect(reserved.record.reserved).toBe(true);
    expect(stampRecord("a", feedRecord(fiesta), storedVersion(reserved.record), later)).toEqual({ change: "unchanged" });
    expect(restamp(reserved.record, fiesta.price - 1).reserved).toBe(true);
    const released = reserve(reserved.record, false);
    expect(released).toMatchObject({ change: "updated" });
    expect(released.change === "updated" && released.record.reserved).toBeUndefined();
  });

  it("keeps a field changed by hand through feeds until its mark is cleared, and only that field", () => {
    const fed = feedRecord(fiesta);
    const byHand = {
      ...fed,
      vehicle: { ...fed.vehicle, colour: "Deep Impact Blue" },
      adverts: { retailAdverts: { ...fed.adverts.retailAdverts, description: "One owner." } },
    };
    const edited = stampRecord("a", byHand, storedVersion(added("a")), later, { handEdited: ["colour", "description"] });
    if (edited.change !== "updated") throw new Error("expected an update");
    expect(edited.record.handEdited).toEqual(["colour", "description"]);

    // The next feed says otherwise about the colour and the price: the price is the feed's, the colour the hand's.
    const nextFeed = feedRecord({ ...fiesta, price: fiesta.price - 100, vehicle: { ...fiesta.vehicle, colour: "Red" } });
    const afterFeed = stampRecord("a", nextFeed, storedVersion(edited.record), new Date("2026-11-24T10:00:00.000Z"));
    if (afterFeed.change !== "updated") throw new Error("expected an update");
    expect(afterFeed.record.vehicle.colour).toBe("Deep Impact Blue");
    expect(afterFeed.record.adverts.retailAdverts).toMatchObject({
      description: "One owner.",
      totalPrice: { amountGBP: fiesta.price - 100 },
    });
    expect(stampRecord("a", nextFeed, storedVersion(afterFeed.record), later)).toEqual({ change: "unchanged" });

    // The colour's mark cleared: the feed after that sets it again; the description stays.
    const unmarked = stampRecord("a", afterFeed.record, storedVersion(afterFeed.record), later, { handEdited: ["description"] });
    if (unmarked.change !== "updated") throw new Error("expected an update");
    const refed = stampRecord("a", nextFeed, storedVersion(unmarked.record), new Date("2026-11-25T10:00:00.000Z"));
    if (refed.change !== "updated") throw new Error("expected an update");
    expect(refed.record.vehicle.colour).toBe("Red");
    expect(refed.record.adverts.retailAdverts.description).toBe("One owner.");
    expect(refed.record.handEdited).toEqual(["description"]);
  });
});

describe("contentFingerprint", () => {
  it("depends on what the listing says, not on when it was stored", () => {
    const stored = added("a");
    const restamped = { ...stored, updatedAt: "2030-01-01T00:00:00.000Z" };
    expect(contentFingerprint(restamped)).toBe(contentFingerprint(stored));
    expect(contentFingerprint(added("a", feedRecord({ ...fiesta, price: 1 })))).not.toBe(contentFingerprint(stored));
  });
});

describe("canonicalJson", () => {
  it("ignores key order but not values", () => {
    expect(canonicalJson({ a: 1, b: { c: 2, d: [1, 2] } })).toBe(canonicalJson({ b: { d: [1, 2], c: 2 }, a: 1 }));
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
  });
});
