import { describe, expect, it } from "vitest";
import { ROUTE_KINDS, routeKindOf } from "./route-kinds";

describe("routeKindOf", () => {
  it.each([
    ["/healthz", "health"],
    ["/healthz/ready", "health"],
    ["/metrics", "metrics"],
    ["/api/vehicles/search/car", "api-search"],
    ["/api/search/van", "api-search"],
    ["/api/vehicles/distinct/truck", "api-options"],
    ["/api/vehicles/fiesta-2019", "api-vehicles"],
    ["/api/vehicles", "api-vehicles"],
    ["/api/suggest/car", "api-suggest"],
    ["/api/vehicle-lookup", "api-lookup"],
    ["/api/finance-application", "api-lead"],
    ["/api/newsletter", "api-lead"],
    ["/api/staff/leads", "api-staff"],
    ["/api/nothing-here", "api-other"],
    ["/assets/entry-abc123.js", "asset"],
    ["/media/photos/ab12/640.webp", "photo"],
    ["/robots.txt", "file"],
    ["/", "page-home"],
    ["/car-search", "page-search"],
    ["/offers", "page-search"],
    ["/vehicles", "page-list"],
    ["/vehicles/fiesta-2019", "page-vehicle"],
    ["/vehicles/fiesta-2019/test-drive", "page-form"],
    ["/part-exchange", "page-form"],
    ["/staff/leads/abc", "page-staff"],
    ["/about-us", "page-other"],
    ["/no/such/page", "page-other"],
  ])("%s is %s", (path, kind) => {
    expect(routeKindOf(path)).toBe(kind);
  });

  it("gives any address one of a fixed few kinds, however many addresses there are", () => {
    const kinds = new Set<string>();
    for (let i = 0; i < 500; i++) kinds.add(routeKindOf(`/${"x".repeat(i % 7)}/${i}/vehicles/${i}.${i % 3 ? "png" : ""}`));
    for (const kind of kinds) expect(ROUTE_KINDS).toContain(kind);
  });
});
