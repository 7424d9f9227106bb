import { financeExample, formatApr, FINANCE_TERMS } from "../../../domain/finance";
import { formatPounds, formatPoundsAndPence } from "../../../domain/format";
import { ContentHtml } from "../../components/ContentHtml";
import { PageFaq } from "../../components/PageFaq";
import { RepresentativeExample } from "../../components/RepresentativeExample";
import { useDealer } from "../../components/use-dealer";
import type { Route } from "./+types/finance-prices";
import { describeEditedPage } from "../../seo/page-meta";
import { TableScroll } from "../../components/TableScroll";
import { pageWordsLoader } from "./page-words.server";

/**
 * Monthly payments by amount borrowed: the representative example and the table, worked out
 * from the finance terms, then the dealer's words, then the broker's statement, which no
 * edit can take away.
 */
export const loader = pageWordsLoader("finance-prices");

export const meta = describeEditedPage;

const AMOUNTS = [5000, 7500, 10000, 12000, 15000, 20000, 25000, 30000, 35000, 40000, 45000, 50000];

// financeExample works each payment out with monthlyPayment, the same sum as every price on the site.
const ROWS = AMOUNTS.map(financeExample);

export default function FinancePrices({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const dealer = useDealer();
  const deposit = FINANCE_TERMS.deposit === 0 ? "no deposit" : `a ${formatPounds(FINANCE_TERMS.deposit)} deposit`;
  const terms = `over ${FINANCE_TERMS.termMonths} months with ${deposit} at ${formatApr(FINANCE_TERMS.apr)} APR representative (fixed)`;
  return (
    <article className="page content-page">
      <h1>{page.heading}</h1>
      {page.lede && <p className="lede">{page.lede}</p>}

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

      <ContentHtml html={page.html} />
      <PageFaq faq={page.faq} name="finance-prices-faq" />
      <p className="content-small">
        {dealer.legalName} is a credit broker, not a lender, authorised and regulated by the Financial Conduct Authority, firm reference
        number {dealer.fcaFirmReference}. Finance is subject to status and available to UK residents aged 18 and over. A guarantee may be
        required.
      </p>
    </article>
  );
}
