import { describe, expect, it } from "vitest";
import {
  amountForMonthlyPayment,
  financeExample,
  formatApr,
  hirePurchaseQuote,
  largestDeposit,
  monthlyPayment,
  monthlyPriceFrom,
  monthlyRate,
  REPRESENTATIVE_EXAMPLE,
} from "./finance";

describe("monthlyRate", () => {
  it("is the rate that compounds to the APR over twelve months, not the APR over twelve", () => {
    const rate = monthlyRate(0.205);
    expect((1 + rate) ** 12).toBeCloseTo(1.205, 12);
    expect(rate).toBeLessThan(0.205 / 12);
  });
});

describe("the representative example", () => {
  it("agrees with the published figures to the penny", () => {
    expect(REPRESENTATIVE_EXAMPLE).toEqual({
      amount: 12000,
      termMonths: 60,
      deposit: 0,
      apr: 0.205,
      lowestApr: 0.089,
      monthlyPayment: 309.93,
      optionToPurchaseFee: 10,
      totalAmountRepayable: 18605.8,
      totalCostOfCredit: 6605.8,
    });
  });

  it("would be wrong with a nominal rate: APR/12 gives £321.27", () => {
    const nominal = 0.205 / 12;
    expect(Math.round(((12000 * nominal) / (1 - (1 + nominal) ** -60)) * 100) / 100).toBe(321.27);
    expect(monthlyPayment(12000)).not.toBe(321.27);
  });
});

describe("monthlyPriceFrom", () => {
  it("finances the price as it stands for cars and VAT-inclusive prices", () => {
    expect(monthlyPriceFrom(12000, undefined)).toBe(309.93);
    expect(monthlyPriceFrom(12000, "Inc VAT")).toBe(309.93);
    expect(monthlyPriceFrom(12000, "No VAT")).toBe(309.93);
  });

  it.each(["Ex VAT", "+ VAT", "ex vat", " + VAT "])("adds VAT first when the price is %j", (status) => {
    expect(hirePurchaseQuote({ price: 10000, vatStatus: status, deposit: 0, termMonths: 60 }).amountOfCredit).toBe(12000);
    expect(monthlyPriceFrom(10000, status)).toBe(309.93);
  });

  it("rounds to the penny", () => {
    // 232.3149… by 50-digit decimal arithmetic, independently of this code.
    expect(monthlyPriceFrom(8995, undefined)).toBe(232.31);
  });

  it("scales with the amount", () => {
    expect(monthlyPayment(24000)).toBeCloseTo(2 * 309.93, 1);
    expect(monthlyPayment(0)).toBe(0);
  });
});

describe("amountForMonthlyPayment", () => {
  it("runs the payment formula backwards, in whole pounds", () => {
    expect(amountForMonthlyPayment(309.93)).toBe(12000);
    expect(monthlyPayment(amountForMonthlyPayment(500))).toBeLessThanOrEqual(500);
    expect(monthlyPayment(amountForMonthlyPayment(500) + 1)).toBeGreaterThan(500);
  });
});

describe("financeExample", () => {
  it("derives the totals from the payment", () => {
    const example = financeExample(20000);
    expect(example.totalAmountRepayable).toBeCloseTo(example.monthlyPayment * 60 + 10, 2);
    expect(example.totalCostOfCredit).toBeCloseTo(example.totalAmountRepayable - 20000, 2);
  });
});

describe("hirePurchaseQuote", () => {
  it("gives the representative example for £12,000 with no deposit over 60 months", () => {
    expect(hirePurchaseQuote({ price: 12000, vatStatus: undefined, deposit: 0, termMonths: 60 })).toEqual({
      cashPrice: 12000,
      deposit: 0,
      amountOfCredit: 12000,
      termMonths: 60,
      apr: 0.205,
      monthlyPayment: 309.93,
      optionToPurchaseFee: 10,
      totalAmountPayable: 18605.8,
      totalCostOfCredit: 6605.8,
    });
  });

  // Each checked by hand: r = 1.205^(1/12) - 1; payment = credit × r / (1 - (1 + r)^-term), to the penny.
  it.each([
    [
      12000,
      undefined,
      2000,
      36,
      { amountOfCredit: 10000, monthlyPayment: 365.52, totalAmountPayable: 15168.72, totalCostOfCredit: 3168.72 },
    ],
    [
      15495,
      undefined,
      1500,
      48,
      { amountOfCredit: 13995, monthlyPayment: 416.93, totalAmountPayable: 21522.64, totalCostOfCredit: 6027.64 },
    ],
    [8995, "Inc VAT", 4400, 60, { amountOfCredit: 4595, monthlyPayment: 118.68, totalAmountPayable: 11530.8, totalCostOfCredit: 2535.8 }],
    // Ex VAT: £18,995 is financed as £22,794.
    [
      18995,
      "Ex VAT",
      0,
      24,
      { cashPrice: 22794, amountOfCredit: 22794, monthlyPayment: 1146.73, totalAmountPayable: 27531.52, totalCostOfCredit: 4737.52 },
    ],
    [10000, "+ VAT", 0, 60, { cashPrice: 12000, monthlyPayment: 309.93, totalCostOfCredit: 6605.8 }],
  ] as const)("£%d %s, £%d deposit over %d months", (price, vatStatus, deposit, termMonths, expected) => {
    expect(hirePurchaseQuote({ price, vatStatus, deposit, termMonths })).toMatchObject(expected);
  });

  it("is what Monthly Prices From quotes", () => {
    expect(hirePurchaseQuote({ price: 8995, vatStatus: undefined, deposit: 0, termMonths: 60 }).monthlyPayment).toBe(
      monthlyPriceFrom(8995, undefined),
    );
  });
});

describe("largestDeposit", () => {
  it("is half the price including VAT, rounded down to £100", () => {
    expect(largestDeposit(12000, undefined)).toBe(6000);
    expect(largestDeposit(8995, undefined)).toBe(4400);
    expect(largestDeposit(18995, "Ex VAT")).toBe(11300);
    expect(largestDeposit(150, undefined)).toBe(0);
  });
});

describe("formatApr", () => {
  it("shows one decimal place", () => {
    expect(formatApr(0.205)).toBe("20.5%");
    expect(formatApr(0.089)).toBe("8.9%");
  });
});
