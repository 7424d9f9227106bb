import { postalAddress } from "../../../domain/dealer-address";
import { formatApr, FINANCE_TERMS, monthlyPriceFrom, priceExcludesVat, priceIncludingVat, REPRESENTATIVE_EXAMPLE } from "../../../domain/finance";
import { formatPounds } from "../../../domain/format";
import { useDealer } from "../use-dealer";
import { ApplyForFinance } from "./ApplyForFinance";
import type { VehicleForFinance } from "../finance/FinanceWizard";

/**
 * Finance for one vehicle. The representative example is the most prominent cost figure
 * and sits with the broker's name and postal address (CONC 3.5.5R); the vehicle's own
 * monthly price, worked out on the same terms, comes second.
 */
export function FinancePanel({ price, vatStatus, vehicle }: { price: number; vatStatus?: string; vehicle: VehicleForFinance }) {
  const dealer = useDealer();
  const example = REPRESENTATIVE_EXAMPLE;
  const years = FINANCE_TERMS.termMonths / 12;
  return (
    <section className="finance-panel" aria-labelledby="finance-heading">
      <h2 id="finance-heading" className="visually-hidden">
        Finance
      </h2>
      <div className="representative-example" aria-labelledby="representative-example-heading">
        <h3 id="representative-example-heading">Representative example</h3>
        <p className="representative-example__apr">{formatApr(example.apr)} APR representative (fixed)</p>
        <dl className="representative-example__figures">
          <div>
            <dt>Amount of credit</dt>
            <dd>{formatPounds(example.amount)}</dd>
          </div>
          <div>
            <dt>Term</dt>
            <dd>{years} years ({example.termMonths} monthly payments)</dd>
          </div>
          <div>
            <dt>Deposit</dt>
            <dd>{formatPounds(example.deposit)}</dd>
          </div>
          <div>
            <dt>Monthly payment</dt>
            <dd>{formatPounds(example.monthlyPayment)}</dd>
          </div>
          <div>
            <dt>Option to purchase fee</dt>
            <dd>{formatPounds(example.optionToPurchaseFee)}</dd>
          </div>
          <div>
            <dt>Total cost of credit</dt>
            <dd>{formatPounds(example.totalCostOfCredit)}</dd>
          </div>
          <div>
            <dt>Total amount repayable</dt>
            <dd>{formatPounds(example.totalAmountRepayable)}</dd>
          </div>
        </dl>
        <p className="representative-example__from">Rates from {formatApr(example.lowestApr)} APR.</p>
      </div>

      <div className="monthly-price">
        <p className="monthly-price__label">Monthly Prices From</p>
        <p className="monthly-price__amount">
          {formatPounds(monthlyPriceFrom(price, vatStatus))} <span>a month</span>
        </p>
        <p className="monthly-price__basis">
          On {formatPounds(priceIncludingVat(price, vatStatus))}
          {priceExcludesVat(vatStatus) ? " including VAT" : ""}, over {FINANCE_TERMS.termMonths} months with no deposit at{" "}
          {formatApr(FINANCE_TERMS.apr)} APR representative.
        </p>
      </div>

      <ApplyForFinance vehicle={vehicle} />

      <p className="finance-panel__legal">
        {dealer.legalName}, {postalAddress(dealer)}, is a credit broker, not a lender. We introduce you to lenders who may
        pay us commission; it does not vary from lender to lender and does not change the rate you pay. Finance is
        subject to status and available to UK residents aged 18 and over; a guarantee may be required. Authorised and
        regulated by the Financial Conduct Authority, firm reference number {dealer.fcaFirmReference}.
      </p>
    </section>
  );
}
