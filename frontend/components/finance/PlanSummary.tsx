import { formatPounds } from "../../../domain/format";

/** The deposit and term chosen in the vehicle page's calculator, which go with the application. */
export interface FinancePlan {
  deposit: number;
  termMonths: number;
}

export function PlanSummary({ plan }: { plan: FinancePlan }) {
  return (
    <p className="finance-plan">
      Applying for hire purchase with a {formatPounds(plan.deposit)} deposit over {plan.termMonths} months, as chosen in the calculator.
    </p>
  );
}
