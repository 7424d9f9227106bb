import { describe, expect, it } from "vitest";
import { AnswerCache } from "./answer-cache";

describe("AnswerCache", () => {
  it("gives an answer back with the version it was kept under", () => {
    const cache = new AnswerCache<string>(10);
    cache.set("make=Ford", "v1", "answer");
    expect(cache.peek("make=Ford")).toEqual({ version: "v1", answer: "answer" });
    expect(cache.peek("make=Kia")).toBeUndefined();
  });

  it("lets the least recently used answer go once full", () => {
    const cache = new AnswerCache<number>(2);
    cache.set("a", "v1", 1);
    cache.set("b", "v1", 2);
    cache.peek("a");
    cache.set("c", "v1", 3);
    expect(cache.peek("b")).toBeUndefined();
    expect(cache.peek("a")?.answer).toBe(1);
    expect(cache.size).toBe(2);
  });

  it("lets answers go by weight, the heaviest taking the room of several", () => {
    const cache = new AnswerCache<string>(10, (answer) => answer.length);
    cache.set("a", "v1", "xxxx");
    cache.set("b", "v1", "xxxx");
    cache.set("c", "v1", "xxxxxxx");
    expect(cache.peek("a")).toBeUndefined();
    expect(cache.peek("b")).toBeUndefined();
    expect(cache.peek("c")?.answer).toBe("xxxxxxx");
    cache.set("c", "v2", "xx");
    cache.set("d", "v1", "xxxxxxxx");
    expect(cache.size).toBe(2);
    expect(cache.peek("c")).toEqual({ version: "v2", answer: "xx" });
  });
});
