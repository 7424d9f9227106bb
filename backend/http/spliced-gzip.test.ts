import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflateParts, gzipJoined } from "./spliced-gzip";

describe("gzipJoined", () => {
  const parts = ["<script nonce=\"", "\">a()</script><style nonce=\"", "\">p{}</style>".repeat(500), "", ""].map((text) => Buffer.from(text));
  const deflated = deflateParts(parts);

  it("is a gzip of the parts joined by each joint given, empty parts too", () => {
    for (const joint of ["abc+/==", "", "£ü".repeat(40)]) {
      const gzip = gzipJoined(parts, deflated, Buffer.from(joint));
      expect(gunzipSync(gzip).toString()).toBe(parts.map(String).join(joint));
    }
  });

  it("compresses what repeats", () => {
    expect(gzipJoined(parts, deflated, Buffer.from("x")).length).toBeLessThan(parts.reduce((sum, part) => sum + part.length, 0) / 10);
  });

  it("refuses a joint longer than one stored block", () => {
    expect(() => gzipJoined(parts, deflated, Buffer.alloc(70_000))).toThrow(RangeError);
  });
});
