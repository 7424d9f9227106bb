import { Link } from "react-router";
import { financeExample, formatApr, FINANCE_TERMS } from "../../../domain/finance";
import { formatPounds, formatPoundsAndPence } from "../../../domain/format";
import { RepresentativeExample } from "../../components/RepresentativeExample";
import { useDealer } from "../../components/use-dealer";
import type { Route } from "./+types/finance-prices";
import { describePage } from "../../seo/page-meta";
import { TableScroll } from "../../components/TableScroll";

export const meta: Route.MetaFunction = () =>
  describePage(
    "Monthly finance prices",
    "What borrowing £5,000 to £50,000 costs each month on our representative finance terms, with the total you repay.",
  );

const AMOUNTS = [5000, 7500, 10000, 12000, 15000, 20000, 25000, 30000, 35000, 40000, 45000, 50000];

// financeExample works each payment out with monthlyPayment, the same sum as every price on the site.
const ROWS = AMOUNTS.map(financeExample);

export default function FinancePrices() {
  const dealer = useDealer();
  const deposit = FINANCE_TERMS.deposit === 0 ? "no deposit" : `a ${formatPounds(FINANCE_TERMS.deposit)} deposit`;
  const terms = `over ${FINANCE_TERMS.termMonths} months with ${deposit} at ${formatApr(FINANCE_TERMS.apr)} APR representative (fixed)`;
  return (
    <article className="page content-page">
      <h1>Monthly finance prices</h1>
      <p className="lede">
        What borrowing different amounts would cost each month on our representative terms. Finance is subject to status and available to UK
        residents aged 18 and over.
      </p>

      <section className="content-example" aria-labelledby="cost-heading">
        <h2 id="cost-heading">What finance costs</h2>
        <RepresentativeExample />
      </section>

      <section aria-labelledby="table-heading">
        <h2 id="table-heading">Monthly payments by amount borrowed</h2>
        <p>
          Each row is worked out {terms}. The total repayable includes the {formatPounds(FINANCE_TERMS.optionToPurchaseFee)}{" "}
          option-to-purchase fee.
        </p>
        <TableScroll label="Monthly payments by amount borrowed">
          <table className="content-table content-table--numbers">
            <caption className="visually-hidden">Monthly payments {terms}</caption>
            <thead>
              <tr>
                <th scope="col">Amount borrowed</th>
                <th scope="col">Monthly payment</th>
                <th scope="col">Total cost of credit</th>
                <th scope="col">Total repayable</th>
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row) => (
                <tr key={row.amount}>
                  <th scope="row">{formatPounds(row.amount)}</th>
                  <td>{formatPoundsAndPence(row.monthlyPayment)}</td>
                  <td>{formatPoundsAndPence(row.totalCostOfCredit)}</td>
                  <td>{formatPoundsAndPence(row.totalAmountRepayable)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>

      <section aria-labelledby="illustration-heading">
        <h2 id="illustration-heading">An illustration, not an offer</h2>
        <p>
          These figures show how the cost of finance grows with the amount you borrow. They are not a quotation: the rate you are offered
          depends on your circumstances and the lender's assessment, and your payments also depend on the deposit, the term and the type of
          finance you choose. Rates start from {formatApr(FINANCE_TERMS.lowestApr)} APR.
        </p>
        <p>
          Every vehicle on our site shows its own monthly price on these terms: search our <Link to="/car-search">cars</Link>,{" "}
          <Link to="/van-search">vans</Link> or <Link to="/truck-search">trucks</Link>. To compare the kinds of finance, read{" "}
          <Link to="/finance-info">how vehicle finance works</Link>.
        </p>
        <p className="content-small">
          {dealer.legalName} is a credit broker, not a lender, authorised and regulated by the Financial Conduct Authority, firm reference
          number {dealer.fcaFirmReference}. Finance is subject to status and available to UK residents aged 18 and over. A guarantee may be
          required.
        </p>
      </section>
    </article>
  );
}
