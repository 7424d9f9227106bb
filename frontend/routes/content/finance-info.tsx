import { Link } from "react-router";
import { postalAddress } from "../../../domain/dealer-address";
import { RepresentativeExample } from "../../components/RepresentativeExample";
import { useDealer } from "../../components/use-dealer";
import type { Route } from "./+types/finance-info";
import { describePage } from "../../seo/page-meta";
import { TableScroll } from "../../components/TableScroll";

export const meta: Route.MetaFunction = () =>
  describePage(
    "How vehicle finance works",
    "PCP, hire purchase, personal contract hire and conditional sale explained plainly, with our representative example and how to apply.",
  );

/** The four kinds of finance we arrange, side by side. */
const COMPARISON: readonly { name: string; own: string; payments: string; mileage: string }[] = [
  {
    name: "Personal Contract Purchase (PCP)",
    own: "If you pay the optional final payment",
    payments: "Lower: part of the price is deferred",
    mileage: "Yes",
  },
  { name: "Hire Purchase (HP)", own: "Yes, after the last payment", payments: "Higher: you pay off the whole price", mileage: "No" },
  {
    name: "Personal Contract Hire (PCH)",
    own: "No, you hand it back",
    payments: "Lower: you pay for its use, not the vehicle",
    mileage: "Yes",
  },
  {
    name: "Conditional Sale (CS)",
    own: "Yes, automatically with the last payment",
    payments: "Higher: you pay off the whole price",
    mileage: "No",
  },
];

export default function FinanceInfo() {
  const dealer = useDealer();
  return (
    <article className="page content-page">
      <h1>How vehicle finance works</h1>
      <p className="lede">
        Finance spreads the cost of a car, van or truck over monthly payments. We are a credit broker, not a lender: we find lenders who may
        offer you credit, and they decide. Finance is subject to status and available to UK residents aged 18 and over.
      </p>

      <section className="content-example" aria-labelledby="cost-heading">
        <h2 id="cost-heading">What finance costs</h2>
        <RepresentativeExample />
        <p>
          The rate you are offered depends on your circumstances and the lender's assessment, so it may differ from this example. See{" "}
          <Link to="/finance-prices">monthly payments for other amounts</Link> on the same terms.
        </p>
      </section>

      <section id="options" aria-labelledby="options-heading">
        <h2 id="options-heading">Your finance options</h2>
        <p>We can arrange four kinds of finance. The right one depends on whether you want to own the vehicle and how you use it.</p>

        <TableScroll label="The four kinds of finance compared">
          <table className="content-table">
            <caption>The four kinds of finance compared</caption>
            <thead>
              <tr>
                <th scope="col">Finance</th>
                <th scope="col">Do you own it at the end?</th>
                <th scope="col">Monthly payments</th>
                <th scope="col">Mileage limit?</th>
              </tr>
            </thead>
            <tbody>
              {COMPARISON.map((row) => (
                <tr key={row.name}>
                  <th scope="row">{row.name}</th>
                  <td>{row.own}</td>
                  <td>{row.payments}</td>
                  <td>{row.mileage}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>

        <h3 id="pcp">Personal Contract Purchase (PCP)</h3>
        <p>
          You pay a deposit, then monthly payments over two to four years. The lender sets aside part of the price as an optional final
          payment, based on what it expects the vehicle to be worth at the end, so your monthly payments cover less of the price than with
          hire purchase. You agree an annual mileage at the start.
        </p>
        <p>At the end you choose to:</p>
        <ul>
          <li>pay the optional final payment and keep the vehicle;</li>
          <li>hand it back with nothing more to pay, as long as it's within the mileage and in fair condition for its age; or</li>
          <li>part-exchange it, putting any value above the final payment towards your next vehicle.</li>
        </ul>
        <p>
          <strong>Suits you if</strong> you want lower monthly payments and like to change your vehicle every few years.
        </p>

        <h3 id="hp">Hire Purchase (HP)</h3>
        <p>
          You pay a deposit, then fixed monthly payments, usually over one to five years, that pay off the whole price with interest. Once
          you've made the last payment and paid any option-to-purchase fee, the vehicle is yours. There's no mileage limit.
        </p>
        <p>
          <strong>Suits you if</strong> you want to own the vehicle, plan to keep it for a long time, or drive a lot of miles. It is also
          popular for vans and trucks.
        </p>

        <h3 id="pch">Personal Contract Hire (PCH)</h3>
        <p>
          Contract hire is leasing: you rent a new vehicle for a fixed time, usually two to four years. You pay an initial rental, often
          three, six or nine months' worth, then fixed monthly rentals, within an agreed annual mileage. At the end you hand the vehicle
          back; you never own it. Charges apply for miles over the allowance or damage beyond fair wear and tear. A maintenance package can
          be added.
        </p>
        <p>
          <strong>Suits you if</strong> you want a new vehicle every few years for a fixed monthly cost, and don't want to own it or worry
          about what it will be worth. <Link to="/leasing">More about leasing</Link>.
        </p>

        <h3 id="cs">Conditional Sale (CS)</h3>
        <p>
          Conditional sale works like hire purchase: fixed monthly payments that pay off the whole price, with no mileage limit. The
          difference is that the vehicle becomes yours automatically when you make the last payment, with no option-to-purchase fee.
        </p>
        <p>
          <strong>Suits you if</strong> you want a simple, fixed route to owning the vehicle.
        </p>
      </section>

      <section aria-labelledby="business-heading">
        <h2 id="business-heading">Finance for businesses</h2>
        <p>
          Businesses can buy vans and trucks on hire purchase, or lease them on business contract hire. A VAT-registered business can
          normally reclaim the VAT on a commercial vehicle it buys, and on the rentals of one it leases; for cars the rules are stricter.
          Your accountant can tell you what suits your business.
        </p>
        <p>
          The Consumer Credit Act protects sole traders and small partnerships borrowing up to £25,000 for their business, but not limited
          companies, so some of the rights on this page may not apply to a company.
        </p>
      </section>

      <section aria-labelledby="apply-heading">
        <h2 id="apply-heading">How to apply</h2>
        <ol>
          <li>
            Find a vehicle: search our <Link to="/car-search">cars</Link>, <Link to="/van-search">vans</Link> or{" "}
            <Link to="/truck-search">trucks</Link>. Each vehicle shows its monthly price on our representative terms.
          </li>
          <li>Choose "Apply for finance" on the vehicle's page and tell us about yourself, your home and your income.</li>
          <li>
            We pass your application to lenders. The lender will search your credit file, which other lenders can see, and decides whether
            to lend and at what rate.
          </li>
          <li>
            If you are accepted, we explain the agreement and you sign it. You can withdraw from a regulated credit agreement within 14 days
            of signing it.
          </li>
        </ol>
        <p>
          Finance pages for each type of vehicle: <Link to="/cars/finance">car finance</Link>, <Link to="/vans/finance">van finance</Link>{" "}
          and <Link to="/trucks/finance">truck finance</Link>.
        </p>
      </section>

      <section aria-labelledby="know-heading">
        <h2 id="know-heading">Things to know before you sign</h2>
        <ul>
          <li>
            Think about whether you can keep up the payments if your circumstances change. Missed payments harm your credit record, and the
            lender can take the vehicle back. With hire purchase, conditional sale and PCP, once you've paid a third of the total amount
            payable the lender needs a court order to do so.
          </li>
          <li>
            You can pay off a hire purchase, conditional sale or PCP agreement early at any time; the lender will tell you the settlement
            figure. Ending contract hire early usually means paying a charge set out in the agreement.
          </li>
          <li>
            With hire purchase, conditional sale and PCP you can also end the agreement and hand the vehicle back once you've paid half of
            the total amount payable, as long as it has been looked after.
          </li>
        </ul>
      </section>

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
