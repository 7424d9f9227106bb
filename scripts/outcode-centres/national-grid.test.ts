import { describe, expect, it } from "vitest";
import { gridToWgs84, osgb36LatLon } from "./national-grid";

describe("National Grid to latitude and longitude", () => {
  it("matches the worked example of the OS guide on OSGB36", () => {
    // Annex C of "A guide to coordinate systems in Great Britain": 651409.903 E, 313177.270 N
    // is 52° 39′ 27.2531″ N, 1° 43′ 4.5177″ E.
    const { lat, lon } = osgb36LatLon(651_409.903, 313_177.27);
    expect(lat).toBeCloseTo(52 + 39 / 60 + 27.2531 / 3600, 7);
    expect(lon).toBeCloseTo(1 + 43 / 60 + 4.5177 / 3600, 7);
  });

  it("shifts the same point to WGS84, where GPS and web maps place it", () => {
    // 52° 39′ 28.72″ N, 1° 42′ 57.79″ E: about 45 m north and 125 m west of its OSGB36 place.
    const { lat, lon } = gridToWgs84(651_409.903, 313_177.27);
    expect(lat).toBeCloseTo(52 + 39 / 60 + 28.72 / 3600, 5);
    expect(lon).toBeCloseTo(1 + 42 / 60 + 57.79 / 3600, 5);
  });
});
