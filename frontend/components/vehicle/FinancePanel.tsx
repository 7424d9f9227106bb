import { formatApr, FINANCE_TERMS, monthlyPriceFrom, priceExcludesVat, priceIncludingVat } from "../../../domain/finance";
import { formatPounds } from "../../../domain/format";
import { BrokerStatement } from "../FinanceDisclosure";
import { RepresentativeExample } from "../RepresentativeExample";
import { ApplyForFinance } from "./ApplyForFinance";
import type { VehicleForFinance } from "../finance/FinanceWizard";

/**
 * Finance for one vehicle. The representative example is the most prominent cost figure
 * and sits with the broker's name and postal address (CONC 3.5.5R); the vehicle's own
 * monthly price, worked out on the same terms, comes second.
 */
export function FinancePanel({ price, vatStatus, vehicle }: { price: number; vatStatus?: string; vehicle: VehicleForFinance }) {
  return (
    <section className="finance-panel" aria-labelledby="finance-heading">
      <h2 id="finance-heading" className="visually-hidden">
        Finance
      </h2>
      <RepresentativeExample />

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

      <BrokerStatement />
    </section>
  );
}
