import { data, Link, redirect } from "react-router";
import { sitePathSchema } from "../../../domain/enquiries";
import { FEEDBACK_THANKS, FeedbackForm } from "../../components/forms/FeedbackButton";
import { formValues, IN_PLACE_FIELD, postedForm, type FormOutcome } from "../../components/forms/form-parts";
import { leadsContext } from "../../../backend/http/request-context";
import { ErrorPage } from "../../components/ErrorPage";
import type { Route } from "./+types/feedback";
import { describePage, NOT_INDEXED } from "../../seo/page-meta";
import { answersOutages } from "../../engine-outage.server";
import { retryAfterHeaders } from "../../retry-after-headers";

/**
 * /feedback: the feedback form on a page of its own (where the footer's button leads without
 * JavaScript), and the action the footer's dialog posts to.
 */
export function meta({ data: page }: Route.MetaArgs) {
  if (page?.sent) return [{ title: "Thank you for your feedback" }, NOT_INDEXED];
  return describePage("Send us feedback", "Tell us what works on our website and what doesn't: we read every message.");
}

export function loader({ url }: Route.LoaderArgs) {
  return {
    sent: url.searchParams.has("sent"),
    // The page the visitor was on when they chose to send feedback.
    from: sitePathSchema.safeParse(url.searchParams.get("from")).data,
  };
}

export const action = answersOutages(act);

async function act({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const values = formValues(form);
  const result = await context.get(leadsContext).submit("feedback", values);
  if (!result.ok) return data<FormOutcome>({ ok: false, values, errors: result.errors }, { status: 400 });
  if (form.has(IN_PLACE_FIELD)) return data<FormOutcome>({ ok: true });
  const from = sitePathSchema.safeParse(values.page).data;
  return redirect(`/feedback?sent${from && from !== "/feedback" ? `&from=${encodeURIComponent(from)}` : ""}`);
}

/** A failure to reach the server is shown in the form, not as an error page in place of the page it sits on. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<FormOutcome> {
  try {
    return await serverAction();
  } catch {
    return { ok: false, failed: true };
  }
}

export default function FeedbackPage({ loaderData, actionData }: Route.ComponentProps) {
  const { sent, from } = loaderData;
  if (sent) {
    return (
      <section className="page message-page forms-page">
        <h1>Thank you</h1>
        <p className="notice notice--done forms-page__done" role="status">
          {FEEDBACK_THANKS}
        </p>
        <p>
          <Link to={from ?? "/"}>{from ? "Back to the page you were on" : "Back to the home page"}</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="page forms-page">
      <h1>Send us feedback</h1>
      <p className="lede">
        Tell us what works on our website and what doesn't. For a question about a vehicle or finance, please{" "}
        <Link to="/contact">contact us</Link> instead, so the right person answers.
      </p>
      <FeedbackForm page={from ?? "/feedback"} initial={actionData} />
    </section>
  );
}

/** Its own boundary, so a form that cannot be used still gets the site's header and footer. */
export const headers = retryAfterHeaders;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
