import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipJoined, joined, splicePage } from "./spliced-gzip";

const NONCE = "n0nce+/==";
const stylesheet = (rule: string) => `${rule}{color:red;margin:0 auto}`.repeat(200);
const page = (nonce: string, css: string, text = "Ford Focus £12,995") =>
  `<!doctype html><html><head><style data-precedence="default" nonce="${nonce}">${css}</style><script nonce="${nonce}">a()</script></head><body><p>${text}</p><script nonce="${nonce}">b()</script></body></html>`;

describe("splicePage and gzipJoined", () => {
  it("give back the page with each response's own nonce where the rendering's stood", () => {
    const spliced = splicePage(Buffer.from(page(NONCE, stylesheet("p"))), NONCE);
    expect(spliced.parts).toHaveLength(4);
    for (const joint of ["abc+/==", "", "£ü".repeat(40)]) {
      expect(gunzipSync(gzipJoined(spliced, Buffer.from(joint))).toString()).toBe(page(joint, stylesheet("p")));
      expect(joined(spliced, Buffer.from(joint)).toString()).toBe(page(joint, stylesheet("p")));
    }
  });

  it("reuse a stylesheet compressed for an earlier page, and compress each page's own text", () => {
    const first = splicePage(Buffer.from(page(NONCE, stylesheet("h1"), "first")), NONCE);
    const second = splicePage(Buffer.from(page(NONCE, stylesheet("h1"), "second, with other words")), NONCE);
    expect(gunzipSync(gzipJoined(second, Buffer.from("x"))).toString()).toBe(page("x", stylesheet("h1"), "second, with other words"));
    expect(gunzipSync(gzipJoined(first, Buffer.from("y"))).toString()).toBe(page("y", stylesheet("h1"), "first"));
    expect(gzipJoined(second, Buffer.from("x")).length).toBeLessThan(Buffer.byteLength(page("x", stylesheet("h1"))) / 10);
  });

  it("keep a page whole without a nonce, and a page without a stylesheet, or with a short or unclosed one", () => {
    for (const body of [page("", "p{}"), "<p>no style</p>", "<style>p{}", `<style>${stylesheet("em")}`, ""]) {
      const spliced = splicePage(Buffer.from(body), undefined);
      expect(spliced.parts).toHaveLength(1);
      expect(gunzipSync(gzipJoined(spliced, Buffer.from("z"))).toString()).toBe(body);
    }
  });

  it("store a short piece as it is, and compress a long one", () => {
    const longText = "Ford Focus 1.0 EcoBoost Titanium 5dr, 2019, 23,000 miles. ".repeat(20);
    const spliced = splicePage(Buffer.from(page(NONCE, stylesheet("p"), longText)), NONCE);
    const gzip = gzipJoined(spliced, Buffer.from("x"));
    expect(gzip.includes(Buffer.from('">a()</script></head><body><p>'))).toBe(false);
    expect(gzip.includes(Buffer.from('">b()</script></body></html>'))).toBe(true);
    expect(gzip.includes(Buffer.from(longText))).toBe(false);
    expect(gunzipSync(gzip).toString()).toBe(page("x", stylesheet("p"), longText));
  });

  it("refuse a joint longer than one stored block", () => {
    expect(() => gzipJoined(splicePage(Buffer.from(page(NONCE, "")), NONCE), Buffer.alloc(70_000))).toThrow(RangeError);
  });
});
