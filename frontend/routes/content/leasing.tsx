import { Link } from "react-router";
import { useDealer } from "../../components/use-dealer";
import type { Route } from "./+types/leasing";
import { describePage } from "../../seo/page-meta";

export const meta: Route.MetaFunction = () =>
  describePage(
    "Leasing explained",
    "How car and van leasing works: personal or business contract hire, initial rentals, mileage limits and handing back.",
  );

export default function Leasing() {
  const dealer = useDealer();
  return (
    <article className="page content-page">
      <h1>Leasing explained</h1>
      <p className="lede">
        Leasing lets you drive a new car, van or truck for a fixed monthly rental, then hand it back and choose another. Here is how it
        works, and what to check before you sign.
      </p>

      <section aria-labelledby="how-heading">
        <h2 id="how-heading">How contract hire works</h2>
        <p>
          Leasing is usually arranged as contract hire: a finance company buys the vehicle and rents it to you for an agreed time, typically
          two to four years. You pay an initial rental at the start, often equal to three, six or nine monthly rentals, and then a fixed
          rental each month. At the end you hand the vehicle back. You never own it, so you don't have to worry about what it will be worth.
        </p>
        <p>
          Road tax for the contract is normally included. Servicing, maintenance and tyres can be added for a higher monthly rental. You
          arrange and pay for the insurance.
        </p>
      </section>

      <section aria-labelledby="who-heading">
        <h2 id="who-heading">Personal or business?</h2>
        <h3>Personal contract hire</h3>
        <p>
          For private drivers. Rentals include VAT, and the agreement is a regulated consumer hire agreement, so consumer credit law
          protects you: for example, you must be given clear information about it before you sign.
        </p>
        <h3>Business contract hire</h3>
        <p>
          For companies, sole traders and partnerships. Rentals are quoted excluding VAT. A VAT-registered business can normally reclaim all
          the VAT on the rentals of a van, and half of it on a car that is also used privately. Your accountant can tell you how rentals are
          treated for tax.
        </p>
      </section>

      <section aria-labelledby="mileage-heading">
        <h2 id="mileage-heading">Mileage limits</h2>
        <p>
          Every lease has an annual mileage allowance, chosen when you order: the more miles, the higher the rental. If you go over it, you
          pay a charge for each extra mile, shown in your agreement. Estimate your mileage honestly; it usually costs less to choose a
          higher allowance at the start than to pay for extra miles at the end.
        </p>
      </section>

      <section aria-labelledby="end-heading">
        <h2 id="end-heading">At the end of the contract</h2>
        <p>
          The vehicle is collected and inspected. Wear and tear that is normal for its age and mileage is fine; the industry guide most
          lease companies follow, from the BVRLA, explains what counts as fair. Damage beyond that, such as dents, deep scratches or kerbed
          wheels, and any missing service history, is charged for. Having small damage repaired before the inspection often costs less.
        </p>
        <p>
          Ending a lease early is possible, but you will usually pay a termination charge of a large part of the remaining rentals, so
          choose a term you are confident of.
        </p>
      </section>

      <section aria-labelledby="next-heading">
        <h2 id="next-heading">Find your lease</h2>
        <ul>
          <li>
            <Link to="/cars/leasing">Car leasing</Link>
          </li>
          <li>
            <Link to="/vans/leasing">Van leasing</Link>
          </li>
          <li>
            <Link to="/trucks/leasing">Truck leasing</Link>
          </li>
          <li>
            <Link to="/articles#leasing">Leasing or buying? Our guide</Link>
          </li>
          <li>
            <Link to="/finance-info#options">All our finance options compared</Link>
          </li>
        </ul>
        <p className="content-small">
          {dealer.legalName} is a credit broker, not a lender or lessor, authorised and regulated by the Financial Conduct Authority, firm
          reference number {dealer.fcaFirmReference}. Leasing is subject to status and available to UK residents aged 18 and over.
        </p>
      </section>
    </article>
  );
}
