import { describe, expect, it } from "vitest";
import { Bitset } from "./bitset";

describe("Bitset", () => {
  it("holds exactly its size when full, across a partial last word", () => {
    const full = Bitset.full(70);
    expect(full.count()).toBe(70);
    expect(full.has(69)).toBe(true);
    expect(Array.from(full.toArray()).at(-1)).toBe(69);
  });

  it("intersects and lists members in order", () => {
    const a = Bitset.of(100, [1, 31, 32, 33, 64, 99]);
    const b = Bitset.of(100, [0, 31, 33, 99]);
    const both = a.and(b);
    expect(Array.from(both.toArray())).toEqual([31, 33, 99]);
    expect(both.count()).toBe(3);
    // The operands are left as they were.
    expect(a.count()).toBe(6);
  });

  it("handles the highest bit of a word", () => {
    const set = Bitset.of(64, [31, 63]);
    expect(Array.from(set.toArray())).toEqual([31, 63]);
    expect(set.has(31) && set.has(63) && !set.has(30)).toBe(true);
  });
});
