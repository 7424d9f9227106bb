import { useId, useState } from "react";
import { DEPOSIT_STEP, formatApr, HIRE_PURCHASE_TERMS, hirePurchaseQuote, largestDeposit } from "../../../domain/finance";
import { depositWithin, termWithin, type CalculatorChoice } from "../../../domain/finance-calculator";
import { formatPounds, formatPoundsAndPence } from "../../../domain/format";
import { FigureList } from "../FigureList";
import { useHydrated } from "../use-hydrated";

interface FinanceCalculatorProps {
  vehicleId: string;
  price: number;
  vatStatus?: string;
  /** The choice the page was opened with (its address), already brought within bounds. */
  choice: CalculatorChoice;
  onChange(choice: Pick<CalculatorChoice, "deposit" | "termMonths">): void;
}

/**
 * Hire purchase for this vehicle with the deposit and term the visitor picks, on the
 * representative rate. With JavaScript the figures follow every change; without, it is a
 * GET form that opens the page again with them.
 */
export function FinanceCalculator({ vehicleId, price, vatStatus, choice, onChange }: FinanceCalculatorProps) {
  const id = useId();
  const hydrated = useHydrated();
  const largest = largestDeposit(price, vatStatus);
  const [typed, setTyped] = useState(String(choice.deposit));
  const [termMonths, setTermMonths] = useState<number>(choice.termMonths);
  const deposit = depositWithin(typed, largest);
  const quote = hirePurchaseQuote({ price, vatStatus, deposit: deposit.deposit, termMonths });
  const changeDeposit = (value: string) => {
    setTyped(value);
    onChange({ deposit: depositWithin(value, largest).deposit, termMonths: termWithin(String(termMonths)).termMonths });
  };
  const changeTerm = (value: string) => {
    setTermMonths(Number(value));
    onChange({ deposit: deposit.deposit, termMonths: termWithin(value).termMonths });
  };
  const figures: [string, string][] = [
    ["Monthly payment", formatPoundsAndPence(quote.monthlyPayment)],
    ["Amount of credit", formatPoundsAndPence(quote.amountOfCredit)],
    ["Total amount payable", formatPoundsAndPence(quote.totalAmountPayable)],
    ["Total cost of credit", formatPoundsAndPence(quote.totalCostOfCredit)],
  ];
  // Said of a deposit the page was opened with, or one typed, that had to be changed to fit.
  const note = (hydrated ? deposit.adjusted : choice.adjusted)
    ? `Deposits go up in £${DEPOSIT_STEP} steps to ${formatPounds(largest)}: we have used ${formatPounds(deposit.deposit)}.`
    : undefined;

  return (
    <form
      method="get"
      action={`/vehicles/${vehicleId}`}
      className="calculator"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => event.preventDefault()}
    >
      <h3 id={`${id}-title`}>Work out your payments</h3>
      <div className="application-field">
        <label htmlFor={`${id}-deposit`}>Deposit (£)</label>
        <p id={`${id}-deposit-hint`} className="application-field__hint">
          £0 to {formatPounds(largest)}, in £{DEPOSIT_STEP} steps
        </p>
        <input
          id={`${id}-deposit`}
          name="deposit"
          type="number"
          inputMode="numeric"
          min={0}
          max={largest}
          step={DEPOSIT_STEP}
          value={typed}
          onChange={(event) => changeDeposit(event.target.value)}
          aria-describedby={`${id}-deposit-hint`}
        />
        {hydrated && (
          <input
            type="range"
            className="calculator__slider"
            aria-label="Deposit"
            min={0}
            max={largest}
            step={DEPOSIT_STEP}
            value={deposit.deposit}
            onChange={(event) => changeDeposit(event.target.value)}
          />
        )}
      </div>
      <fieldset className="application-field application-choice calculator__terms">
        <legend>Term</legend>
        <div className="application-choice__options">
          {HIRE_PURCHASE_TERMS.map((months) => (
            <label key={months} className="application-choice__option">
              <input
                type="radio"
                name="term"
                value={months}
                checked={termMonths === months}
                onChange={(event) => changeTerm(event.target.value)}
              />
              {months} months
            </label>
          ))}
        </div>
      </fieldset>
      {!hydrated && (
        <button type="submit" className="button button--quiet" formNoValidate>
          Work out my payments
        </button>
      )}
      <div aria-live="polite">
        {note && <p className="calculator__note">{note}</p>}
        <FigureList figures={figures} className="calculator__figures" />
        <p className="calculator__basis">
          {formatPounds(quote.cashPrice)} with a {formatPounds(quote.deposit)} deposit, then {quote.termMonths} monthly payments at{" "}
          {formatApr(quote.apr)} APR representative, with the {formatPounds(quote.optionToPurchaseFee)} option to purchase fee in the total.
          An illustration only: finance is subject to status, and your lender's offer may differ.
        </p>
      </div>
    </form>
  );
}
