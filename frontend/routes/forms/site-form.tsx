import type { ReactNode } from "react";
import { Link } from "react-router";
import { sitePathSchema } from "../../../domain/enquiries";
import { SITE_PAGE_LEAD_KINDS, sitePageFormOf, sitePageOf, type SiteFormLeadKind } from "../../../domain/lead-kinds";
import { NewsletterBox } from "../../components/forms/NewsletterBox";
import { SiteLeadForm } from "../../components/forms/SiteLeadForm";
import type { LeadPostOutcome } from "../../components/forms/form-parts";
import { postLead } from "../../components/forms/post-lead.server";
import { ErrorPage } from "../../components/ErrorPage";
import type { Route } from "./+types/site-form";
import { describePage, NOT_INDEXED } from "../../seo/page-meta";
import { retryAfterHeaders } from "../../retry-after-headers";

/**
 * /feedback and /newsletter (and the page of any kind in domain/lead-kinds.ts whose form is
 * made from the table): the form on a page of its own, where the footer's feedback button
 * leads without JavaScript, and the action every copy of the form on the site posts to, in
 * place with JavaScript or as a plain form without. Its words come from the table; the ledes
 * below, which link to other pages, and the newsletter's own box are all that is its own.
 */
function kindOfPath(pathname: string): SiteFormLeadKind {
  const kind = SITE_PAGE_LEAD_KINDS.find((candidate) => sitePageOf(candidate).path === pathname && sitePageOf(candidate).form);
  if (!kind) throw new Error(`${pathname} is not a form's page`);
  return kind as SiteFormLeadKind;
}

const LEDES: Partial<Record<SiteFormLeadKind, ReactNode>> = {
  feedback: (
    <>
      Tell us what works on our website and what doesn't. For a question about a vehicle or finance, please{" "}
      <Link to="/contact">contact us</Link> instead, so the right person answers.
    </>
  ),
  newsletter: (
    <>
      Our offers, new arrivals and finance deals by email. We never share your address, and every email has a link to unsubscribe. Read how
      we look after your details in our <Link to="/privacy">privacy policy</Link>.
    </>
  ),
};

export function meta({ data: page, location }: Route.MetaArgs) {
  const form = sitePageFormOf(page?.kind ?? kindOfPath(location.pathname));
  if (page?.sent) return [{ title: form.doneTitle }, NOT_INDEXED];
  return describePage(form.title, form.description);
}

export function loader({ url }: Route.LoaderArgs) {
  const kind = kindOfPath(url.pathname);
  return {
    kind,
    sent: url.searchParams.has(sitePageFormOf(kind).sentParam),
    // The page the visitor was on when they chose the form.
    from: sitePathSchema.safeParse(url.searchParams.get("from")).data,
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const kind = kindOfPath(url.pathname);
  const { path, form } = { path: sitePageOf(kind).path, form: sitePageFormOf(kind) };
  return postLead({
    kind,
    request,
    context,
    confirmation: (_stored, values) => {
      const from = sitePathSchema.safeParse(values[form.fromField]).data;
      return `${path}?${form.sentParam}${from && from !== path ? `&from=${encodeURIComponent(from)}` : ""}`;
    },
  });
}

/** A failure to reach the server is shown in the form, not as an error page in place of the page it sits on. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<LeadPostOutcome> {
  try {
    return await serverAction();
  } catch {
    return { ok: false, failed: true };
  }
}

export default function SiteFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, sent, from } = loaderData;
  const form = sitePageFormOf(kind);
  const path = sitePageOf(kind).path;
  if (sent) {
    return (
      <section className="page message-page forms-page">
        <h1>{form.doneHeading}</h1>
        <p className="notice notice--done forms-page__done" role="status">
          {form.thanks}
        </p>
        <p>
          <Link to={from ?? "/"}>{from ? "Back to the page you were on" : "Back to the home page"}</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="page forms-page">
      <h1>{form.title}</h1>
      {(LEDES[kind] ?? form.lede) && <p className="lede">{LEDES[kind] ?? form.lede}</p>}
      {kind === "newsletter" ? (
        <NewsletterBox heading="Sign up by email" initial={actionData} />
      ) : (
        <SiteLeadForm kind={kind} page={from ?? path} initial={actionData} />
      )}
    </section>
  );
}

/** Its own boundary, so a form that cannot be used still gets the site's header and footer. */
export const headers = retryAfterHeaders;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
