import { describe, expect, it } from "vitest";
import { pageCacheKey, type PageRequest } from "./cached-pages";

const request = (path: string, query = "", more: Partial<PageRequest> = {}): PageRequest => ({
  method: "GET",
  path,
  query,
  origin: "http 127.0.0.1:3000",
  referer: undefined,
  crawler: false,
  staffSignedIn: false,
  ...more,
});

describe("pageCacheKey", () => {
  it("sorts the parameters pages read and leaves out the rest", () => {
    const a = pageCacheKey(request("/car-search", "make=Ford&utm_source=mail&price=-20000&fbclid=abc"));
    const b = pageCacheKey(request("/car-search", "price=-20000&make=Ford"));
    expect(a).toBeDefined();
    expect(a).toBe(b);
    expect(a).not.toBe(pageCacheKey(request("/car-search", "make=BMW")));
  });

  it("keeps a vehicle page's calculator choice apart", () => {
    expect(pageCacheKey(request("/vehicles/abc", "deposit=2000&term=48"))).not.toBe(pageCacheKey(request("/vehicles/abc")));
    expect(pageCacheKey(request("/vehicles/abc", "term=48&deposit=2000"))).toBe(
      pageCacheKey(request("/vehicles/abc", "deposit=2000&term=48")),
    );
  });

  it("keeps a search page apart by the postcode its delivery note answers", () => {
    expect(pageCacheKey(request("/car-search", "postcode=M1+1AE"))).not.toBe(pageCacheKey(request("/car-search")));
  });

  it("keeps a vehicle page apart by the search its Referer names, and only by that", () => {
    const plain = pageCacheKey(request("/vehicles/abc"));
    const fromSearch = pageCacheKey(request("/vehicles/abc", "", { referer: "http://127.0.0.1:3000/car-search?make=Ford" }));
    expect(fromSearch).not.toBe(plain);
    expect(pageCacheKey(request("/vehicles/abc", "", { referer: "http://127.0.0.1:3000/contact" }))).toBe(plain);
    expect(pageCacheKey(request("/car-search", "", { referer: "http://127.0.0.1:3000/car-search?make=Ford" }))).toBe(
      pageCacheKey(request("/car-search")),
    );
  });

  it("keeps each origin apart, since pages name their own address", () => {
    expect(pageCacheKey(request("/", "", { origin: "https www.example.co.uk" }))).not.toBe(pageCacheKey(request("/")));
  });

  it("keeps a crawler's page apart, since it is rendered whole rather than streamed", () => {
    expect(pageCacheKey(request("/car-search", "", { crawler: true }))).not.toBe(pageCacheKey(request("/car-search")));
  });

  it("keeps a shared saved list or comparison apart by the vehicles it names, in their order", () => {
    expect(pageCacheKey(request("/saved", "ids=a,b"))).not.toBe(pageCacheKey(request("/saved")));
    expect(pageCacheKey(request("/compare", "ids=a,b"))).not.toBe(pageCacheKey(request("/compare", "ids=b,a")));
    expect(pageCacheKey(request("/compare", "ids=a&ids=b&utm_source=mail"))).toBe(pageCacheKey(request("/compare", "ids=a&ids=b")));
  });

  it("answers GET and HEAD of the same page alike", () => {
    expect(pageCacheKey(request("/contact", "", { method: "HEAD" }))).toBe(pageCacheKey(request("/contact")));
  });

  it("caches the public pages that are the same for everyone", () => {
    for (const path of [
      "/",
      "/car-search",
      "/van-search",
      "/truck-search",
      "/vehicles",
      "/vehicles/abc",
      "/offers",
      "/cars/used",
      "/contact",
      "/about",
      "/saved",
      "/compare",
    ]) {
      expect(pageCacheKey(request(path)), path).toBeDefined();
    }
  });

  it("renders afresh what may carry a visitor's own values, and anything unknown", () => {
    const renderedEachTime = [
      request("/car-search", "", { method: "POST" }),
      request("/car-search", "", { staffSignedIn: true }),
      request("/staff"),
      request("/staff/sign-in"),
      request("/vehicles/abc/finance"),
      request("/vehicles/abc/enquire"),
      request("/vehicles/abc/test-drive"),
      request("/vehicles/abc/call-back"),
      request("/newsletter"),
      request("/feedback"),
      request("/part-exchange"),
      request("/alerts", "saved=sent"),
      request("/alerts/confirm", "t=c.abc.def"),
      request("/alerts/manage", "t=m.abc.def"),
      request("/alerts/unsubscribe", "t=u.abc.def"),
      request("/alerts/open", "t=o.abc..def"),
      request("/car-search.data"),
      request("/vehicles/abc.data"),
      request("/sitemap.xml"),
      request("/no-such-page"),
    ];
    for (const asked of renderedEachTime) expect(pageCacheKey(asked), `${asked.method} ${asked.path}`).toBeUndefined();
  });
});
