import { describe, expect, it } from "vitest";
import { feedRecord, KNOWN_VEHICLES } from "../../tests/support/known-vehicles";
import { canonicalJson, stampRecord } from "./stamp-record";

const fiesta = KNOWN_VEHICLES[0]!;
const now = new Date("2026-11-22T10:00:00.000Z");

describe("stampRecord", () => {
  it("stamps a new vehicle with the feed's listing time, or now", () => {
    const added = stampRecord("a", feedRecord(fiesta), undefined, now);
    expect(added.change).toBe("added");
    expect(added.record).toMatchObject({ _id: "a", createdAt: fiesta.createdAt, updatedAt: fiesta.createdAt });

    const { createdAt: _omitted, ...withoutTime } = feedRecord(fiesta);
    expect(stampRecord("a", withoutTime, undefined, now).record.createdAt).toBe(now.toISOString());
  });

  it("leaves an identical vehicle alone and re-stamps a changed one", () => {
    const stored = stampRecord("a", feedRecord(fiesta), undefined, now).record;
    const later = new Date("2026-11-23T10:00:00.000Z");
    expect(stampRecord("a", feedRecord(fiesta), stored, later)).toEqual({ change: "unchanged", record: stored });

    const updated = stampRecord("a", feedRecord({ ...fiesta, price: 9995 }), stored, later);
    expect(updated.change).toBe("updated");
    expect(updated.record).toMatchObject({ createdAt: stored.createdAt, updatedAt: later.toISOString() });
  });
});

describe("canonicalJson", () => {
  it("ignores key order but not values", () => {
    expect(canonicalJson({ a: 1, b: { c: 2, d: [1, 2] } })).toBe(canonicalJson({ b: { d: [1, 2], c: 2 }, a: 1 }));
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
  });
});
