import { data, Form, Link, redirect, useNavigation } from "react-router";
import { APPLICATION_STEPS, SUBMITTED } from "../components/finance/application-steps";
import { ApplicationFields, type ApplicationValues } from "../components/finance/ApplicationFields";
import { CreditSearchReminder, FinancePrivacyNotice } from "../components/finance/PrivacyNotice";
import { postedForm } from "../components/forms/form-parts";
import { catalogueContext, leadsContext } from "../request-context";
import { ErrorPage } from "../components/ErrorPage";
import type { Route } from "./+types/vehicle-finance";
import { NOT_INDEXED } from "../seo/page-meta";

/**
 * The finance application as one page: where the dialog opens without JavaScript, or when
 * its script cannot be fetched. It posts to the same service as the JSON API.
 */
export function meta({ data: page }: Route.MetaArgs) {
  const name = page ? `${page.vehicle.make} ${page.vehicle.model}` : "a vehicle";
  return [{ title: `Apply for finance on the ${name}` }, NOT_INDEXED];
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const record = await context.get(catalogueContext).get(params.id);
  if (!record) throw data("Vehicle not found.", { status: 404 });
  return {
    vehicle: { id: record._id, make: record.vehicle.make, model: record.vehicle.model },
    submitted: url.searchParams.get("submitted") ?? undefined,
    // One key per form, so submitting it twice (a double click, a refresh) stores it once.
    idempotencyKey: crypto.randomUUID(),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const record = await context.get(catalogueContext).get(params.id);
  if (!record) throw data("Vehicle not found.", { status: 404 });
  const form = await postedForm(request);
  const values = Object.fromEntries(
    [...form.entries()].filter(([name, value]) => name !== "idempotencyKey" && typeof value === "string" && value.trim() !== ""),
  ) as Record<string, string>;
  const key = form.get("idempotencyKey");
  const result = await context.get(leadsContext).submit(
    "finance-application",
    {
      ...values,
      vehicleId: record._id,
      vehicleDetails: {
        make: record.vehicle.make,
        model: record.vehicle.model,
        registration: record.vehicle.registration,
        mileage: record.vehicle.odometerReadingMiles,
      },
    },
    typeof key === "string" && key ? key : undefined,
  );
  if (result.ok) return redirect(`/vehicles/${record._id}/finance?submitted=${encodeURIComponent(result.reference)}`);
  return data({ values, errors: result.errors }, { status: 400 });
}

export default function VehicleFinance({ loaderData, actionData }: Route.ComponentProps) {
  const { vehicle, submitted, idempotencyKey } = loaderData;
  const sending = useNavigation().state === "submitting";
  if (submitted) {
    return (
      <section className="page message-page">
        <h1>{SUBMITTED}</h1>
        <p>
          Your reference is <strong>{submitted}</strong>. We will be in touch about finance for the {vehicle.make}{" "}
          {vehicle.model} soon.
        </p>
        <p>
          <Link to={`/vehicles/${vehicle.id}`}>Back to the {vehicle.make} {vehicle.model}</Link>
        </p>
      </section>
    );
  }
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: ApplicationValues = actionData?.values ?? {};
  const problems = Object.entries(errors);
  return (
    <section className="page finance-page">
      <h1>
        Apply for finance on the {vehicle.make} {vehicle.model}
      </h1>
      <p className="lede">
        It takes about five minutes. Finance is subject to status and available to UK residents aged 18 and over.
      </p>
      <FinancePrivacyNotice />
      {problems.length > 0 && (
        <div className="error-summary" role="alert" aria-labelledby="error-summary-title">
          <h2 id="error-summary-title">Please check {problems.length === 1 ? "one answer" : `${problems.length} answers`}</h2>
          <ul>
            {problems.map(([field, message]) => (
              <li key={field}>
                <a href={`#application-${field}`}>{message}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Form method="post" noValidate className="finance-page__form">
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        {APPLICATION_STEPS.map((step, i) => (
          <fieldset key={step.title} className="finance-page__step">
            <legend>
              <span className="finance-page__step-number">
                {i + 1} of {APPLICATION_STEPS.length}
              </span>{" "}
              {step.title}
            </legend>
            <ApplicationFields fields={step.fields} values={values} errors={errors} />
          </fieldset>
        ))}
        <CreditSearchReminder />
        <button type="submit" className="button button--large" disabled={sending}>
          {sending ? "Submitting…" : "Submit"}
        </button>
      </Form>
    </section>
  );
}

/** Its own boundary, so a form that cannot be used still gets the site's header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
