import { Link } from "react-router";
import { useDealer } from "../../components/use-dealer";
import type { Route } from "./+types/reviews";
import { describePage } from "../../seo/page-meta";

export const meta: Route.MetaFunction = () =>
  describePage(
    "Reviews",
    "Where to read independent reviews of our dealership, how to leave one, and where to find our guides to vehicles.",
  );

/** "facebook" reads as "Facebook". */
const capitalise = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

export default function Reviews() {
  const dealer = useDealer();
  const social = Object.entries(dealer.social);
  return (
    <article className="page content-page">
      <h1>Reviews</h1>
      <p className="lede">
        The best guide to what we're like is what our customers say where we can't edit it. So rather than publish reviews we've picked
        ourselves, we point you to where you can read them.
      </p>

      <section aria-labelledby="read-heading">
        <h2 id="read-heading">Read independent reviews</h2>
        <p>
          Search for "{dealer.name}" on independent review websites and on map services, where any customer can post a review and the
          business can't change or remove it. The most recent reviews tell you most about how we work today.
        </p>
        {social.length > 0 && (
          <>
            <p>Customers also comment on our social media pages:</p>
            <ul>
              {social.map(([name, url]) => (
                <li key={name}>
                  <a href={url}>
                    {dealer.name} on {capitalise(name)}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="leave-heading">
        <h2 id="leave-heading">Leave a review</h2>
        <p>
          Bought from us? We'd be grateful if you wrote an honest review on an independent review site, good or bad. We never pay for
          reviews or offer anything in return for a good one.
        </p>
        <p>
          To tell us directly what we did well or could do better, <Link to="/feedback">send us your feedback</Link>. If something has gone
          wrong, please <Link to="/contact">contact us</Link> so that we can put it right, or read our{" "}
          <Link to="/complaints">complaints procedure</Link>.
        </p>
      </section>

      <section aria-labelledby="models-heading">
        <h2 id="models-heading">Reviews of vehicles</h2>
        <p>
          Choosing between models? Our <Link to="/articles">buying guides</Link> explain what to look for in a used car, how to choose a van
          and what to check on a used truck. Our team is also happy to talk you through the vehicles we have in stock.
        </p>
      </section>
    </article>
  );
}
