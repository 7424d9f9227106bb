import { Link } from "react-router";
import { PhoneLink } from "../../components/PhoneLink";
import { useDealer } from "../../components/use-dealer";
import type { Route } from "./+types/chat";
import { describePage } from "../../seo/page-meta";

export const meta: Route.MetaFunction = () =>
  describePage("Chat with us", "Message, call or e-mail our team now about a vehicle, finance or a part exchange.");

export default function Chat() {
  const dealer = useDealer();
  const hours = dealer.openingHours.map(({ days, hours }) => `${days}, ${hours}`).join("; ");
  return (
    <article className="page content-page">
      <h1>Chat with us</h1>
      <p className="lede">
        Ask about a vehicle, finance or your part exchange. We're open {hours}, and we usually reply {dealer.replyTime}.
      </p>

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

      <section aria-labelledby="when-heading">
        <h2 id="when-heading">When we'll answer</h2>
        <p>
          Our team is available {hours}. Messages that arrive outside those hours are answered when we're next open, and we usually reply{" "}
          {dealer.replyTime}.
        </p>
        <p>
          Our address, answers to common questions and guides for buying and selling are on our <Link to="/contact">contact page</Link>.
        </p>
      </section>
    </article>
  );
}
