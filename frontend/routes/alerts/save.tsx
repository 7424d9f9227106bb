import { data, Link, redirect } from "react-router";
import { alertsContext, requestLogContext } from "../../../backend/http/request-context";
import { savedSearchPath } from "../../../domain/search-alerts";
import { VEHICLE_TYPES } from "../../../domain/vehicle-types";
import { AlertForm } from "../../components/alerts/AlertForm";
import type { AlertSaveOutcome } from "../../components/alerts/alert-outcome";
import { ErrorPage } from "../../components/ErrorPage";
import { formValues, IN_PLACE_FIELD, postedForm } from "../../components/forms/form-parts";
import { NOT_INDEXED } from "../../seo/page-meta";
import type { Route } from "./+types/save";
import { privatePageHeaders } from "./private-page";

/**
 * /alerts: where every save-search form posts (the search pages' "Save this search", the
 * vehicle page's "Tell me if the price drops"), in place with JavaScript or as a plain form
 * without; the form's own page, where those pages' buttons lead without JavaScript; and the
 * page a plain form lands on, saying to check the e-mail, or showing the form again with
 * what to fix.
 */
export function meta({ data: page }: Route.MetaArgs) {
  return [
    { title: page?.saved ? "Check your e-mail" : page?.wanted?.vehicleId ? "Tell me if the price drops" : "Save this search" },
    NOT_INDEXED,
  ];
}

/** The page a plain form lands on (`saved`), or the form's own page for a search (`type`, `query`) or a vehicle (`vehicle`). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const params = url.searchParams;
  const saved = params.get("saved");
  if (saved === "sent" || saved === "held") return { saved, wanted: undefined };
  const vehicleId = params.get("vehicle");
  const alerts = context.get(alertsContext);
  const wanted = vehicleId
    ? await alerts.describe({ vehicleId })
    : params.has("type")
      ? await alerts.describe({ type: params.get("type"), query: params.get("query") })
      : undefined;
  return { saved: undefined, wanted: wanted && { ...wanted, ...(vehicleId ? { vehicleId } : {}) } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const values = formValues(form);
  let outcome;
  try {
    outcome = await context.get(alertsContext).save(values);
  } catch (error) {
    context.get(requestLogContext).error({ err: error }, "A search could not be saved");
    return data<AlertSaveOutcome>({ ok: false, failed: true, values }, { status: 503, headers: { "Retry-After": "30" } });
  }
  if (!outcome.ok)
    return data<AlertSaveOutcome>({ ok: false, values, errors: outcome.errors }, { status: outcome.unavailable ? 503 : 400 });
  const saved: AlertSaveOutcome = {
    ok: true,
    description: outcome.search.description,
    watch: outcome.search.vehicleId !== undefined,
    confirmationSent: outcome.confirmationSent,
  };
  if (form.has(IN_PLACE_FIELD)) return data(saved);
  // A plain form lands on a page of its own, so refreshing it sends nothing again.
  return redirect(`/alerts?saved=${outcome.confirmationSent ? "sent" : "held"}`);
}

export const headers = privatePageHeaders;

export default function SaveAlertPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.saved) {
    return (
      <section className="page message-page">
        <h1>{loaderData.saved === "sent" ? "Check your e-mail" : "Please try again tomorrow"}</h1>
        <p className="notice notice--done" role="status">
          {loaderData.saved === "sent"
            ? "We've sent you a link to confirm your alert. Nothing else is sent until you follow it."
            : "We can't send another e-mail to that address today. Please try again tomorrow."}
        </p>
        <p>
          <Link to="/">Back to the home page</Link>
        </p>
      </section>
    );
  }
  // Sent back with problems: as it was typed. Otherwise the search or vehicle the page was opened for.
  const values = actionData && !actionData.ok ? actionData.values : undefined;
  const { wanted } = loaderData;
  const form = values
    ? { type: VEHICLE_TYPES.find((candidate) => candidate === values.type), query: values.query ?? "", vehicleId: values.vehicleId }
    : wanted && { type: wanted.type, query: wanted.query, vehicleId: wanted.vehicleId, description: wanted.description };
  const watch = form?.vehicleId !== undefined;
  return (
    <section className="page forms-page">
      <h1>{watch ? "Tell me if the price drops" : "Save this search"}</h1>
      {form?.type ? (
        <>
          <p className="lede">
            {watch
              ? "We'll e-mail you if this vehicle's price drops, or when it sells, with similar ones."
              : "We'll e-mail you the vehicles that match as they arrive, or once a day."}
          </p>
          <AlertForm
            type={form.type}
            search={{ query: form.query, description: "description" in form ? form.description : undefined }}
            vehicleId={form.vehicleId}
            submitLabel={watch ? "Tell me if the price drops" : "Save this search"}
            initial={actionData}
          />
          <p>
            <Link to={watch ? `/vehicles/${encodeURIComponent(form.vehicleId!)}` : savedSearchPath({ type: form.type, query: form.query })}>
              Back to the {watch ? "vehicle" : "search"}
            </Link>
          </p>
        </>
      ) : (
        <p className="lede">
          Choose <strong>Save this search</strong> on any search page, or <strong>Tell me if the price drops</strong> on a vehicle, and
          we'll e-mail you as soon as something matches. <Link to="/car-search">Search our cars</Link>.
        </p>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
