import { data, Form, Link, useNavigation } from "react-router";
import { alertsContext } from "../../../backend/http/request-context";
import { ALERT_FREQUENCIES, ALERT_FREQUENCY_NAMES, savedSearchPath, type AlertFrequency } from "../../../domain/search-alerts";
import { ErrorPage } from "../../components/ErrorPage";
import { postedForm } from "../../components/forms/form-parts";
import { NOT_INDEXED } from "../../seo/page-meta";
import type { Route } from "./+types/manage";
import { LinkNotWorking } from "./LinkNotWorking";
import { privatePageHeaders } from "./private-page";

/**
 * /alerts/manage?t=…: every alert of the address the link was signed for, no password
 * needed; each can be paused or resumed, sent as they come or once a day, or deleted, and
 * all of them deleted at once. Every change is a plain form post, so it works without JavaScript.
 */
export function meta() {
  return [{ title: "Your alerts" }, NOT_INDEXED];
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const list = await context.get(alertsContext).list(url.searchParams.get("t"));
  if (!list) throw data("This link doesn't work", { status: 404 });
  return list;
}

const INTENTS = ["pause", "resume", "frequency", "delete", "delete-all"] as const;
type Intent = (typeof INTENTS)[number];

export async function action({ request, url, context }: Route.ActionArgs) {
  const alerts = context.get(alertsContext);
  const token = url.searchParams.get("t");
  const form = await postedForm(request);
  const intent = form.get("intent") as Intent;
  const searchId = String(form.get("search") ?? "");
  const frequency = String(form.get("frequency") ?? "") as AlertFrequency;
  if (!INTENTS.includes(intent))
    return data({ done: undefined, problem: "That form could not be read. Please try again." }, { status: 400 });
  if (intent === "frequency" && !ALERT_FREQUENCY_NAMES.includes(frequency)) {
    return data({ done: undefined, problem: "Choose how often to hear from us." }, { status: 400 });
  }
  let changed: boolean;
  if (intent === "delete-all") changed = (await alerts.remove(token, "all")) > 0;
  else if (intent === "delete") changed = (await alerts.remove(token, searchId)) > 0;
  else
    changed = await alerts.change(
      token,
      searchId,
      intent === "frequency" ? { frequency } : { status: intent === "pause" ? "paused" : "active" },
    );
  if (!changed) return data({ done: undefined, problem: "That alert has gone: it may have been deleted already." }, { status: 404 });
  return { done: DONE[intent], problem: undefined };
}

const DONE: Record<Intent, string> = {
  pause: "Paused: nothing is sent for it until you resume it.",
  resume: "Resumed.",
  frequency: "Changed.",
  delete: "Deleted.",
  "delete-all": "Every alert is deleted: we'll send you nothing more.",
};

export const headers = privatePageHeaders;

export default function ManageAlerts({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { searches } = loaderData;
  return (
    <section className="page alerts-page">
      <h1>Your alerts</h1>
      {actionData?.done && (
        <p className="notice notice--done" role="status">
          {actionData.done}
        </p>
      )}
      {actionData?.problem && (
        <p className="notice" role="alert">
          {actionData.problem}
        </p>
      )}
      {searches.length === 0 ? (
        <p className="lede">
          You have no alerts. To set one up, choose <strong>Save this search</strong> on any <Link to="/car-search">search page</Link>.
        </p>
      ) : (
        <>
          <ul className="alert-list" aria-label="Your alerts">
            {searches.map((search) => (
              <li key={search.id} className="alert-list__item">
                <p className="alert-list__what">
                  <Link to={search.vehicleId ? `/vehicles/${encodeURIComponent(search.vehicleId)}` : savedSearchPath(search)}>
                    {search.description}
                  </Link>
                </p>
                <p className="alert-list__how">
                  {search.status === "unconfirmed"
                    ? "Waiting for you to follow the link in the e-mail we sent."
                    : `${search.status === "paused" ? "Paused. " : ""}${search.vehicleId ? "If its price drops, or when it sells" : ALERT_FREQUENCIES[search.frequency]}.`}
                </p>
                <div className="alert-list__actions">
                  {search.status !== "unconfirmed" && (
                    <Form method="post">
                      <input type="hidden" name="search" value={search.id} />
                      <button
                        type="submit"
                        name="intent"
                        value={search.status === "paused" ? "resume" : "pause"}
                        className="button"
                        disabled={busy}
                      >
                        {search.status === "paused" ? "Resume" : "Pause"}
                        <span className="visually-hidden"> {search.description}</span>
                      </button>
                    </Form>
                  )}
                  {!search.vehicleId && search.status !== "unconfirmed" && (
                    <Form method="post">
                      <input type="hidden" name="search" value={search.id} />
                      <div className="application-field">
                        <label htmlFor={`frequency-${search.id}`}>How often</label>
                        <select id={`frequency-${search.id}`} name="frequency" defaultValue={search.frequency}>
                          {ALERT_FREQUENCY_NAMES.map((name) => (
                            <option key={name} value={name}>
                              {ALERT_FREQUENCIES[name]}
                            </option>
                          ))}
                        </select>
                      </div>
                      <button type="submit" name="intent" value="frequency" className="button" disabled={busy}>
                        Change<span className="visually-hidden"> how often for {search.description}</span>
                      </button>
                    </Form>
                  )}
                  <Form method="post">
                    <input type="hidden" name="search" value={search.id} />
                    <button type="submit" name="intent" value="delete" className="button button--danger" disabled={busy}>
                      Delete<span className="visually-hidden"> {search.description}</span>
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
          <Form method="post">
            <button type="submit" name="intent" value="delete-all" className="button button--danger" disabled={busy}>
              Delete all my alerts
            </button>
          </Form>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LinkNotWorking error={error} fallback={<ErrorPage error={error} />} />;
}
