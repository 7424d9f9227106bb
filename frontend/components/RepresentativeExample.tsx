import { useId } from "react";
import { formatApr, FINANCE_TERMS, REPRESENTATIVE_EXAMPLE } from "../../domain/finance";
import { formatPounds } from "../../domain/format";
import { FigureList } from "./FigureList";

/**
 * The representative example every finance advert must show (CONC 3.5.5R), every figure
 * computed from the terms. Wherever it appears it is the most prominent cost figure. `id` lets
 * a monthly price elsewhere on the page link to it.
 */
export function RepresentativeExample({ id }: { id?: string }) {
  const example = REPRESENTATIVE_EXAMPLE;
  const headingId = useId();
  const figures: [string, string][] = [
    ["Amount of credit", formatPounds(example.amount)],
    ["Term", `${FINANCE_TERMS.termMonths / 12} years (${example.termMonths} monthly payments)`],
    ["Deposit", formatPounds(example.deposit)],
    ["Monthly payment", formatPounds(example.monthlyPayment)],
    ["Option to purchase fee", formatPounds(example.optionToPurchaseFee)],
    ["Total cost of credit", formatPounds(example.totalCostOfCredit)],
    ["Total amount repayable", formatPounds(example.totalAmountRepayable)],
  ];
  return (
    <div id={id} className="representative-example" role="group" aria-labelledby={headingId}>
      <h3 id={headingId}>Representative example</h3>
      <p className="representative-example__apr">{formatApr(example.apr)} APR representative (fixed)</p>
      <FigureList figures={figures} className="representative-example__figures" />
      <p className="representative-example__from">Rates from {formatApr(example.lowestApr)} APR.</p>
    </div>
  );
}
