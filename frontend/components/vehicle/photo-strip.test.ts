import { describe, expect, it } from "vitest";
import { photoForKey } from "./photo-strip";

describe("photoForKey", () => {
  it("steps with the arrow keys and jumps with Home and End, never past either end", () => {
    expect(photoForKey("ArrowRight", 1, 3)).toBe(2);
    expect(photoForKey("ArrowLeft", 1, 3)).toBe(0);
    expect(photoForKey("ArrowLeft", 0, 3)).toBe(0);
    expect(photoForKey("ArrowRight", 3, 3)).toBe(3);
    expect(photoForKey("Home", 2, 3)).toBe(0);
    expect(photoForKey("End", 0, 3)).toBe(3);
  });

  it("leaves every other key alone", () => {
    expect(photoForKey("Enter", 1, 3)).toBeUndefined();
    expect(photoForKey(" ", 1, 3)).toBeUndefined();
  });
});
