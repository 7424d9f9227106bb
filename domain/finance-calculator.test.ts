import { describe, expect, it } from "vitest";
import { calculatorChoice, choiceQuery } from "./finance-calculator";

const choice = (query: string, price = 12000, vatStatus?: string) => calculatorChoice(new URLSearchParams(query), price, vatStatus);

describe("calculatorChoice", () => {
  it("takes a deposit in £100 steps up to half the price, and one of the four terms", () => {
    expect(choice("")).toEqual({ deposit: 0, termMonths: 60, adjusted: false });
    expect(choice("deposit=1500&term=48")).toEqual({ deposit: 1500, termMonths: 48, adjusted: false });
    expect(choice("deposit=%C2%A32%2C000&term=24")).toEqual({ deposit: 2000, termMonths: 24, adjusted: false });
  });

  it("brings what cannot be used to the nearest that can, and says so", () => {
    expect(choice("deposit=1550")).toEqual({ deposit: 1600, termMonths: 60, adjusted: true });
    expect(choice("deposit=9000")).toEqual({ deposit: 6000, termMonths: 60, adjusted: true });
    expect(choice("deposit=lots&term=72")).toEqual({ deposit: 0, termMonths: 60, adjusted: true });
    // Half of £18,995 plus VAT is £11,397: £11,300 in whole steps.
    expect(choice("deposit=20000", 18995, "Ex VAT").deposit).toBe(11300);
  });
});

describe("choiceQuery", () => {
  it("carries a choice, and nothing for the representative terms", () => {
    expect(choiceQuery({ deposit: 1500, termMonths: 48 })).toBe("?deposit=1500&term=48");
    expect(choiceQuery({ deposit: 0, termMonths: 60 })).toBe("");
  });
});
