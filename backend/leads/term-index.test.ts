import { describe, expect, it } from "vitest";
import { TermIndex } from "./term-index";

describe("TermIndex", () => {
  it("gives what holds a term beginning with a prefix, and what holds a term exactly", () => {
    const index = new TermIndex<string>();
    index.add(["jo", "bloggs", "jo@example.com"], "a");
    index.add(["joanna", "07700900123"], "b");
    index.add(["sam"], "c");
    expect(index.beginning("jo")).toEqual(new Set(["a", "b"]));
    expect(index.beginning("jo@")).toEqual(new Set(["a"]));
    expect(index.beginning("077")).toEqual(new Set(["b"]));
    expect(index.beginning("k")).toEqual(new Set());
    expect(index.beginning("sa", "blo")).toEqual(new Set(["a", "c"]));
    expect(index.holding("jo")).toEqual(["a"]);
    expect(index.holding("j")).toEqual([]);
  });

  it("finds what is added after its first search, wherever its terms sort", () => {
    const index = new TermIndex<string>();
    index.add(["m"], "first");
    expect(index.beginning("")).toEqual(new Set(["first"]));
    index.add(["a", "z", "ma"], "second");
    expect(index.beginning("m")).toEqual(new Set(["first", "second"]));
    expect(index.beginning("a")).toEqual(new Set(["second"]));
    expect(index.beginning("z")).toEqual(new Set(["second"]));
  });

  it("says how wide a prefix is, and marks what a prefix as short as one letter finds by the number each was added as", () => {
    const index = new TermIndex<string>();
    const numbers = Array.from({ length: 20 }, (_, n) =>
      index.add(n % 2 ? ["buyer", `b${n}@example.com`] : ["seller", `s${n}@example.com`], `lead ${n}`),
    );
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, n) => n));
    expect(index.countBeginning("b")).toBe(20);
    expect(index.countBeginning("buyer")).toBe(10);
    expect(index.countBeginning("s1")).toBe(5);
    expect(index.beginning("b").size).toBe(10);
    expect([...index.marksBeginning("b")]).toEqual(numbers.map((n) => n % 2));
    expect([...index.marksBeginning("s1", "b19")]).toEqual(numbers.map((n) => Number([10, 12, 14, 16, 18, 19].includes(n))));
    index.add(["bella"], "lead 20");
    expect(index.marksBeginning("b")[20]).toBe(1);
  });
});
