import { Link } from "react-router";
import { postalAddress } from "../../../domain/dealer-address";
import { ContentHtml } from "../../components/ContentHtml";
import { PageFaq } from "../../components/PageFaq";
import { RepresentativeExample } from "../../components/RepresentativeExample";
import { useDealer } from "../../components/use-dealer";
import type { Route } from "./+types/finance-info";
import { describeEditedPage } from "../../seo/page-meta";
import { pageWordsLoader } from "./page-words.server";

/**
 * How finance works: the dealer's words between what the site writes itself, the
 * representative example first and the broker's regulatory statement last, which no edit can
 * take away (domain/content/content-rules.ts lets these words name a figure, as the example
 * always stands above them).
 */
export const loader = pageWordsLoader("finance-info");

export const meta = describeEditedPage;

export default function FinanceInfo({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const dealer = useDealer();
  return (
    <article className="page content-page">
      <h1>{page.heading}</h1>
      {page.lede && <p className="lede">{page.lede}</p>}

      <section className="content-example" aria-labelledby="cost-heading">
        <h2 id="cost-heading">What finance costs</h2>
        <RepresentativeExample />
        <p>
          The rate you are offered depends on your circumstances and the lender's assessment, so it may differ from this example. See{" "}
          <Link to="/finance-prices">monthly payments for other amounts</Link> on the same terms.
        </p>
      </section>

      <ContentHtml html={page.html} />
      <PageFaq faq={page.faq} name="finance-info-faq" />

      <section aria-labelledby="regulatory-heading">
        <h2 id="regulatory-heading">About our finance</h2>
        <p>
          {dealer.legalName}, {postalAddress(dealer)}, is authorised and regulated by the Financial Conduct Authority, firm reference number{" "}
          {dealer.fcaFirmReference}. We are a credit broker, not a lender. We may receive commission from the lender for introducing you; it
          does not vary from one lender to another and does not change the rate you pay. Finance is subject to status and available to UK
          residents aged 18 and over only. A guarantee may be required.
        </p>
        <p>
          Questions? <Link to="/contact">Contact us</Link> before you apply.
        </p>
      </section>
    </article>
  );
}
