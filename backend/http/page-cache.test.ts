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
    cache.set("/a", page("A"), cache.renderStart(1), AT);
    expect(cache.get("/a", 1, AT)?.parts.toString()).toBe("A");
    expect(cache.get("/b", 1, AT)).toBeUndefined();
  });

  it("drops every page when the stock version rises", () => {
    const cache = new PageCache(10_000);
    cache.set("/a", page("A"), cache.renderStart(1), AT);
    cache.set("/b", page("B"), cache.renderStart(1), AT);
    expect(cache.get("/a", 2, AT)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    expect(cache.get("/b", 2, AT)).toBeUndefined();
  });

  it("never keeps a page rendered from a stock version older than one already seen", () => {
    const cache = new PageCache(10_000);
    cache.get("/a", 2, AT);
    cache.set("/a", page("old"), cache.renderStart(1), AT);
    expect(cache.get("/a", 2, AT)).toBeUndefined();
  });

  it("lets a page expire at the end of the minute it was rendered in", () => {
    const cache = new PageCache(10_000);
    cache.set("/a", page("A"), cache.renderStart(1), AT);
    expect(cache.get("/a", 1, AT + 49_999)).toBeDefined();
    expect(cache.get("/a", 1, AT + 50_000)).toBeUndefined();
  });

  it("drops the least recently used pages to stay within its bytes", () => {
    // Each entry is its key (2 bytes) and its body (98 bytes): four fit.
    const cache = new PageCache(400);
    for (const key of ["/a", "/b", "/c", "/d"]) cache.set(key, page(key.repeat(49)), cache.renderStart(1), AT);
    cache.get("/a", 1, AT);
    cache.set("/e", page("/e".repeat(49)), cache.renderStart(1), AT);
    expect(cache.get("/b", 1, AT)).toBeUndefined();
    expect(["/a", "/c", "/d", "/e"].map((key) => cache.get(key, 1, AT) !== undefined)).toEqual([true, true, true, true]);
    expect(cache.bytes).toBe(400);
  });

  it("does not keep a page too big to share the cache with others", () => {
    const cache = new PageCache(1000);
    cache.set("/big", page("x".repeat(300)), cache.renderStart(1), AT);
    expect(cache.get("/big", 1, AT)).toBeUndefined();
  });

  it("replaces a page kept again under its key, counting its bytes once", () => {
    const cache = new PageCache(10_000);
    cache.set("/a", page("one"), cache.renderStart(1), AT);
    cache.set("/a", page("three"), cache.renderStart(1), AT);
    expect(cache.get("/a", 1, AT)?.parts.toString()).toBe("three");
    expect(cache.bytes).toBe("/a".length + "three".length);
  });

  it("forgets the pages that link to a vehicle that changed, and keeps the rest", () => {
    const cache = new PageCache(10_000);
    const at = cache.renderStart(1);
    cache.set("/vehicles/fiesta", page('<link rel="canonical" href="https://dealer.example/vehicles/fiesta">'), at, AT);
    cache.set("/car-search", page('<a href="/vehicles/fiesta">Fiesta</a><a href="/vehicles/focus-2">Focus</a>'), at, AT);
    cache.set("/vehicles/focus-2", page('<a href="/vehicles/focus-2">'), at, AT);
    cache.set("/about", page("<p>About us</p>"), at, AT);
    cache.forget(["fiesta"]);
    expect(["/vehicles/fiesta", "/car-search", "/vehicles/focus-2", "/about"].map((key) => cache.get(key, 1, AT) !== undefined)).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it("never keeps a page whose rendering began before vehicles were forgotten", () => {
    const cache = new PageCache(10_000);
    const before = cache.renderStart(1);
    cache.forget(["fiesta"]);
    cache.set("/vehicles/fiesta", page('<a href="/vehicles/fiesta">'), before, AT);
    expect(cache.get("/vehicles/fiesta", 1, AT)).toBeUndefined();
    cache.set("/vehicles/fiesta", page('<a href="/vehicles/fiesta">'), cache.renderStart(1), AT);
    expect(cache.get("/vehicles/fiesta", 1, AT)).toBeDefined();
    cache.forgetAll();
    expect(cache.size).toBe(0);
  });

  it("drops the pages a change of content shows on, by path, and every page when told", () => {
    const cache = new PageCache(10_000);
    const at = cache.renderStart(1);
    cache.set("host /vans/used?make=Ford", page("A"), at, AT, "/vans/used");
    cache.set("host /vans/used?", page("B"), at, AT, "/vans/used");
    cache.set("host /about?", page("C"), at, AT, "/about");
    cache.forgetPaths(new Set(["/vans/used"]));
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe("host /about?".length + 1);
    expect(cache.get("host /about?", 1, AT)?.parts.toString()).toBe("C");
    cache.forgetPaths("all");
    expect(cache.size).toBe(0);
  });
});
