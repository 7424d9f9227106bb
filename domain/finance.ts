/**
 * The site's finance figures, from one place: the monthly price on every page and the
 * representative example are computed here, never typed in, so they always agree.
 *
 * An APR is an annual *effective* rate (CONC App 1), so a monthly rate r satisfies
 * (1 + r)^12 = 1 + APR. Dividing the APR by 12 instead would overstate the payment
 * (£321.27 rather than £309.93 on £12,000).
 */

export const FINANCE_TERMS = {
  /** The representative APR, fixed. */
  apr: 0.205,
  /** The lowest APR offered, quoted as "rates from". */
  lowestApr: 0.089,
  termMonths: 60,
  deposit: 0,
  optionToPurchaseFee: 10,
  /** What the representative example borrows. */
  representativeAmount: 12000,
  vatRate: 0.2,
} as const;

/** VAT statuses whose price excludes VAT, which the buyer then pays on top. */
const PRICES_EXCLUDING_VAT = ["ex vat", "+ vat"];

export function monthlyRate(apr: number): number {
  return (1 + apr) ** (1 / 12) - 1;
}

const toPence = (pounds: number) => Math.round(pounds * 100) / 100;

/** The level monthly payment that repays `amount` over `months` at `apr`, to the penny. */
export function monthlyPayment(amount: number, apr: number = FINANCE_TERMS.apr, months: number = FINANCE_TERMS.termMonths): number {
  const rate = monthlyRate(apr);
  return toPence(rate === 0 ? amount / months : (amount * rate) / (1 - (1 + rate) ** -months));
}

/**
 * True when an advertised price excludes VAT, which the buyer then pays on top. A record read
 * back from MongoDB may hold null where the feed gave nothing.
 */
export function priceExcludesVat(vatStatus: string | null | undefined): boolean {
  return typeof vatStatus === "string" && PRICES_EXCLUDING_VAT.includes(vatStatus.trim().toLowerCase());
}

/** What the buyer pays: the price, with VAT added where the price excludes it. */
export function priceIncludingVat(price: number, vatStatus: string | null | undefined): number {
  return toPence(priceExcludesVat(vatStatus) ? price * (1 + FINANCE_TERMS.vatRate) : price);
}

/** The most that can be borrowed on the representative terms for a monthly payment: the payment formula run backwards. */
export function amountForMonthlyPayment(
  payment: number,
  apr: number = FINANCE_TERMS.apr,
  months: number = FINANCE_TERMS.termMonths,
): number {
  const rate = monthlyRate(apr);
  return Math.floor(rate === 0 ? payment * months : (payment * (1 - (1 + rate) ** -months)) / rate);
}

/** "Monthly Prices From": the representative terms applied to this vehicle. */
export function monthlyPriceFrom(price: number, vatStatus: string | undefined): number {
  return hirePurchaseQuote({ price, vatStatus, deposit: FINANCE_TERMS.deposit, termMonths: FINANCE_TERMS.termMonths }).monthlyPayment;
}

export interface FinanceExample {
  amount: number;
  termMonths: number;
  deposit: number;
  apr: number;
  lowestApr: number;
  monthlyPayment: number;
  optionToPurchaseFee: number;
  totalAmountRepayable: number;
  totalCostOfCredit: number;
}

/** Every figure of a finance example for an amount, each derived from the terms. */
export function financeExample(amount: number): FinanceExample {
  const quote = hirePurchaseQuote({
    price: amount,
    vatStatus: undefined,
    deposit: FINANCE_TERMS.deposit,
    termMonths: FINANCE_TERMS.termMonths,
  });
  return {
    amount,
    termMonths: quote.termMonths,
    deposit: quote.deposit,
    apr: quote.apr,
    lowestApr: FINANCE_TERMS.lowestApr,
    monthlyPayment: quote.monthlyPayment,
    optionToPurchaseFee: quote.optionToPurchaseFee,
    totalAmountRepayable: quote.totalAmountPayable,
    totalCostOfCredit: quote.totalCostOfCredit,
  };
}

/** The terms a buyer may choose in the calculator, in months. */
export const HIRE_PURCHASE_TERMS = [24, 36, 48, 60] as const;
export type HirePurchaseTerm = (typeof HIRE_PURCHASE_TERMS)[number];
export const DEPOSIT_STEP = 100;

export interface HirePurchaseQuote {
  /** The price the buyer pays, VAT included. */
  cashPrice: number;
  deposit: number;
  amountOfCredit: number;
  termMonths: number;
  apr: number;
  monthlyPayment: number;
  optionToPurchaseFee: number;
  /** Deposit, every monthly payment and the option to purchase fee. */
  totalAmountPayable: number;
  totalCostOfCredit: number;
}

/**
 * Hire purchase on the representative rate for a vehicle, a deposit and a term: the one
 * function behind "Monthly Prices From", the representative example and the calculator.
 * An ex-VAT price is financed with VAT added.
 */
export function hirePurchaseQuote({
  price,
  vatStatus,
  deposit,
  termMonths,
}: {
  price: number;
  vatStatus: string | undefined;
  deposit: number;
  termMonths: number;
}): HirePurchaseQuote {
  const cashPrice = priceIncludingVat(price, vatStatus);
  const amountOfCredit = toPence(cashPrice - deposit);
  const payment = monthlyPayment(amountOfCredit, FINANCE_TERMS.apr, termMonths);
  const totalAmountPayable = toPence(deposit + payment * termMonths + FINANCE_TERMS.optionToPurchaseFee);
  return {
    cashPrice,
    deposit,
    amountOfCredit,
    termMonths,
    apr: FINANCE_TERMS.apr,
    monthlyPayment: payment,
    optionToPurchaseFee: FINANCE_TERMS.optionToPurchaseFee,
    totalAmountPayable,
    totalCostOfCredit: toPence(totalAmountPayable - cashPrice),
  };
}

/** The most a calculator deposit may be: half the price including VAT, in whole £100 steps. */
export function largestDeposit(price: number, vatStatus: string | undefined): number {
  return Math.floor(priceIncludingVat(price, vatStatus) / 2 / DEPOSIT_STEP) * DEPOSIT_STEP;
}

/** The representative example every finance advert must show (CONC 3.5.5R). */
export const REPRESENTATIVE_EXAMPLE = financeExample(FINANCE_TERMS.representativeAmount);

/** "20.5%" */
export function formatApr(apr: number): string {
  return `${(apr * 100).toFixed(1)}%`;
}
