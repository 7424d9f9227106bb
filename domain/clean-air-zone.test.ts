import { describe, expect, it } from "vitest";
import { cleanAirZoneStatus, euroStandard } from "./clean-air-zone";

describe("euroStandard", () => {
  it.each([
    ["Euro 6", 6],
    ["Euro 6d-TEMP", 6],
    ["EURO VI", 6],
    ["Euro IV", 4],
    ["euro-5", 5],
    ["Euro 4 (EU4)", 4],
    ["Euro", undefined],
    ["Low emission", undefined],
    [undefined, undefined],
  ])("reads %j as %j", (text, expected) => {
    expect(euroStandard(text)).toBe(expected);
  });
});

describe("cleanAirZoneStatus", () => {
  it.each([
    ["car", "Petrol", "Euro 4", "compliant"],
    ["car", "Petrol", "Euro 3", "not compliant"],
    ["car", "Diesel", "Euro 6", "compliant"],
    ["van", "Diesel", "Euro 5", "not compliant"],
    ["car", "Electric", undefined, "compliant"],
    ["car", "Petrol", undefined, "unknown"],
    ["car", "Hybrid", "Euro 6", "compliant"],
    ["car", "Plug-in Hybrid", "Euro 5", "unknown"],
    ["truck", "Diesel", "Euro VI", "compliant"],
    ["truck", "Petrol", "Euro 5", "not compliant"],
    ["car", undefined, "Euro 6", "compliant"],
    ["car", undefined, "Euro 5", "unknown"],
  ] as const)("a %s on %s at %s is %s", (type, fuel, euro, verdict) => {
    expect(cleanAirZoneStatus(type, fuel, euro).verdict).toBe(verdict);
  });

  it("explains itself in one line, and claims nothing for a vehicle whose class is not given", () => {
    expect(cleanAirZoneStatus("van", "Diesel", "Euro 5").explanation).toBe(
      "Euro 5 is below the ULEZ and Clean Air Zone standard for diesel vehicles (Euro 6 or later): a daily charge applies in those zones.",
    );
    expect(cleanAirZoneStatus("car", "Diesel", undefined).explanation).toBe(
      "We don't have this vehicle's Euro emission class. Check the vehicle's registration on GOV.UK before driving into a zone.",
    );
  });
});
