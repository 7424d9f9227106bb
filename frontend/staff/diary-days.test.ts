import { describe, expect, it } from "vitest";
import { diaryOpensOn, mondayOf } from "./diary-days";

describe("the day the test-drive diary opens on", () => {
  it("is the day of the next booking: on a Sunday, a day of the week ahead", () => {
    // Sunday 29 November 2026; the drives booked are on Tuesday and Thursday after it.
    expect(diaryOpensOn("2026-11-29", ["2026-12-03", "2026-12-01"], "2026-11-30")).toBe("2026-12-01");
    expect(mondayOf(diaryOpensOn("2026-11-29", ["2026-12-01"], "2026-11-30"))).toBe("2026-11-30");
  });

  it("counts a booking later today, and none from days gone by", () => {
    expect(diaryOpensOn("2026-11-25", ["2026-11-20", "2026-11-25", "2026-11-27"], "2026-11-26")).toBe("2026-11-25");
  });

  it("is the first day a drive can be booked when none is, and today when none can be", () => {
    expect(diaryOpensOn("2026-11-29", ["2026-11-20"], "2026-11-30")).toBe("2026-11-30");
    expect(diaryOpensOn("2026-11-29", [], undefined)).toBe("2026-11-29");
  });

  it("finds a week's Monday", () => {
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
    expect(mondayOf("2026-11-30")).toBe("2026-11-30");
  });
});
