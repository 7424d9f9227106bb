import { describe, expect, it } from "vitest";
import { looksLikeFormula, neutraliseFormula, restoreNeutralised } from "./spreadsheet-text";

describe("looksLikeFormula", () => {
  it.each(['=HYPERLINK("http://x")', "=1+1", "@SUM(A1:A2)", "+cmd|' /C calc'!A0", "-2+3", "+44 20 7946 0000", "-Sport", "\t=1"])(
    "takes %j for a formula",
    (value) => {
      expect(looksLikeFormula(value)).toBe(true);
    },
  );

  it.each(["Ford", "1.0 EcoBoost ST-Line X 5dr", "+ VAT", "- Sport pack", "-", "+", "Mercedes-Benz", "A+ rated", "e-208", "2 + 2"])(
    "takes %j for plain text",
    (value) => {
      expect(looksLikeFormula(value)).toBe(false);
    },
  );
});

describe("neutraliseFormula and restoreNeutralised", () => {
  it.each(["=1+1", "+ VAT", "-", "@x", "\tx", "\rx"])("makes %j plain text, and reads it back", (value) => {
    expect(neutraliseFormula(value)).toBe(`'${value}`);
    expect(restoreNeutralised(neutraliseFormula(value))).toBe(value);
  });

  it.each(["Ford", "'quoted'", "'Ford", "1,000"])("leaves %j as it is, both ways", (value) => {
    expect(neutraliseFormula(value)).toBe(value);
    expect(restoreNeutralised(value)).toBe(value);
  });
});
