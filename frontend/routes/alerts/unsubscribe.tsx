import { data, Form, Link, useNavigation } from "react-router";
import { alertsContext } from "../../../backend/http/request-context";
import { ErrorPage } from "../../components/ErrorPage";
import { NOT_INDEXED } from "../../seo/page-meta";
import type { Route } from "./+types/unsubscribe";
import { LinkNotWorking } from "./LinkNotWorking";
import { privatePageHeaders } from "./private-page";

/**
 * /alerts/unsubscribe?t=…: the List-Unsubscribe address of every alert. A mail program's
 * own unsubscribe button POSTs here (RFC 8058, "List-Unsubscribe=One-Click"), which ends the
 * alerts that e-mail was about at once; the link in the e-mail opens this page, whose one
 * button does the same, so that a mail scanner opening the link unsubscribes no one.
 */
export function meta() {
  return [{ title: "Unsubscribe" }, NOT_INDEXED];
}

export function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("t");
  if (!token) throw data("This link doesn't work", { status: 404 });
  return { token };
}

export async function action({ url, context }: Route.ActionArgs) {
  const ended = await context.get(alertsContext).unsubscribe(url.searchParams.get("t"));
  if (!ended) throw data("This link doesn't work", { status: 404 });
  return ended;
}

export const headers = privatePageHeaders;

export default function Unsubscribe({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  if (actionData) {
    return (
      <section className="page message-page">
        <h1>You're unsubscribed</h1>
        <p className="notice notice--done" role="status">
          {actionData.removed > 0 ? "We won't send you these alerts again, and have deleted them." : "These alerts had already ended."}
        </p>
        {actionData.manage && (
          <p>
            <Link to={`/alerts/manage?t=${actionData.manage}`}>See any other alerts you have</Link>
          </p>
        )}
      </section>
    );
  }
  return (
    <section className="page message-page">
      <h1>Unsubscribe</h1>
      <p className="lede">Stop the alerts in the e-mail you came from, and delete them.</p>
      <Form method="post">
        <button type="submit" className="button" disabled={busy}>
          Unsubscribe
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LinkNotWorking error={error} fallback={<ErrorPage error={error} />} />;
}
