import { describe, expect, it } from "vitest";
import { TermIndex } from "./term-index";

describe("TermIndex", () => {
  it("gives what holds a term beginning with a prefix, and what holds a term exactly", () => {
    const index = new TermIndex<string>();
    index.add(["jo", "bloggs", "jo@example.com"], "a");
    index.add(["joanna", "07700900123"], "b");
    index.add(["sam"], "c");
    expect(index.beginning("jo", 10)).toEqual(new Set(["a", "b"]));
    expect(index.beginning("jo@", 10)).toEqual(new Set(["a"]));
    expect(index.beginning("077", 10)).toEqual(new Set(["b"]));
    expect(index.beginning("k", 10)).toEqual(new Set());
    expect(index.holding("jo")).toEqual(["a"]);
    expect(index.holding("j")).toEqual([]);
  });

  it("finds what is added after its first search, wherever its terms sort", () => {
    const index = new TermIndex<string>();
    index.add(["m"], "first");
    expect(index.beginning("", 10)).toEqual(new Set(["first"]));
    index.add(["a", "z", "ma"], "second");
    expect(index.beginning("m", 10)).toEqual(new Set(["first", "second"]));
    expect(index.beginning("a", 10)).toEqual(new Set(["second"]));
    expect(index.beginning("z", 10)).toEqual(new Set(["second"]));
  });

  it("gathers whatever a prefix as short as one letter finds, when asked for all", () => {
    const index = new TermIndex<number>();
    for (let n = 0; n < 20; n++) index.add([n % 2 ? "buyer" : "seller", `${n % 2 ? "b" : "s"}${n}@example.com`], n);
    expect(index.beginning("b")?.size).toBe(10);
    expect(index.beginning("s")).toEqual(new Set([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]));
  });

  it("gives up on a prefix held by more than it was asked to gather", () => {
    const index = new TermIndex<number>();
    for (let n = 0; n < 20; n++) index.add([`buyer${n}@example.com`], n);
    expect(index.beginning("buyer", 19)).toBeUndefined();
    expect(index.beginning("buyer", 20)?.size).toBe(20);
    expect(index.beginning("buyer1", 19)?.size).toBe(11);
  });
});
