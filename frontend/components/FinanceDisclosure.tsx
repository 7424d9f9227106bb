import { createContext, useContext, type ReactNode } from "react";
import { Link } from "react-router";
import { postalAddress } from "../../domain/dealer-address";
import { FINANCE_TERMS } from "../../domain/finance";
import { RepresentativeExample } from "./RepresentativeExample";
import { useDealer } from "./use-dealer";

/**
 * What must stand beside any monthly price (CONC 3.5.5R): the representative example and
 * who the broker is. Vehicle grids show it after their cards; a page with several grids
 * wraps them in <WithFinanceDisclosure> so that it appears once, after them all.
 */
export function FinanceDisclosure() {
  return (
    <section className="finance-disclosure" aria-label="How the monthly prices are worked out">
      <p className="finance-disclosure__basis">
        Each monthly price is a hire purchase payment on our representative terms: the vehicle's price including any VAT, no deposit, over{" "}
        {FINANCE_TERMS.termMonths} months. Your own price depends on your deposit, term and circumstances.{" "}
        <Link to="/finance-info">How finance works</Link>.
      </p>
      <RepresentativeExample />
      <BrokerStatement />
    </section>
  );
}

/** The broker's name, address and status, and the conditions finance comes with. */
export function BrokerStatement() {
  const dealer = useDealer();
  return (
    <p className="broker-statement">
      {dealer.legalName}, {postalAddress(dealer)}, is a credit broker, not a lender. We introduce you to lenders who may pay us commission;
      it does not vary from lender to lender and does not change the rate you pay. Finance is subject to status and available to UK
      residents aged 18 and over; a guarantee may be required. Authorised and regulated by the Financial Conduct Authority, firm reference
      number {dealer.fcaFirmReference}.
    </p>
  );
}

/** What the leasing page says whatever its words: who arranges a lease, and on what terms. */
export function LeasingStatement() {
  const dealer = useDealer();
  return (
    <p>
      {dealer.legalName} is a credit broker, not a lender or lessor, authorised and regulated by the Financial Conduct Authority, firm
      reference number {dealer.fcaFirmReference}. Leasing is subject to status and available to UK residents aged 18 and over.
    </p>
  );
}

const DisclosedByPage = createContext(false);

/** True inside <WithFinanceDisclosure>, whose disclosure covers every grid within it. */
export function useDisclosedByPage(): boolean {
  return useContext(DisclosedByPage);
}

/** For a page whose own finance panel, above its grids, already shows the disclosure. */
export function DisclosedAbove({ children }: { children: ReactNode }) {
  return <DisclosedByPage value={true}>{children}</DisclosedByPage>;
}

/** Its children, then one finance disclosure for every vehicle grid among them. */
export function WithFinanceDisclosure({ children }: { children: ReactNode }) {
  return (
    <>
      <DisclosedByPage value={true}>{children}</DisclosedByPage>
      <FinanceDisclosure />
    </>
  );
}
