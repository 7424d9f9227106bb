import { ContentHtml } from "../../components/ContentHtml";
import { PageFaq } from "../../components/PageFaq";
import { PhoneLink } from "../../components/PhoneLink";
import { OpeningHoursList } from "../../components/OpeningHoursList";
import { useDealer } from "../../components/use-dealer";
import type { Route } from "./+types/contact";
import { describeEditedPage } from "../../seo/page-meta";
import { pageWordsLoader } from "./page-words.server";

/**
 * The contact page: the dealer's words (heading, opening words, body, questions) around what
 * the site fills in from the published details: the ways to reach them, the hours and the
 * address, so a new phone number or Saturday's hours show here as soon as they are published.
 */
export const loader = pageWordsLoader("contact");

export const meta = describeEditedPage;

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const dealer = useDealer();
  return (
    <article className="page content-page">
      <h1>{page.heading}</h1>
      {page.lede && <p className="lede">{page.lede}</p>}

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

      <ContentHtml html={page.html} />
      <PageFaq faq={page.faq} name="contact-faq" />
    </article>
  );
}
