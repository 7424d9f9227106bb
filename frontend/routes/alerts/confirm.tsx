import { data, Form, Link, useNavigation } from "react-router";
import { alertsContext } from "../../../backend/http/request-context";
import { savedSearchPath } from "../../../domain/search-alerts";
import { ErrorPage } from "../../components/ErrorPage";
import { NOT_INDEXED } from "../../seo/page-meta";
import type { Route } from "./+types/confirm";
import { privatePageHeaders } from "./private-page";
import { LinkNotWorking } from "./LinkNotWorking";

/**
 * /alerts/confirm?t=…: the link in the confirmation e-mail. The page asks for one press of
 * a button before the alert starts, so a mail scanner that opens every link starts nothing;
 * the press (a plain form post to the same address) starts it, and the page then links to
 * every alert of the address.
 */
export function meta() {
  return [{ title: "Confirm your alert" }, NOT_INDEXED];
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const search = await context.get(alertsContext).toConfirm(url.searchParams.get("t"));
  if (!search) throw data("This link doesn't work", { status: 404 });
  return search;
}

export async function action({ url, context }: Route.ActionArgs) {
  const started = await context.get(alertsContext).confirm(url.searchParams.get("t"));
  if (!started) throw data("This link doesn't work", { status: 404 });
  return started;
}

export const headers = privatePageHeaders;

export default function ConfirmAlert({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  if (actionData) {
    return (
      <section className="page message-page">
        <h1>Your alert is on</h1>
        <p className="notice notice--done" role="status">
          We'll e-mail you {actionData.frequency === "daily" ? "once a day" : "as soon as we have something"} for: {actionData.description}.
        </p>
        <p>
          <Link to={`/alerts/manage?t=${actionData.manage}`}>Pause, change or delete your alerts</Link>
        </p>
        <p>
          <Link to={savedSearchPath(actionData)}>See what matches now</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="page message-page">
      <h1>Confirm your alert</h1>
      <p className="lede">{loaderData.description}</p>
      {loaderData.status === "unconfirmed" ? (
        <p>Press the button to start it. You can pause or delete it any time from the link in every e-mail.</p>
      ) : (
        <p>This alert is already on: press the button for the link to manage your alerts.</p>
      )}
      <Form method="post">
        <button type="submit" className="button" disabled={busy}>
          Yes, send me these alerts
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LinkNotWorking error={error} fallback={<ErrorPage error={error} />} />;
}
