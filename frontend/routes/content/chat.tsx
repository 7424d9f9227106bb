import { ContentHtml } from "../../components/ContentHtml";
import { PageFaq } from "../../components/PageFaq";
import { PhoneLink } from "../../components/PhoneLink";
import { useDealer } from "../../components/use-dealer";
import type { Route } from "./+types/chat";
import { describeEditedPage } from "../../seo/page-meta";
import { pageWordsLoader } from "./page-words.server";

/** The dealer's words around the ways to reach them now, filled in from the published details. */
export const loader = pageWordsLoader("chat");

export const meta = describeEditedPage;

export default function Chat({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const dealer = useDealer();
  return (
    <article className="page content-page">
      <h1>{page.heading}</h1>
      {page.lede && <p className="lede">{page.lede}</p>}

      <section aria-labelledby="ways-heading">
        <h2 id="ways-heading">Ways to reach us now</h2>
        <ul className="content-cards">
          <li className="content-card">
            <h3>Send a message</h3>
            <p>Message us from your phone: handy for sending photos of your part exchange.</p>
            <p>
              <a className="button" href={dealer.messagingUrl}>
                Message us
              </a>
            </p>
          </li>
          <li className="content-card">
            <h3>Call</h3>
            <p>The quickest answer while we're open.</p>
            <p>
              <PhoneLink className="content-card__action">Call {dealer.phone}</PhoneLink>
            </p>
          </li>
          <li className="content-card">
            <h3>E-mail</h3>
            <p>For longer questions, or to send us documents.</p>
            <p>
              <a className="content-card__action" href={`mailto:${dealer.email}`}>
                {dealer.email}
              </a>
            </p>
          </li>
        </ul>
      </section>

      <ContentHtml html={page.html} />
      <PageFaq faq={page.faq} name="chat-faq" />
    </article>
  );
}
