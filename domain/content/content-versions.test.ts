import { describe, expect, it } from "vitest";
import { liveVersion, nextScheduledChange, type ContentVersion } from "./content-versions";

const at = (day: number) => new Date(Date.UTC(2026, 11, day, 9));
const version = (number: number, change: Partial<ContentVersion> = {}): ContentVersion => ({
  number,
  body: { n: number },
  author: { id: "a", name: "Alex" },
  savedAt: at(1),
  published: true,
  ...change,
});

describe("the version buyers see", () => {
  it("is the published one most recently made live, never a draft", () => {
    const versions = [version(1), version(2, { savedAt: at(2) }), version(3, { savedAt: at(3), published: false })];
    expect(liveVersion({ versions }, at(4))?.number).toBe(2);
    expect(liveVersion({ versions }, at(1))?.number).toBe(1);
    expect(liveVersion({ versions: [version(1, { published: false })] }, at(4))).toBeUndefined();
  });

  it("takes over at its publish time, and gives way back when taken down", () => {
    const christmas = version(2, { savedAt: at(2), publishAt: at(20), takeDownAt: at(27) });
    const typoFixed = version(3, { savedAt: at(3) });
    const versions = [version(1), christmas, typoFixed];
    expect(liveVersion({ versions }, at(10))?.number).toBe(3);
    expect(liveVersion({ versions }, at(21))?.number).toBe(2);
    expect(liveVersion({ versions }, at(27))?.number).toBe(3);
    expect(nextScheduledChange({ versions }, at(10))).toEqual(at(20));
    expect(nextScheduledChange({ versions }, at(21))).toEqual(at(27));
    expect(nextScheduledChange({ versions }, at(27))).toBeUndefined();
  });

  it("is none once the only version is taken down", () => {
    expect(liveVersion({ versions: [version(1, { takeDownAt: at(5) })] }, at(5))).toBeUndefined();
  });
});
