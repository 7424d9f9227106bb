import { describe, expect, it } from "vitest";
import { MongoServerError, Timestamp, type ChangeStreamDocument } from "mongodb";
import { vehicleRecordSchema, type VehicleRecord } from "../../domain/vehicle";
import type { VehicleDocument } from "../store/mongo-vehicle-store";
import { feedRecord, KNOWN_VEHICLES } from "../../tests/support/known-vehicles";
import { SearchIndexNeedsFullSyncError } from "../search/search-engine";
import { foldChanges, hasSyncPosition, indexChangeOf, resyncReason, type IndexChange } from "./search-sync";

const record: VehicleRecord = vehicleRecordSchema.parse({
  ...feedRecord(KNOWN_VEHICLES[0]!),
  _id: "fiesta-2019",
  updatedAt: "2026-10-01T09:00:00.000Z",
});
const stored: VehicleDocument = { ...record, fingerprint: "abc", changeVersion: 3 };

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
    expect(indexChangeOf(event({ operationType: "delete", documentKey: { _id: "fiesta-2019" } }))).toEqual({
      kind: "remove",
      id: "fiesta-2019",
    });
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

describe("hasSyncPosition", () => {
  const token = { _data: "8263A1" };
  const time = new Timestamp({ t: 1_790_000_000, i: 1 });

  it("follows a change stream from a saved token, or from the moment a full sync began", () => {
    expect(hasSyncPosition({ resumeToken: token }, true)).toBe(true);
    expect(hasSyncPosition({ startAtOperationTime: time }, true)).toBe(true);
  });

  it("has nowhere to start a change stream from a polling position, or from nothing", () => {
    expect(hasSyncPosition({ syncedVersion: 12 }, true)).toBe(false);
    expect(hasSyncPosition(null, true)).toBe(false);
  });

  it("polls on from a synced version, even version 0", () => {
    expect(hasSyncPosition({ syncedVersion: 0 }, false)).toBe(true);
    expect(hasSyncPosition({ resumeToken: token }, false)).toBe(false);
    expect(hasSyncPosition(null, false)).toBe(false);
  });
});

describe("resyncReason", () => {
  const serverError = (code: number, message: string) => new MongoServerError({ message, code });

  it.each([
    [286, "Resume of change stream was not possible, as the resume point may no longer be in the oplog"],
    [280, "cannot resume stream; the resume token was not found"],
    [260, "Invalid resume token"],
  ])("rebuilds when MongoDB cannot resume the change stream (code %i)", (code, message) => {
    expect(resyncReason(serverError(code, message))).toBeDefined();
  });

  it("rebuilds when the search index cannot take changes one by one", () => {
    const error = new SearchIndexNeedsFullSyncError("vehicles", "does not exist");
    expect(resyncReason(error)).toBe(error.message);
  });

  it("lets any other failure through", () => {
    expect(resyncReason(serverError(13, "not authorised"))).toBeUndefined();
    expect(resyncReason(new Error("bug"))).toBeUndefined();
  });
});
