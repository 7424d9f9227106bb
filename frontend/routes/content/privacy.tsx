import { Link } from "react-router";
import { postalAddress } from "../../../domain/dealer-address";
import { useDealer } from "../../components/use-dealer";
import type { Route } from "./+types/privacy";
import { describePage } from "../../seo/page-meta";

export const meta: Route.MetaFunction = () =>
  describePage(
    "Privacy policy",
    "What personal information we collect, why, who we share it with, how long we keep it and your rights under UK GDPR.",
  );

export default function Privacy() {
  const dealer = useDealer();
  return (
    <article className="page content-page">
      <h1>Privacy policy</h1>
      <p className="lede">
        This policy explains what personal information we collect when you use our website or deal with us, what we do with it, and the
        rights you have under UK data protection law (the UK GDPR and the Data Protection Act 2018).
      </p>

      <section aria-labelledby="who-heading">
        <h2 id="who-heading">Who we are</h2>
        <p>
          {dealer.legalName} (company number {dealer.companyNumber}), {postalAddress(dealer)}, is the controller of your personal
          information: we decide how it is used and are responsible for looking after it. If you have any question about this policy or your
          information, <Link to="/contact">contact us</Link>.
        </p>
      </section>

      <section aria-labelledby="collect-heading">
        <h2 id="collect-heading">What we collect and why</h2>

        <h3>When you get in touch</h3>
        <p>
          When you call, e-mail or message us, we keep your name, contact details and what you tell us, so that we can answer you and keep a
          record of what was agreed. We may record telephone calls for training, quality and record-keeping.
        </p>

        <h3>When you apply for finance</h3>
        <p>
          Our finance application asks for your name, date of birth, contact details, address and how long you have lived there, your
          marital and residential status, your employment and income, and the vehicle you want. We use it to find lenders who may offer you
          credit and to pass your application to them. We need it to take the steps you ask for before entering into an agreement.
        </p>
        <p>
          Lenders will search your records at credit reference agencies and may check fraud prevention databases. Each lender decides what
          to do with your application and explains how it uses your information in its own privacy notice, which you'll be given when you
          apply.
        </p>

        <h3>When you buy a vehicle</h3>
        <p>
          We use your details to complete the sale, register you as the vehicle's keeper with the DVLA, arrange any warranty, and keep the
          records that tax and consumer law require us to keep.
        </p>

        <h3>When you use a form on this website</h3>
        <ul>
          <li>
            <strong>Part-exchange valuation</strong>: your vehicle's registration, mileage and condition, your name, e-mail address, phone
            number and postcode, so that we can value your vehicle and contact you with an offer.
          </li>
          <li>
            <strong>Newsletter</strong>: your e-mail address and a record of your agreement, so that we can send you our newsletter. We only
            send it because you asked us to; you can unsubscribe at any time using the link in any newsletter or by contacting us.
          </li>
          <li>
            <strong>Feedback</strong>: your comments, the page you sent them from and, if you choose to give it, your e-mail address so that
            we can reply. We use feedback to improve our website and service.
          </li>
        </ul>

        <h3>When you visit this website</h3>
        <p>
          Our web server records each page request (the address asked for, when, and the result) to keep the site working and secure; these
          records don't include your IP address. To stop our forms being misused, the server counts form submissions from each IP address
          for a short time, in memory only. This website sets no cookies and uses no tracking or advertising tools: see our{" "}
          <Link to="/cookies">cookie policy</Link>.
        </p>
      </section>

      <section aria-labelledby="basis-heading">
        <h2 id="basis-heading">Our legal reasons for using your information</h2>
        <ul>
          <li>
            <strong>Contract</strong>: to sell you a vehicle, value your part exchange, or take the steps you ask for before a contract,
            such as applying for finance.
          </li>
          <li>
            <strong>Legal obligation</strong>: to keep accounting and tax records, register vehicles, meet financial regulation and prevent
            fraud and money laundering.
          </li>
          <li>
            <strong>Legitimate interests</strong>: to answer enquiries, keep records of calls and of what was agreed, handle complaints,
            improve our service and keep our website secure. We only rely on this where it doesn't override your own interests and rights.
          </li>
          <li>
            <strong>Consent</strong>: to send you our newsletter. You can withdraw your consent at any time.
          </li>
        </ul>
      </section>

      <section aria-labelledby="share-heading">
        <h2 id="share-heading">Who we share it with</h2>
        <ul>
          <li>lenders, when you ask us to apply for finance for you</li>
          <li>
            companies that provide services to us, such as our website hosting and the system that passes finance applications and valuation
            requests to our team, who may only use your information on our instructions
          </li>
          <li>the DVLA, warranty providers and manufacturers, when you buy a vehicle</li>
          <li>the police, HMRC, regulators and others, where the law requires us to</li>
        </ul>
        <p>We never sell your personal information, and we don't share it with anyone for their own marketing.</p>
        <p>
          If a service provider handles your information outside the UK, we make sure it is protected as UK law requires, for example by a
          country having UK adequacy regulations or by approved contract terms.
        </p>
      </section>

      <section aria-labelledby="keep-heading">
        <h2 id="keep-heading">How long we keep it</h2>
        <p>
          We keep information only as long as we need it. This website deletes finance applications and part-exchange requests
          automatically, normally 90 days after they arrive, and feedback after a year. We stop sending the newsletter as soon as you
          unsubscribe, and delete sign-ups at the latest two years after they were made. Records of sales and finance we arrange are kept
          for as long as tax law and financial regulation require, usually six years.
        </p>
      </section>

      <section aria-labelledby="rights-heading">
        <h2 id="rights-heading">Your rights</h2>
        <p>You have the right to:</p>
        <ul>
          <li>ask for a copy of the personal information we hold about you</li>
          <li>have information that is wrong or incomplete corrected</li>
          <li>have your information deleted, where we no longer have a reason to keep it</li>
          <li>ask us to limit how we use your information, or object to our using it</li>
          <li>receive information you gave us in a format you can pass to someone else</li>
          <li>withdraw your consent, where we rely on it, at any time</li>
          <li>
            ask for a person to review a decision made solely by automated means. We don't make such decisions, but lenders may use
            automated credit scoring; ask the lender if you would like its decision reviewed.
          </li>
        </ul>
        <h3>Asking for a copy of your information</h3>
        <p>
          Getting a copy of your information is normally free. We'll reply within one month, or tell you within that month if we need up to
          two more months because your request is complex. We may charge a reasonable fee, or refuse, only if a request is clearly unfounded
          or excessive, for example a repeat of one we've just answered, or if you ask for further copies.
        </p>
        <p>
          To make a request or use any of your rights, <Link to="/contact">contact us</Link>. We may ask you to prove your identity first,
          to protect your information.
        </p>
      </section>

      <section aria-labelledby="complain-heading">
        <h2 id="complain-heading">Complaints</h2>
        <p>
          If you are unhappy with how we have handled your information, please tell us first so that we can try to put it right. You also
          have the right to complain to the Information Commissioner's Office, the UK's data protection regulator, at{" "}
          <a href="https://ico.org.uk/">ico.org.uk</a> or on 0303 123 1113.
        </p>
      </section>

      <section aria-labelledby="changes-heading">
        <h2 id="changes-heading">Changes to this policy</h2>
        <p>We'll update this page whenever we change how we use personal information.</p>
      </section>
    </article>
  );
}
