import { data, Form, Link, useNavigation } from "react-router";
import { ADDRESS_STEP, APPLICATION_STEPS, SUBMITTED } from "../components/finance/application-steps";
import { financeNextStep } from "../components/finance/next-step";
import { ApplicationFields, type ApplicationValues } from "../components/finance/ApplicationFields";
import { CreditSearchReminder, FinancePrivacyNotice } from "../components/finance/PrivacyNotice";
import { PlanSummary } from "../components/finance/PlanSummary";
import { PreviousAddresses } from "../components/finance/PreviousAddresses";
import { leadReplyTimeOf, useDealer } from "../components/use-dealer";
import { previousAddressesAsked, previousAddressesIn } from "../../domain/address-history";
import { calculatorChoice } from "../../domain/finance-calculator";
import type { PageCatalogue } from "../../backend/catalogue";
import { IDEMPOTENCY_FIELD, SendFailed, type FormErrors } from "../components/forms/form-parts";
import { postLead } from "../components/forms/post-lead.server";
import { catalogueContext } from "../../backend/http/request-context";
import { ErrorPage } from "../components/ErrorPage";
import type { Route } from "./+types/vehicle-finance";
import { NOT_INDEXED } from "../seo/page-meta";
import { answersOutages } from "../engine-outage.server";
import { retryAfterHeaders } from "../retry-after-headers";

/**
 * The finance application as one page: where the dialog opens without JavaScript, or when
 * its script cannot be fetched. It posts to the same service as the JSON API.
 */
export function meta({ data: page }: Route.MetaArgs) {
  const name = page ? `${page.vehicle.make} ${page.vehicle.model}` : "a vehicle";
  return [{ title: `Apply for finance on the ${name}` }, NOT_INDEXED];
}

/** The vehicle as listed now, or, for an application sent as it sold, as listed then. */
async function vehicleOf(catalogue: PageCatalogue, id: string, evenIfSold: boolean) {
  const record = await catalogue.getForForm(id);
  if (record) {
    const { make, model, registration, odometerReadingMiles: mileage } = record.vehicle;
    return {
      id,
      make,
      model,
      registration,
      mileage,
      price: record.adverts.retailAdverts.totalPrice.amountGBP,
      vatStatus: record.adverts.retailAdverts.vatStatus,
      inStock: true,
    };
  }
  const sold = evenIfSold ? await catalogue.sold(id) : undefined;
  if (!sold) throw data("Vehicle not found.", { status: 404 });
  return {
    id,
    make: sold.make,
    model: sold.model,
    registration: sold.registration,
    mileage: sold.mileage,
    price: sold.priceGBP,
    vatStatus: undefined,
    inStock: false,
  };
}

export const loader = answersOutages(load);

async function load({ params, url, context }: Route.LoaderArgs) {
  const submitted = url.searchParams.get("submitted") ?? undefined;
  const { id, make, model, price, vatStatus, inStock } = await vehicleOf(context.get(catalogueContext), params.id, submitted !== undefined);
  const { deposit, termMonths } = calculatorChoice(url.searchParams, price, vatStatus);
  return {
    vehicle: { id, make, model },
    submitted,
    vehicleInStock: inStock,
    plan: { deposit, termMonths },
    // One key per form, so submitting it twice (a double click, a refresh) stores it once.
    idempotencyKey: crypto.randomUUID(),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return postLead({
    kind: "finance-application",
    request,
    context,
    // An application sent just as the vehicle sold is kept, and says so.
    adding: async (values) => {
      const vehicle = await vehicleOf(context.get(catalogueContext), params.id, true);
      const previousAddresses = previousAddressesIn(values, previousAddressesAsked(values, 1));
      return {
        ...(previousAddresses.length > 0 ? { previousAddresses } : {}),
        vehicleId: vehicle.id,
        vehicleDetails: { make: vehicle.make, model: vehicle.model, registration: vehicle.registration, mileage: vehicle.mileage },
      };
    },
    confirmation: ({ reference }) => `/vehicles/${params.id}/finance?submitted=${encodeURIComponent(reference)}`,
  });
}

export default function VehicleFinance({ loaderData, actionData }: Route.ComponentProps) {
  const { vehicle, submitted, vehicleInStock, plan, idempotencyKey } = loaderData;
  const sending = useNavigation().state === "submitting";
  const dealer = useDealer();
  if (submitted) {
    return (
      <section className="page message-page">
        <h1>{SUBMITTED}</h1>
        <p>
          Your reference is <strong>{submitted}</strong>. {financeNextStep(vehicle, vehicleInStock, leadReplyTimeOf(dealer))}
        </p>
        <p>
          <Link to={`/vehicles/${vehicle.id}`}>
            Back to the {vehicle.make} {vehicle.model}
          </Link>
        </p>
      </section>
    );
  }
  const errors: FormErrors = actionData && "errors" in actionData ? actionData.errors : {};
  const values: ApplicationValues = (actionData && "values" in actionData ? actionData.values : undefined) ?? {};
  const problems = Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return (
    <section className="page finance-page">
      <h1>
        Apply for finance on the {vehicle.make} {vehicle.model}
      </h1>
      <p className="lede">It takes about five minutes. Finance is subject to status and available to UK residents aged 18 and over.</p>
      <PlanSummary plan={plan} />
      <FinancePrivacyNotice />
      {actionData && "failed" in actionData && <SendFailed />}
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
        <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
        <input type="hidden" name="deposit" value={plan.deposit} />
        <input type="hidden" name="termMonths" value={plan.termMonths} />
        {APPLICATION_STEPS.map((step, i) => (
          <fieldset key={step.title} className="finance-page__step">
            <legend>
              <span className="finance-page__step-number">
                {i + 1} of {APPLICATION_STEPS.length}
              </span>{" "}
              {step.title}
            </legend>
            <ApplicationFields fields={step.fields} values={values} errors={errors} />
            {i === ADDRESS_STEP && <PreviousAddresses asked={previousAddressesAsked(values, 1)} values={values} errors={errors} />}
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
export const headers = retryAfterHeaders;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
