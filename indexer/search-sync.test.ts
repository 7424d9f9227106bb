import { describe, expect, it } from "vitest";
import type { ChangeStreamDocument } from "mongodb";
import { vehicleRecordSchema, type VehicleRecord } from "../domain/vehicle";
import type { VehicleDocument } from "../backend/store/mongo-vehicle-store";
import { feedRecord, KNOWN_VEHICLES } from "../tests/support/known-vehicles";
import { foldChanges, indexChangeOf, type IndexChange } from "./search-sync";

const record: VehicleRecord = vehicleRecordSchema.parse({
  ...feedRecord(KNOWN_VEHICLES[0]!),
  _id: "fiesta-2019",
  updatedAt: "2026-10-01T09:00:00.000Z",
});
const stored: VehicleDocument = { ...record, fingerprint: "abc", storedAt: new Date() };

/** Change events shaped as MongoDB sends them, with only the fields the mapping reads. */
const event = (fields: Record<string, unknown>) => fields as unknown as ChangeStreamDocument<VehicleDocument>;

describe("indexChangeOf", () => {
  it.each(["insert", "replace", "update"])("sends the whole vehicle on %s, without the store's own fields", (operationType) => {
    expect(indexChangeOf(event({ operationType, fullDocument: stored, documentKey: { _id: "fiesta-2019" } }))).toEqual({
      kind: "upsert",
      record,
    });
  });

  it("skips an update whose vehicle has gone since: its delete comes next", () => {
    expect(indexChangeOf(event({ operationType: "update", fullDocument: null, documentKey: { _id: "x" } }))).toBeUndefined();
  });

  it("removes a deleted vehicle", () => {
    expect(indexChangeOf(event({ operationType: "delete", documentKey: { _id: "fiesta-2019" } }))).toEqual({ kind: "remove", id: "fiesta-2019" });
  });

  it.each(["drop", "rename", "dropDatabase", "invalidate"])("asks for a full sync on %s", (operationType) => {
    expect(indexChangeOf(event({ operationType }))).toMatchObject({ kind: "resync" });
  });

  it("ignores changes that are not about vehicles", () => {
    expect(indexChangeOf(event({ operationType: "createIndexes" }))).toBeUndefined();
  });
});

describe("foldChanges", () => {
  it("keeps the last word on each vehicle", () => {
    const later = { ...record, adverts: { retailAdverts: { totalPrice: { amountGBP: 9000 } } } };
    const changes: IndexChange[] = [
      { kind: "upsert", record },
      { kind: "remove", id: "sold-1" },
      { kind: "upsert", record: later },
      { kind: "upsert", record: { ...record, _id: "relisted" } },
      { kind: "remove", id: "relisted" },
      { kind: "upsert", record: { ...record, _id: "sold-1" } },
    ];
    const folded = foldChanges(changes);
    expect(folded.upserts.map((r) => [r._id, r.adverts.retailAdverts.totalPrice.amountGBP])).toEqual([
      ["fiesta-2019", 9000],
      ["sold-1", 10000],
    ]);
    expect(folded.removedIds).toEqual(["relisted"]);
  });
});
