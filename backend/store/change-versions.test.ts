import { describe, expect, it } from "vitest";
import { pollStep, stampedAfter, stillRemoved } from "./change-versions";

describe("stampedAfter", () => {
  it("reads what came after a version, up to another when given", () => {
    expect(stampedAfter(4, 9)).toEqual({ changeVersion: { $gt: 4, $lte: 9 } });
    expect(stampedAfter(4)).toEqual({ changeVersion: { $gt: 4 } });
  });
});

describe("stillRemoved", () => {
  it("drops a removal whose vehicle is in stock again", () => {
    expect(stillRemoved(["sold", "relisted", "half-removed"], ["relisted", "half-removed", "unrelated"])).toEqual(["sold"]);
  });

  it("keeps every removal when none of the vehicles is back", () => {
    expect(stillRemoved(["a", "b"], [])).toEqual(["a", "b"]);
  });
});

describe("pollStep", () => {
  const stock = (version: number, removalsPrunedUpTo = 0) => ({ version, removalsPrunedUpTo });

  it("waits while the stock has not moved on", () => {
    expect(pollStep(7, stock(7))).toEqual({ kind: "wait" });
    expect(pollStep(7, stock(7, 7))).toEqual({ kind: "wait" });
  });

  it("reads every version since the last one synced, up to the published one", () => {
    expect(pollStep(7, stock(10))).toEqual({ kind: "read", after: 7, upTo: 10 });
    expect(pollStep(0, stock(1))).toEqual({ kind: "read", after: 0, upTo: 1 });
  });

  it("reads on when only notes it has already read were pruned", () => {
    expect(pollStep(7, stock(10, 7))).toEqual({ kind: "read", after: 7, upTo: 10 });
    expect(pollStep(7, stock(10, 3))).toEqual({ kind: "read", after: 7, upTo: 10 });
  });

  it("asks for a full sync when the version went back", () => {
    expect(pollStep(10, stock(3))).toEqual({ kind: "resync", reason: "the stock's version went back from 10 to 3" });
  });

  it("asks for a full sync when notes of removals it has not read were pruned", () => {
    expect(pollStep(7, stock(12, 8))).toEqual({
      kind: "resync",
      reason: "removal notes up to version 8 were pruned, and this sync stopped at version 7",
    });
  });
});
