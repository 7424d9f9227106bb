import { data, Link, redirect } from "react-router";
import { alertsContext, requestLogContext } from "../../../backend/http/request-context";
import { savedSearchPath } from "../../../domain/search-alerts";
import { VEHICLE_TYPES, type VehicleType } from "../../../domain/vehicle-types";
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
 * without; the page a plain form lands on, saying to check the e-mail, or showing the form
 * again with what to fix.
 */
export function meta({ data: page }: Route.MetaArgs) {
  return [{ title: page?.saved ? "Check your e-mail" : "Search alerts" }, NOT_INDEXED];
}

export function loader({ url }: Route.LoaderArgs) {
  const saved = url.searchParams.get("saved");
  return { saved: saved === "sent" || saved === "held" ? saved : undefined };
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
  const values = actionData && !actionData.ok ? actionData.values : undefined;
  const type = VEHICLE_TYPES.find((candidate) => candidate === values?.type) as VehicleType | undefined;
  return (
    <section className="page forms-page">
      <h1>Search alerts</h1>
      {type ? (
        <>
          <p className="lede">Please check your answers below to save your search.</p>
          <AlertForm
            type={type}
            query={values?.query ?? ""}
            vehicleId={values?.vehicleId}
            submitLabel={values?.vehicleId ? "Tell me if the price drops" : "Save this search"}
            initial={actionData}
          />
          <p>
            <Link
              to={
                values?.vehicleId
                  ? `/vehicles/${encodeURIComponent(values.vehicleId)}`
                  : savedSearchPath({ type, query: values?.query ?? "" })
              }
            >
              Back to the {values?.vehicleId ? "vehicle" : "search"}
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
