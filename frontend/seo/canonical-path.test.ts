import { describe, expect, it } from "vitest";
import { canonicalPath } from "./canonical-path";

describe("canonicalPath", () => {
  it("puts a search's filters in one order, whatever order the address had", () => {
    const one = canonicalPath("/car-search", "?price=5000-10000&make=Ford&utm_source=mail");
    const other = canonicalPath("/car-search", "?make=Ford&fbclid=x&price=5000-10000");
    expect(one).toBe(other);
    expect(one).toMatch(/^\/car-search\?make=Ford&price=5000-10000$/);
  });

  it("drops defaults, blanks and unknown parameters from a listing", () => {
    expect(canonicalPath("/van-search", "?make=&page=1&utm_campaign=spring")).toBe("/van-search");
    expect(canonicalPath("/vehicles", "?page=2")).toBe("/vehicles?page=2");
  });

  it("drops the query and any trailing slash from other pages", () => {
    expect(canonicalPath("/cars/leasing/", "?make=Ford&model=Focus")).toBe("/cars/leasing");
    expect(canonicalPath("/", "?utm_source=x")).toBe("/");
  });
});
