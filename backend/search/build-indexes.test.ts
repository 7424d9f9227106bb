import { describe, expect, it } from "vitest";
import { abandonedBuildIndexes, buildIndexUid } from "./build-indexes";

const now = new Date("2026-11-20T12:00:00.000Z");

describe("buildIndexUid", () => {
  it("names a build index after the live one, with the time and a random part", () => {
    expect(buildIndexUid("vehicles", now, "a1b2c3d4")).toBe(`vehicles_build_${now.getTime()}_a1b2c3d4`);
  });

  it("gives two builds started at once different names", () => {
    expect(buildIndexUid("vehicles", now)).not.toBe(buildIndexUid("vehicles", now));
  });

  it("uses only the characters Meilisearch allows in an index uid", () => {
    expect(buildIndexUid("vehicles")).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});

describe("abandonedBuildIndexes", () => {
  it("picks this index's build indexes over a day old, and nothing else", () => {
    const indexes = [
      { uid: "vehicles", createdAt: "2026-01-01T00:00:00Z" },
      { uid: "vehicles_build_1", createdAt: "2026-11-19T11:59:00Z" },
      { uid: "vehicles_build_2", createdAt: "2026-11-20T11:00:00Z" },
      { uid: "vans_build_3", createdAt: "2026-11-01T00:00:00Z" },
      { uid: "vehicles_archive", createdAt: "2026-11-01T00:00:00Z" },
    ];
    expect(abandonedBuildIndexes(indexes, "vehicles", now)).toEqual(["vehicles_build_1"]);
  });
});
