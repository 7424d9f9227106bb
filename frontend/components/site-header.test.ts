import { describe, expect, it } from "vitest";
import { vehicleTypeOfPath } from "./SiteHeader";

describe("the phone menu's first list", () => {
  it("is the type of the page the buyer is on", () => {
    expect(vehicleTypeOfPath("/car-search")).toBe("car");
    expect(vehicleTypeOfPath("/truck-search")).toBe("truck");
    expect(vehicleTypeOfPath("/cars/used")).toBe("car");
    expect(vehicleTypeOfPath("/vans")).toBe("van");
  });

  it("is no type for a page about none", () => {
    for (const path of ["/", "/about", "/vehicles/fiesta-2019", "/carsales", "/car-searching"])
      expect(vehicleTypeOfPath(path), path).toBeUndefined();
  });
});
