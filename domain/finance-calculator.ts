import { DEPOSIT_STEP, FINANCE_TERMS, HIRE_PURCHASE_TERMS, largestDeposit, type HirePurchaseTerm } from "./finance";
import { wholeNumberAsWritten } from "./uk-formats";

/**
 * The deposit and term a visitor chose in the vehicle page's calculator, read from its
 * address (?deposit=1500&term=48, as the calculator's form sends them without JavaScript)
 * or from what they typed: a deposit from £0 to half the price in £100 steps, a term of 24,
 * 36, 48 or 60 months. What cannot be used as it stands is brought to the nearest that can.
 */
export interface CalculatorChoice {
  deposit: number;
  termMonths: HirePurchaseTerm;
  /** True when what was asked for was changed to fit. */
  adjusted: boolean;
}

export const DEFAULT_CHOICE = { deposit: FINANCE_TERMS.deposit, termMonths: FINANCE_TERMS.termMonths } as const;

/** A deposit as typed ("1500", "£1,500"), brought within £0 to the largest, to the nearest £100. */
export function depositWithin(typed: string | null | undefined, largest: number): { deposit: number; adjusted: boolean } {
  if (typed === null || typed === undefined || typed.trim() === "") return { deposit: DEFAULT_CHOICE.deposit, adjusted: false };
  const asked = wholeNumberAsWritten(typed, { pounds: true });
  if (asked === undefined) return { deposit: DEFAULT_CHOICE.deposit, adjusted: true };
  const deposit = Math.min(largest, Math.round(asked / DEPOSIT_STEP) * DEPOSIT_STEP);
  return { deposit, adjusted: deposit !== asked };
}

export function termWithin(typed: string | null | undefined): { termMonths: HirePurchaseTerm; adjusted: boolean } {
  const term = HIRE_PURCHASE_TERMS.find((months) => String(months) === typed?.trim());
  return { termMonths: term ?? DEFAULT_CHOICE.termMonths, adjusted: term === undefined && !!typed?.trim() };
}

export function calculatorChoice(params: URLSearchParams, price: number, vatStatus: string | undefined): CalculatorChoice {
  const deposit = depositWithin(params.get("deposit"), largestDeposit(price, vatStatus));
  const term = termWithin(params.get("term"));
  return { deposit: deposit.deposit, termMonths: term.termMonths, adjusted: deposit.adjusted || term.adjusted };
}

/** The query that carries a choice into the application; empty for the representative terms. */
export function choiceQuery({ deposit, termMonths }: { deposit: number; termMonths: number }): string {
  if (deposit === DEFAULT_CHOICE.deposit && termMonths === DEFAULT_CHOICE.termMonths) return "";
  return `?deposit=${deposit}&term=${termMonths}`;
}
