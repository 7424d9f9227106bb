import { describe, expect, it } from "vitest";
import { outwardCodeOf, spacedPhone } from "./uk-formats";

describe("a UK phone number as people read it", () => {
  it.each([
    ["07700900123", "07700 900123"],
    ["+44 (0)7700 900123", "07700 900123"],
    ["02079460000", "020 7946 0000"],
    ["01514960123", "0151 496 0123"],
    ["01134960000", "0113 496 0000"],
    ["03001234567", "0300 123 4567"],
    ["08081570000", "0808 157 0000"],
    ["01632960123", "01632 960123"],
    ["0163296012", "01632 96012"],
  ])("writes %s as %s", (stored, shown) => {
    expect(spacedPhone(stored)).toBe(shown);
  });

  it("leaves another country's number, or a wrong length, as it was given", () => {
    expect(spacedPhone("+1 202 555 0100")).toBe("+1 202 555 0100");
    expect(spacedPhone("0151 496")).toBe("0151 496");
  });
});

describe("outwardCodeOf", () => {
  it("takes the outward code of a whole postcode however it is spaced", () => {
    expect(outwardCodeOf("wn1 1aa")).toBe("WN1");
    expect(outwardCodeOf("SW1A1AA")).toBe("SW1A");
    expect(outwardCodeOf(" m1   1ae ")).toBe("M1");
  });

  it("takes an outward code given on its own", () => {
    expect(outwardCodeOf("wn1")).toBe("WN1");
    expect(outwardCodeOf("EC1A")).toBe("EC1A");
  });

  it("refuses what is not a postcode", () => {
    expect(outwardCodeOf("Wigan")).toBeUndefined();
    expect(outwardCodeOf("12345")).toBeUndefined();
    expect(outwardCodeOf("")).toBeUndefined();
  });
});
