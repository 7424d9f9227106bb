import { describe, expect, it } from "vitest";
import { formatCount, formatMiles, formatNumber, formatPounds, formatPoundsAndPence } from "./format";

const intl = {
  wholePounds: new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 }),
  poundsAndPence: new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: 2 }),
  count: new Intl.NumberFormat("en-GB"),
  oneDecimal: new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 }),
};

/** Whole numbers across every digit-group boundary, prices with pence, halves that must round, and their negatives. */
function sampleValues(): number[] {
  const values = [0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10000, 99999, 100000, 999999, 1000000, 123456789, 2 ** 40];
  values.push(0.5, 0.05, 0.005, 1.005, 2.675, 1.125, 12.345, 309.93, 4132, 4132.1, 1.25, 0.95, 9.95, 99.995, 999.9999, 0.0001);
  // Past where String() switches to exponents, both ways; and what a missing figure becomes.
  values.push(1e21, 1.2345678901234568e23, 999999999999999999999, 5e-7, 0.00000095, Infinity, NaN);
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let i = 0; i < 2000; i++) {
    values.push(Math.round(random() * 10 ** (1 + (i % 8))));
    values.push(Math.round(random() * 10 ** (2 + (i % 6)) * 1000) / 1000);
  }
  return [...values, ...values.filter((value) => value !== 0).map((value) => -value)];
}

describe("number formats", () => {
  it("read as examples on the site", () => {
    expect(formatPounds(12495)).toBe("£12,495");
    expect(formatPounds(309.93)).toBe("£309.93");
    expect(formatPounds(309.9)).toBe("£309.90");
    expect(formatPoundsAndPence(4132)).toBe("£4,132.00");
    expect(formatPoundsAndPence(-3.5)).toBe("-£3.50");
    expect(formatCount(1484)).toBe("1,484");
    expect(formatMiles(1)).toBe("1 mile");
    expect(formatMiles(34567)).toBe("34,567 miles");
    expect(formatNumber(1.25, 1)).toBe("1.3");
    expect(formatNumber(2000000)).toBe("2,000,000");
  });

  it('give exactly what Intl.NumberFormat gives for en-GB, except that nothing reads "-0"', () => {
    expect(formatCount(-0.0001)).toBe("0");
    expect(formatPoundsAndPence(-0.001)).toBe("£0.00");
    const roundsToZero = (value: number, decimals: number) => Math.abs(value) < 0.5 * 10 ** -decimals;
    for (const value of sampleValues()) {
      if (Number.isInteger(value)) expect(formatPounds(value), String(value)).toBe(intl.wholePounds.format(value));
      if (!roundsToZero(value, 2)) expect(formatPoundsAndPence(value), String(value)).toBe(intl.poundsAndPence.format(value));
      if (!roundsToZero(value, 3)) expect(formatCount(value), String(value)).toBe(intl.count.format(value));
      if (!roundsToZero(value, 1)) expect(formatNumber(value, 1), String(value)).toBe(intl.oneDecimal.format(value));
    }
  });
});
