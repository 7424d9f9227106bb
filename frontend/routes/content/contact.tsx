import { Link } from "react-router";
import { Faq, type FaqItem } from "../../components/Faq";
import { PhoneLink } from "../../components/PhoneLink";
import { OpeningHoursList } from "../../components/OpeningHoursList";
import { useDealer } from "../../components/use-dealer";
import type { Route } from "./+types/contact";
import { describePage } from "../../seo/page-meta";

export const meta: Route.MetaFunction = () =>
  describePage(
    "Contact us",
    "Call, e-mail or message us about a car, van or truck, finance or a part exchange. Our opening hours and address.",
  );

export default function Contact() {
  const dealer = useDealer();
  const faq: FaqItem[] = [
    {
      question: "How soon will you reply?",
      answer: <p>We usually reply {dealer.replyTime}. If it's urgent, please call us while we're open.</p>,
    },
    {
      question: "Can I see a vehicle or take a test drive?",
      answer: (
        <p>
          Yes. Get in touch first so that we can have the vehicle ready for you, and bring your driving licence if you would like to drive
          it.
        </p>
      ),
    },
    {
      question: "Will you take my vehicle in part exchange?",
      answer: (
        <p>
          Very likely. Tell us about it on our <Link to="/part-exchange">part-exchange page</Link> and we'll send you a valuation.
        </p>
      ),
    },
    {
      question: "Can you arrange finance?",
      answer: (
        <p>
          Yes. We are a credit broker, not a lender, and introduce you to lenders who decide. Finance is subject to status and available to
          UK residents aged 18 and over. <Link to="/finance-info">How our finance works</Link>.
        </p>
      ),
    },
    {
      question: "How do I make a complaint?",
      answer: (
        <p>
          Contact us in any of the ways on this page. Our <Link to="/complaints">complaints procedure</Link> explains what happens next and
          how long it takes.
        </p>
      ),
    },
  ];

  return (
    <article className="page content-page">
      <h1>Contact us</h1>
      <p className="lede">Call, e-mail or message us about a vehicle, finance or a part exchange. We usually reply {dealer.replyTime}.</p>

      <section aria-labelledby="talk-heading">
        <h2 id="talk-heading">Talk to us</h2>
        <ul className="content-cards">
          <li className="content-card">
            <h3>Call us</h3>
            <p>
              <PhoneLink className="content-card__action" />
            </p>
            <p>The quickest way to reach us while we're open.</p>
          </li>
          <li className="content-card">
            <h3>E-mail us</h3>
            <p>
              <a className="content-card__action" href={`mailto:${dealer.email}`}>
                {dealer.email}
              </a>
            </p>
            <p>Best for questions that need a detailed answer, or documents.</p>
          </li>
          <li className="content-card">
            <h3>Message us</h3>
            <p>
              <a className="content-card__action" href={dealer.messagingUrl}>
                Send us a message
              </a>
            </p>
            <p>Chat from your phone and send us photos of your part exchange.</p>
          </li>
        </ul>
      </section>

      <section aria-labelledby="hours-heading">
        <h2 id="hours-heading">Opening hours</h2>
        <OpeningHoursList hours={dealer.openingHours} />
        <p>Messages and e-mails that arrive outside these hours are answered when we're next open. We usually reply {dealer.replyTime}.</p>
      </section>

      <section aria-labelledby="address-heading">
        <h2 id="address-heading">Our address</h2>
        <address>
          {[dealer.legalName, ...dealer.address.lines, dealer.address.town, dealer.address.postcode].map((line) => (
            <span key={line} className="address-line">
              {line}
            </span>
          ))}
        </address>
      </section>

      <section aria-labelledby="guides-heading">
        <h2 id="guides-heading">Buying or selling?</h2>
        <ul className="content-cards">
          <li className="content-card">
            <h3>Buying guides</h3>
            <p>What to check on a used car, van or truck, and how leasing compares with buying.</p>
            <p>
              <Link className="content-card__action" to="/articles">
                Read our buying guides
              </Link>
            </p>
          </li>
          <li className="content-card">
            <h3>Selling your vehicle</h3>
            <p>Sell your vehicle to us or part-exchange it against your next one.</p>
            <p>
              <Link className="content-card__action" to="/part-exchange">
                Get a valuation
              </Link>
            </p>
          </li>
        </ul>
      </section>

      <section aria-labelledby="faq-heading">
        <h2 id="faq-heading">Questions people ask</h2>
        <Faq items={faq} name="contact-faq" />
      </section>
    </article>
  );
}
