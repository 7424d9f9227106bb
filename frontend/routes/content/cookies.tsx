import { Link } from "react-router";
import type { Route } from "./+types/cookies";
import { describePage } from "../../seo/page-meta";

export const meta: Route.MetaFunction = () =>
  describePage(
    "Cookie policy",
    "This website sets no cookies and uses no tracking, analytics or advertising tools. Here is what it does keep in your browser.",
  );

export default function Cookies() {
  return (
    <article className="page content-page">
      <h1>Cookie policy</h1>
      <p className="lede">
        This website sets no cookies, and uses no analytics, tracking or advertising tools. That's why we don't ask you to accept cookies
        when you arrive.
      </p>

      <section aria-labelledby="what-heading">
        <h2 id="what-heading">What cookies are</h2>
        <p>
          Cookies are small files that a website saves in your browser, so that it can recognise your browser when you come back. They are
          often used to follow what people do online and to target advertising. Similar technologies, such as tracking pixels and browser
          storage, can do the same.
        </p>
      </section>

      <section aria-labelledby="ours-heading">
        <h2 id="ours-heading">What this website keeps in your browser</h2>
        <p>
          No cookies. While you browse, the site keeps two small notes in your browser's session storage: how far down each page you had
          scrolled, so that the Back button returns you to the same place, and which version of the site you loaded, so that pages still
          work after we update it. They never leave your device, identify nobody, and are deleted when you close the tab.
        </p>
        <p>
          Your browser may also keep copies of our pages and pictures so that they load faster next time. That is your browser's own cache,
          and nothing in it is used to track you.
        </p>
      </section>

      <section aria-labelledby="others-heading">
        <h2 id="others-heading">Other websites</h2>
        <p>
          If you follow a link from our site to another one, such as our messaging service, our social media pages or a regulator's website,
          that site may set its own cookies. Its own cookie policy explains them.
        </p>
      </section>

      <section aria-labelledby="control-heading">
        <h2 id="control-heading">Controlling cookies</h2>
        <p>
          Every browser lets you see and delete cookies and site data, and block them, in its settings. Blocking them makes no difference to
          this website.
        </p>
      </section>

      <section aria-labelledby="changes-heading">
        <h2 id="changes-heading">If this changes</h2>
        <p>
          Before we add any cookie or similar technology to this website, we'll update this page to describe it and, where the law requires,
          ask for your agreement first and let you change your mind later.
        </p>
        <p>
          Questions about cookies or your privacy? Read our <Link to="/privacy">privacy policy</Link> or{" "}
          <Link to="/contact">contact us</Link>.
        </p>
      </section>
    </article>
  );
}
