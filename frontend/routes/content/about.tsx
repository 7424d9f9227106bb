import { Link } from "react-router";
import { postalAddress } from "../../../domain/dealer-address";
import { useDealer } from "../../components/use-dealer";
import type { Route } from "./+types/about";
import { describePage } from "../../seo/page-meta";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { dealer } = matches[0].loaderData;
  return describePage(
    "About us",
    `Who we are: a ${dealer.familyRun ? "family-run " : ""}dealership in ${dealer.address.town} selling new and used cars, vans and trucks, with finance arranged as a credit broker.`,
  );
};

export default function About() {
  const dealer = useDealer();
  const years = new Date().getFullYear() - dealer.tradingSince;
  // Whole decades, so the wording stays true all year and reads the same on server and browser.
  const decades = Math.floor(years / 10) * 10;
  return (
    <article className="page content-page">
      <h1>{`About ${dealer.name}`}</h1>
      <p className="lede">{dealer.tagline}.</p>

      <section aria-labelledby="who-heading">
        <h2 id="who-heading">Who we are</h2>
        <p>
          We are a dealership in {dealer.address.town}, trading since {dealer.tradingSince}
          {decades >= 10 ? `: more than ${decades} years of selling vehicles to local drivers and businesses` : ""}.
          {dealer.familyRun && " The business is family-run."} We sell cars, vans and trucks, new and used, and arrange the finance to pay
          for them.
        </p>
        <p>
          We would rather sell you the right vehicle than the most expensive one, so we take time to understand what you need it for, what
          you want to spend each month and how long you plan to keep it.
        </p>
      </section>

      <section aria-labelledby="what-heading">
        <h2 id="what-heading">What we sell</h2>
        <ul>
          <li>
            <strong>Cars</strong>: new and used hatchbacks, estates, SUVs and family cars, including electric and hybrid models.{" "}
            <Link to="/car-search">Search our cars</Link>.
          </li>
          <li>
            <strong>Vans</strong>: panel vans, crew vans, dropsides, Lutons and pick-ups for tradespeople and fleets.{" "}
            <Link to="/van-search">Search our vans</Link>.
          </li>
          <li>
            <strong>Trucks</strong>: rigid trucks and tractor units for hauliers and operators of every size.{" "}
            <Link to="/truck-search">Search our trucks</Link>.
          </li>
        </ul>
        <p>
          You can part-exchange your current vehicle with us: <Link to="/part-exchange">ask for a valuation</Link>.
        </p>
      </section>

      <section aria-labelledby="finance-heading">
        <h2 id="finance-heading">Finance</h2>
        <p>
          We arrange finance as a credit broker, not a lender: we introduce you to lenders who decide whether to offer you credit and on
          what terms. Finance is subject to status and available to UK residents aged 18 and over. {dealer.legalName} is authorised and
          regulated by the Financial Conduct Authority, firm reference number {dealer.fcaFirmReference}; you can check this on the{" "}
          <a href="https://register.fca.org.uk/">FCA register</a>.
        </p>
        <p>
          <Link to="/finance-info">How our finance works</Link>
        </p>
      </section>

      <section aria-labelledby="visit-heading">
        <h2 id="visit-heading">Visit or get in touch</h2>
        <p>Come and see us, or call, e-mail or message us: we are happy to answer questions before you decide anything.</p>
        <address>{postalAddress(dealer)}</address>
        <p className="content-actions">
          <Link className="button" to="/contact">
            Contact us
          </Link>
        </p>
        <p className="content-small">
          {dealer.legalName}, company number {dealer.companyNumber}. Registered office: {dealer.registeredOffice}.
        </p>
      </section>
    </article>
  );
}
