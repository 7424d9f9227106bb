import { data, Link, redirect } from "react-router";
import { sitePathSchema } from "../../../domain/enquiries";
import { NEWSLETTER_SIGNED_UP, NewsletterBox } from "../../components/forms/NewsletterBox";
import { formValues, IN_PLACE_FIELD, postedForm, type FormOutcome } from "../../components/forms/form-parts";
import { leadsContext } from "../../../backend/http/request-context";
import { ErrorPage } from "../../components/ErrorPage";
import type { Route } from "./+types/newsletter";
import { describePage, NOT_INDEXED } from "../../seo/page-meta";
import { answersOutages } from "../../engine-outage.server";
import { retryAfterHeaders } from "../../retry-after-headers";

/**
 * /newsletter: the sign-up on a page of its own, and the action every newsletter box on the
 * site posts to, in place with JavaScript or as a plain form without.
 */
export function meta({ data: page }: Route.MetaArgs) {
  if (page?.signedUp) return [{ title: "You're signed up to our newsletter" }, NOT_INDEXED];
  return describePage("Sign up to our newsletter", "Get our offers and the latest cars, vans and trucks in stock by email. Unsubscribe at any time.");
}

export function loader({ url }: Route.LoaderArgs) {
  return {
    signedUp: url.searchParams.has("signed-up"),
    // Where to go back to after signing up from a box on another page.
    from: sitePathSchema.safeParse(url.searchParams.get("from")).data,
  };
}

export const action = answersOutages(act);

async function act({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const values = formValues(form);
  const result = await context.get(leadsContext).submit("newsletter", values);
  if (!result.ok) return data<FormOutcome>({ ok: false, values, errors: result.errors }, { status: 400 });
  if (form.has(IN_PLACE_FIELD)) return data<FormOutcome>({ ok: true });
  const from = sitePathSchema.safeParse(values.source).data;
  return redirect(`/newsletter?signed-up${from && from !== "/newsletter" ? `&from=${encodeURIComponent(from)}` : ""}`);
}

/** A failure to reach the server is shown in the box, not as an error page in place of the page it sits on. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<FormOutcome> {
  try {
    return await serverAction();
  } catch {
    return { ok: false, failed: true };
  }
}

export default function NewsletterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { signedUp, from } = loaderData;
  if (signedUp) {
    return (
      <section className="page message-page forms-page">
        <h1>You're signed up</h1>
        <p className="notice notice--done forms-page__done" role="status">
          {NEWSLETTER_SIGNED_UP}
        </p>
        <p>
          <Link to={from ?? "/"}>{from ? "Back to the page you were on" : "Back to the home page"}</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="page forms-page">
      <h1>Sign up to our newsletter</h1>
      <p className="lede">
        Our offers, new arrivals and finance deals by email. We never share your address, and every email has a link to
        unsubscribe. Read how we look after your details in our <Link to="/privacy">privacy policy</Link>.
      </p>
      <NewsletterBox heading="Sign up by email" initial={actionData} />
    </section>
  );
}

/** Its own boundary, so a form that cannot be used still gets the site's header and footer. */
export const headers = retryAfterHeaders;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
