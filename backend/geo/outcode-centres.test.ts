import { describe, expect, it } from "vitest";
import { outcodeCentre } from "./outcode-locations";

describe("outward-code centres", () => {
  it("places well-known outward codes where they are", () => {
    // Central Liverpool, Wigan, Westminster, Lerwick: each within a few miles of its town.
    expect(outcodeCentre("L3")).toEqual({ lat: expect.closeTo(53.41, 1), lon: expect.closeTo(-2.98, 1) });
    expect(outcodeCentre("WN1")).toEqual({ lat: expect.closeTo(53.55, 1), lon: expect.closeTo(-2.63, 1) });
    expect(outcodeCentre("SW1A")).toEqual({ lat: expect.closeTo(51.5, 1), lon: expect.closeTo(-0.13, 1) });
    expect(outcodeCentre("ZE1")).toEqual({ lat: expect.closeTo(60.15, 1), lon: expect.closeTo(-1.17, 1) });
  });

  it("knows no outward code outside Great Britain or that does not exist", () => {
    expect(outcodeCentre("BT1")).toBeUndefined();
    expect(outcodeCentre("ZZ9")).toBeUndefined();
  });
});
