import { useState } from "react";
import { formatApr, FINANCE_TERMS, monthlyPriceFrom, priceExcludesVat, priceIncludingVat } from "../../../domain/finance";
import type { CalculatorChoice } from "../../../domain/finance-calculator";
import { formatPounds } from "../../../domain/format";
import { BrokerStatement } from "../FinanceDisclosure";
import { RepresentativeExample } from "../RepresentativeExample";
import { ApplyForFinance } from "./ApplyForFinance";
import { FinanceCalculator } from "./FinanceCalculator";
import type { VehicleForFinance } from "../finance/FinanceWizard";

/** Where the vehicle's monthly price beside its price leads: the representative example it is worked out on. */
export const REPRESENTATIVE_EXAMPLE_ID = "representative-example";

interface FinancePanelProps {
  price: number;
  vatStatus?: string;
  vehicle: VehicleForFinance;
  /** The calculator's deposit and term as the page's address gave them. */
  choice: CalculatorChoice;
}

/**
 * Finance for one vehicle. The representative example is the most prominent cost figure
 * and sits with the broker's name and postal address (CONC 3.5.5R); the vehicle's own
 * monthly price, worked out on the same terms, comes second, then the calculator, whose
 * deposit and term go into the application.
 */
export function FinancePanel({ price, vatStatus, vehicle, choice }: FinancePanelProps) {
  const [plan, setPlan] = useState({ deposit: choice.deposit, termMonths: choice.termMonths });
  return (
    <section className="finance-panel" aria-labelledby="finance-heading">
      <h2 id="finance-heading" className="visually-hidden">
        Finance
      </h2>
      <RepresentativeExample id={REPRESENTATIVE_EXAMPLE_ID} />

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

      <FinanceCalculator vehicleId={vehicle.id} price={price} vatStatus={vatStatus} choice={choice} onChange={setPlan} />

      <ApplyForFinance vehicle={vehicle} plan={plan} />

      <BrokerStatement />
    </section>
  );
}
