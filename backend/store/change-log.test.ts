import { describe, expect, it } from "vitest";
import { ChangeLog } from "./change-log";

describe("the embedded store's change log", () => {
  it("says nothing changed to a follower at the current version", () => {
    const log = new ChangeLog();
    expect(log.since(0)).toEqual({ kind: "changes", changedIds: [], removedIds: [], position: 0 });
    log.record(["a"], []);
    expect(log.since(1)).toEqual({ kind: "changes", changedIds: [], removedIds: [], position: 1 });
  });

  it("gathers the changes after a version, the last word on each vehicle winning", () => {
    const log = new ChangeLog();
    log.record(["a", "b"], []);
    log.record(["c"], ["a"]);
    log.record(["a"], ["b"]);
    expect(log.since(0)).toEqual({ kind: "changes", changedIds: ["c", "a"], removedIds: ["b"], position: 3 });
    expect(log.since(1)).toEqual({ kind: "changes", changedIds: ["c", "a"], removedIds: ["b"], position: 3 });
    expect(log.since(2)).toEqual({ kind: "changes", changedIds: ["a"], removedIds: ["b"], position: 3 });
  });

  it("sends a follower too far behind, or at a version it never had, to read the stock whole", () => {
    const log = new ChangeLog();
    for (let i = 0; i < 70; i++) log.record([`v${i}`], []);
    expect(log.since(0)).toMatchObject({ kind: "resync", reason: expect.stringContaining("no longer kept") });
    expect(log.since(6)).toMatchObject({ kind: "changes", position: 70 });
    expect(log.since(5)).toMatchObject({ kind: "resync" });
    expect(log.since(71)).toMatchObject({ kind: "resync", reason: expect.stringContaining("not one of this store's") });
  });
});
