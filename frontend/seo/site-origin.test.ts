import { describe, expect, it } from "vitest";
import { siteOrigin } from "./site-origin";

describe("siteOrigin", () => {
  const forged = new URL("http://evil.example/sitemap.xml");

  it("uses the configured public address, whatever host the request named", () => {
    expect(siteOrigin("https://www.dockside-motors.example", forged)).toBe("https://www.dockside-motors.example");
  });

  it("falls back to the request's own origin when none is configured", () => {
    expect(siteOrigin(undefined, new URL("http://127.0.0.1:3000/cars/used?make=Ford"))).toBe("http://127.0.0.1:3000");
  });
});
