import { describe, expect, it } from "vitest";
import { spelledAsStock } from "./filters";

describe("spelledAsStock", () => {
  const makes = [
    { value: "Ford", count: 16 },
    { value: "Mercedes-Benz", count: 4 },
    { value: "Citroën", count: 2 },
  ];

  it("spells a value as the option it matches, whatever the address's case and spacing", () => {
    expect(spelledAsStock("ford", makes)).toBe("Ford");
    expect(spelledAsStock(" MERCEDES-BENZ ", makes)).toBe("Mercedes-Benz");
    expect(spelledAsStock("citroe\u0308n", makes)).toBe("Citroën");
  });

  it("keeps the value as given when no option matches, or there are none", () => {
    expect(spelledAsStock("NoSuchMake", makes)).toBe("NoSuchMake");
    expect(spelledAsStock("ford")).toBe("ford");
  });
});
