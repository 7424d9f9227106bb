import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { vehicleIdSchema } from "../../../domain/vehicle";
import {
  ErrorSummary,
  Field,
  prepareCheck,
  problemsIn,
  SendFailed,
  type FormErrors,
  type FormValues,
} from "../../components/forms/form-parts";
import { postLead } from "../../components/forms/post-lead.server";
import { PhoneLink } from "../../components/PhoneLink";
import { useDealer } from "../../components/use-dealer";
import { catalogueContext } from "../../../backend/http/request-context";
import { ErrorPage } from "../../components/ErrorPage";
import type { Route } from "./+types/part-exchange";
import { describePage, NOT_INDEXED } from "../../seo/page-meta";
import { answersOutages } from "../../engine-outage.server";
import { retryAfterHeaders } from "../../retry-after-headers";

/**
 * /part-exchange (and /valuation, which redirects here): what happens to a part exchange,
 * and the form that asks for a valuation. Requests are stored and forwarded to the
 * lead-tracking service like finance applications.
 */
export function meta({ data: page }: Route.MetaArgs) {
  if (page?.sent) return [{ title: "Thanks: we have your part-exchange details" }, NOT_INDEXED];
  return describePage(
    "Part exchange and valuation",
    "Get a valuation for your car, van or truck and put it towards one of ours, or simply sell it to us.",
  );
}

export const loader = answersOutages(load);

async function load({ url, context }: Route.LoaderArgs) {
  // A vehicle page's "part exchange" link names the vehicle the visitor wants in return.
  const vehicleId = vehicleIdSchema.safeParse(url.searchParams.get("vehicle")).data;
  const record = vehicleId ? await context.get(catalogueContext).getForForm(vehicleId) : undefined;
  return {
    sent: url.searchParams.get("sent") ?? undefined,
    interestedIn: record && { id: record._id, make: record.vehicle.make, model: record.vehicle.model },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return postLead({
    kind: "part-exchange",
    request,
    context,
    confirmation: ({ reference }) => `/part-exchange?sent=${encodeURIComponent(reference)}`,
  });
}

const FIELD_ID = (field: string) => `part-exchange-${field}`;

export default function PartExchangePage({ loaderData, actionData }: Route.ComponentProps) {
  const { sent, interestedIn } = loaderData;
  const dealer = useDealer();
  const navigation = useNavigation();
  const submit = useSubmit();
  const summaryRef = useRef<HTMLDivElement>(null);
  const [checked, setChecked] = useState<FormErrors>();
  const errors: FormErrors = checked ?? (actionData && "errors" in actionData ? actionData.errors : {});
  const values: FormValues = (actionData && "values" in actionData ? actionData.values : undefined) ?? {};
  const sending = navigation.state === "submitting";

  useEffect(() => {
    summaryRef.current?.focus();
  }, [checked, actionData]);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const problems = await problemsIn("part-exchange", form);
    if (Object.keys(problems).length > 0) return setChecked(problems);
    setChecked(undefined);
    await submit(form, { method: "post" });
  };

  if (sent) {
    return (
      <section className="page message-page forms-page">
        <h1>Thanks: we have your details</h1>
        <p className="notice notice--done forms-page__done" role="status">
          Your reference is <strong>{sent}</strong>. We will be in touch {dealer.replyTime} with a valuation.
        </p>
        <p>
          <Link to="/car-search">Browse our stock</Link> while you wait.
        </p>
      </section>
    );
  }

  return (
    <section className="page forms-page part-exchange-page">
      <h1>Part exchange and valuation</h1>
      <p className="lede">
        Tell us about your car, van or truck and we will value it: put it towards one of ours, or simply sell it to us. There is no
        obligation.
      </p>
      <h2>What happens next</h2>
      <ol className="part-exchange-page__steps">
        <li>We check your vehicle's details, history and recent sale prices.</li>
        <li>
          We call or email you {dealer.replyTime} with a valuation, subject to seeing the vehicle. Rather talk now? Call <PhoneLink />.
        </li>
        <li>You bring it in; once we have looked it over, its value comes off the price of your next vehicle, or we pay you.</li>
      </ol>
      {interestedIn && (
        <p className="notice">
          <span>
            You are part-exchanging towards the{" "}
            <Link to={`/vehicles/${interestedIn.id}`}>
              {interestedIn.make} {interestedIn.model}
            </Link>
            .
          </span>
        </p>
      )}
      <ErrorSummary errors={errors} idOf={FIELD_ID} ref={summaryRef} />
      {actionData && "failed" in actionData && <SendFailed />}
      <Form method="post" noValidate onSubmit={send} onFocus={() => prepareCheck("part-exchange")} className="part-exchange-page__form">
        {interestedIn && <input type="hidden" name="interestedIn" value={interestedIn.id} />}
        <fieldset className="forms-fieldset">
          <legend>Your vehicle</legend>
          <Field
            id={FIELD_ID("registration")}
            name="registration"
            label="Registration"
            hint="As on the number plate, like MA19 ABC"
            autoComplete="off"
            className="forms-field--short"
            defaultValue={values.registration}
            error={errors.registration}
          />
          <Field
            id={FIELD_ID("mileage")}
            name="mileage"
            label="Mileage"
            hint="As on the odometer, in miles"
            inputMode="numeric"
            className="forms-field--short"
            defaultValue={values.mileage}
            error={errors.mileage}
          />
          <Field id={FIELD_ID("make")} name="make" label="Make" optional defaultValue={values.make} error={errors.make} />
          <Field id={FIELD_ID("model")} name="model" label="Model" optional defaultValue={values.model} error={errors.model} />
          <Field
            id={FIELD_ID("condition")}
            name="condition"
            label="Condition"
            optional
            hint="Anything we should know: damage, warning lights, service history, modifications"
            multiline
            maxLength={1000}
            defaultValue={values.condition}
            error={errors.condition}
          />
        </fieldset>
        <fieldset className="forms-fieldset">
          <legend>Your details</legend>
          <Field id={FIELD_ID("name")} name="name" label="Full name" autoComplete="name" defaultValue={values.name} error={errors.name} />
          <Field
            id={FIELD_ID("email")}
            name="email"
            type="email"
            label="Email address"
            autoComplete="email"
            optional
            defaultValue={values.email}
            error={errors.email}
          />
          <Field
            id={FIELD_ID("phone")}
            name="phone"
            type="tel"
            label="Phone number"
            autoComplete="tel"
            defaultValue={values.phone}
            error={errors.phone}
          />
          <Field
            id={FIELD_ID("postcode")}
            name="postcode"
            label="Postcode"
            autoComplete="postal-code"
            className="forms-field--short"
            defaultValue={values.postcode}
            error={errors.postcode}
          />
        </fieldset>
        <p className="part-exchange-page__privacy">
          We use these details only to value your vehicle and talk to you about it. See our <Link to="/privacy">privacy policy</Link>.
        </p>
        <button type="submit" className="button button--large" disabled={sending}>
          {sending ? "Sending…" : "Get my valuation"}
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
