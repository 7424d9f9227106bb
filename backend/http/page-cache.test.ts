import { describe, expect, it } from "vitest";
import { PageCache, type CachedPage } from "./page-cache";

const page = (text: string): CachedPage => ({
  status: 200,
  headers: [["content-type", "text/html"]],
  parts: [Buffer.from(text)],
  deflatedParts: [],
});
const AT = Date.UTC(2026, 10, 25, 9, 0, 10);

describe("PageCache", () => {
  it("answers with the page kept under a key, for the same stock version", () => {
    const cache = new PageCache(10_000);
    cache.set("/a", page("A"), 1, AT);
    expect(cache.get("/a", 1, AT)?.parts.toString()).toBe("A");
    expect(cache.get("/b", 1, AT)).toBeUndefined();
  });

  it("drops every page when the stock version rises", () => {
    const cache = new PageCache(10_000);
    cache.set("/a", page("A"), 1, AT);
    cache.set("/b", page("B"), 1, AT);
    expect(cache.get("/a", 2, AT)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    expect(cache.get("/b", 2, AT)).toBeUndefined();
  });

  it("never keeps a page rendered from a stock version older than one already seen", () => {
    const cache = new PageCache(10_000);
    cache.get("/a", 2, AT);
    cache.set("/a", page("old"), 1, AT);
    expect(cache.get("/a", 2, AT)).toBeUndefined();
  });

  it("lets a page expire at the end of the minute it was rendered in", () => {
    const cache = new PageCache(10_000);
    cache.set("/a", page("A"), 1, AT);
    expect(cache.get("/a", 1, AT + 49_999)).toBeDefined();
    expect(cache.get("/a", 1, AT + 50_000)).toBeUndefined();
  });

  it("drops the least recently used pages to stay within its bytes", () => {
    // Each entry is its key (2 bytes) and its body (98 bytes): four fit.
    const cache = new PageCache(400);
    for (const key of ["/a", "/b", "/c", "/d"]) cache.set(key, page(key.repeat(49)), 1, AT);
    cache.get("/a", 1, AT);
    cache.set("/e", page("/e".repeat(49)), 1, AT);
    expect(cache.get("/b", 1, AT)).toBeUndefined();
    expect(["/a", "/c", "/d", "/e"].map((key) => cache.get(key, 1, AT) !== undefined)).toEqual([true, true, true, true]);
    expect(cache.bytes).toBe(400);
  });

  it("does not keep a page too big to share the cache with others", () => {
    const cache = new PageCache(1000);
    cache.set("/big", page("x".repeat(300)), 1, AT);
    expect(cache.get("/big", 1, AT)).toBeUndefined();
  });

  it("replaces a page kept again under its key, counting its bytes once", () => {
    const cache = new PageCache(10_000);
    cache.set("/a", page("one"), 1, AT);
    cache.set("/a", page("three"), 1, AT);
    expect(cache.get("/a", 1, AT)?.parts.toString()).toBe("three");
    expect(cache.bytes).toBe("/a".length + "three".length);
  });

  it("drops the pages a change of content shows on, by path, and every page when told", () => {
    const cache = new PageCache(10_000);
    cache.set("host /vans/used?make=Ford", page("A"), 1, AT, "/vans/used");
    cache.set("host /vans/used?", page("B"), 1, AT, "/vans/used");
    cache.set("host /about?", page("C"), 1, AT, "/about");
    cache.forget(new Set(["/vans/used"]));
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe("host /about?".length + 1);
    expect(cache.get("host /about?", 1, AT)?.parts.toString()).toBe("C");
    cache.forget("all");
    expect(cache.size).toBe(0);
  });
});
