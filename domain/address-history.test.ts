import { describe, expect, it } from "vitest";
import { monthsAt, previousAddressesAsked, previousAddressesIn } from "./address-history";

describe("the previous addresses a finance application asks for", () => {
  it("asks for none once the current address covers three years", () => {
    expect(previousAddressesAsked({ residenceYears: "3" }, 0)).toBe(0);
    expect(previousAddressesAsked({ residenceYears: "2", residenceMonths: "11" }, 0)).toBe(1);
  });

  it("asks for another while those so far cover less than three years, and no more than three", () => {
    const values = {
      residenceYears: "1",
      "previousAddresses.0.residenceYears": "1",
      "previousAddresses.0.residenceMonths": "6",
    };
    expect(previousAddressesAsked(values, 0)).toBe(2);
    expect(previousAddressesAsked({ ...values, "previousAddresses.1.residenceMonths": "6" }, 0)).toBe(2);
    expect(
      previousAddressesAsked({ ...values, "previousAddresses.1.residenceYears": "0", "previousAddresses.1.residenceMonths": "6" }, 0),
    ).toBe(2);
    expect(
      previousAddressesAsked({ ...values, "previousAddresses.1.residenceYears": "0", "previousAddresses.1.residenceMonths": "5" }, 0),
    ).toBe(3);
    const short = { residenceYears: "0", ...Object.fromEntries([0, 1, 2].map((i) => [`previousAddresses.${i}.residenceYears`, "0"])) };
    expect(previousAddressesAsked(short, 0)).toBe(3);
  });

  it("asks for as many as the form says until the time at the current address is given", () => {
    expect(previousAddressesAsked({}, 0)).toBe(0);
    expect(previousAddressesAsked({ residenceYears: "about two" }, 1)).toBe(1);
  });

  it("reads the time at an address only from whole numbers", () => {
    expect(monthsAt("2", "3")).toBe(27);
    expect(monthsAt("2", "")).toBe(24);
    expect(monthsAt("", "3")).toBeUndefined();
    expect(monthsAt("1.5", undefined)).toBeUndefined();
  });

  it("gathers the addresses asked for from the form's fields, ending at the first left blank", () => {
    const values = {
      "previousAddresses.0.address1": "2 Dock Road",
      "previousAddresses.0.postcode": "ls1 1aa",
      "previousAddresses.0.address2": " ",
      "previousAddresses.2.city": "York",
      "previousAddresses.3.city": "Hull",
    };
    expect(previousAddressesIn(values, 3)).toEqual([{ address1: "2 Dock Road", postcode: "ls1 1aa" }]);
    expect(previousAddressesIn(values, 0)).toEqual([]);
  });
});
