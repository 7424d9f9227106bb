import { Link } from "react-router";
import { postalAddress } from "../../../domain/dealer-address";
import { useDealer } from "../../components/use-dealer";
import type { Route } from "./+types/terms";
import { describePage } from "../../seo/page-meta";

export const meta: Route.MetaFunction = () =>
  describePage(
    "Terms and conditions",
    "The terms for using our website: vehicle information, finance as a credit broker, call recording, offers and more.",
  );

export default function Terms() {
  const dealer = useDealer();
  return (
    <article className="page content-page">
      <h1>Terms and conditions</h1>
      <p className="lede">
        These terms apply when you use this website, which is run by {dealer.legalName}, {postalAddress(dealer)}, company number{" "}
        {dealer.companyNumber}. By using the site you accept them.
      </p>

      <section aria-labelledby="disclaimer-heading">
        <h2 id="disclaimer-heading">Vehicle information</h2>
        <p>
          We check the details of every vehicle we advertise, but mistakes can happen and specifications sometimes change before a vehicle
          reaches us. Before you commit, please confirm anything that matters to you with us; the details on your order form are the ones
          that count.
        </p>
        <p>
          Vehicles are sold subject to availability. A vehicle that has to be ordered, or prepared, will take time to arrive: there is a
          waiting period between your order and delivery, and we'll give you our best estimate of it when you order.
        </p>
        <p>
          Photographs may be digitally altered, for example to replace the background or hide a number plate. We never edit a photograph to
          hide damage or wear, and some photographs of new vehicles show the model in general rather than the exact vehicle, with options it
          may not have.
        </p>
      </section>

      <section aria-labelledby="privacy-heading">
        <h2 id="privacy-heading">Privacy</h2>
        <p>
          What we do with the information you give us, and your rights over it, are explained in our{" "}
          <Link to="/privacy">privacy policy</Link>.
        </p>
      </section>

      <section aria-labelledby="cookies-heading">
        <h2 id="cookies-heading">Cookies</h2>
        <p>
          Our <Link to="/cookies">cookie policy</Link> explains what this website stores on your device.
        </p>
      </section>

      <section aria-labelledby="links-heading">
        <h2 id="links-heading">Links to other websites</h2>
        <p>
          Some pages link to websites that we don't run, such as regulators or our messaging service. We aren't responsible for their
          content or how they use your information: please read their own terms and privacy notices.
        </p>
      </section>

      <section aria-labelledby="access-heading">
        <h2 id="access-heading">Access to the website</h2>
        <p>
          We aim to keep the site available and accurate, but we can't promise it will always be, and we may suspend or change it, for
          example to carry out maintenance. Buying a vehicle from us is covered by our <Link to="/terms-of-sale">terms of sale</Link>, not
          by these website terms.
        </p>
      </section>

      <section aria-labelledby="finance-heading">
        <h2 id="finance-heading">Product finance</h2>
        <p>
          {dealer.legalName} is authorised and regulated by the Financial Conduct Authority (firm reference number {dealer.fcaFirmReference}
          ). We are a credit broker, not a lender: we introduce you to lenders, who decide whether to lend to you and on what terms.
        </p>
        <ul>
          <li>Finance is subject to status and available to UK residents aged 18 and over.</li>
          <li>A guarantee may be required.</li>
          <li>
            We may receive commission from the lender for introducing you. The amount does not vary from one lender to another, and it does
            not change the rate you pay. Ask us if you would like to know more about how we are paid.
          </li>
        </ul>
        <p>
          <Link to="/finance-info">How our finance works</Link>
        </p>
      </section>

      <section aria-labelledby="calls-heading">
        <h2 id="calls-heading">Telephone calls</h2>
        <p>
          We may record and monitor telephone calls, to train our staff, to check the quality of our service and to keep an accurate record
          of what was said and agreed. Our <Link to="/privacy">privacy policy</Link> explains how we handle recordings.
        </p>
      </section>

      <section aria-labelledby="use-heading">
        <h2 id="use-heading">Using this website</h2>
        <p>
          You may view, download and print pages of this site for your own personal, non-commercial use. Please don't copy our content or
          photographs for other purposes, collect data from the site by automated means, or do anything that interferes with the site or
          other people's use of it.
        </p>
      </section>

      <section aria-labelledby="offers-heading">
        <h2 id="offers-heading">Competitions and offers</h2>
        <p>
          Offers are available for a limited time, while stocks last, and may have conditions of their own, which we publish with the offer.
          Any competition we run has its own rules, published with it. Unless an offer says so, it can't be combined with another offer or
          exchanged for cash.
        </p>
      </section>

      <section aria-labelledby="general-heading">
        <h2 id="general-heading">General</h2>
        <p>
          We may change these terms, and the information and prices on this site, at any time without notice. The version on this page when
          you use the site is the one that applies. Nothing in these terms affects your statutory rights.
        </p>
        <p>
          Questions about these terms? <Link to="/contact">Contact us</Link>.
        </p>
      </section>
    </article>
  );
}
