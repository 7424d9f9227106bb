import { describe, expect, it } from "vitest";
import { metresBetween, milesAway, milesBetween, radiusMetres, withinRadius } from "./distance";

describe("distance", () => {
  it("measures Liverpool to Wigan as the crow flies, about 17 miles", () => {
    const liverpool = { lat: 53.4084, lon: -2.9845 };
    const wigan = { lat: 53.5534, lon: -2.628 };
    expect(milesBetween(liverpool, wigan)).toBeGreaterThan(16);
    expect(milesBetween(liverpool, wigan)).toBeLessThan(18);
    expect(milesBetween(wigan, liverpool)).toBe(milesBetween(liverpool, wigan));
  });

  it("measures one degree of latitude as 111.2 km, as Meilisearch's haversine does", () => {
    expect(metresBetween({ lat: 53, lon: -2 }, { lat: 54, lon: -2 })).toBeCloseTo(111_195, 0);
  });

  it("counts a distance on a radius's edge as within it", () => {
    expect(radiusMetres(25)).toBeCloseTo(40_233.6, 1);
    expect(withinRadius(radiusMetres(25), radiusMetres(25))).toBe(true);
    expect(withinRadius(radiusMetres(25) + 0.01, radiusMetres(25))).toBe(false);
  });

  it("says miles as a card does", () => {
    expect(milesAway(0.4)).toBe("under a mile");
    expect(milesAway(1.2)).toBe("1 mile");
    expect(milesAway(23.4)).toBe("23 miles");
    expect(milesAway(1234)).toBe("1,234 miles");
  });
});
