import { data, Link } from "react-router";
import { LEAD_KINDS, VEHICLE_DIALOG_LEAD_KINDS, type VehicleDialogLeadKind } from "../../domain/lead-kinds";
import { scheduleOf, testDriveDays } from "../../domain/opening-hours";
import { ErrorPage } from "../components/ErrorPage";
import { postLead } from "../components/forms/post-lead.server";
import { LEAD_FORMS, type LeadFormVehicle, type LeadOutcome } from "../components/vehicle/lead-forms";
import { LeadConfirmation, VehicleLeadForm } from "../components/vehicle/VehicleLeadForm";
import { catalogueContext, dealerContext } from "../../backend/http/request-context";
import { NOT_INDEXED } from "../seo/page-meta";
import type { Route } from "./+types/vehicle-lead";
import { answersOutages } from "../engine-outage.server";
import { retryAfterHeaders } from "../retry-after-headers";

/**
 * /vehicles/{id}/enquire, /test-drive and /call-back: each of the vehicle page's forms on a
 * page of its own, where its button leads without JavaScript, and the action its dialog
 * posts to. A plain post is answered with a redirect to the confirmation, so refreshing it
 * sends nothing again.
 */
function kindOfPath(pathname: string): VehicleDialogLeadKind {
  const kind = VEHICLE_DIALOG_LEAD_KINDS.find((candidate) => pathname.endsWith(`/${LEAD_FORMS[candidate].slug}`));
  if (!kind) throw new Error(`${pathname} is not a vehicle's form`);
  return kind;
}

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [{ title: "Vehicle not found." }, NOT_INDEXED];
  return [{ title: `${LEAD_FORMS[page.kind].title}: ${page.vehicle.make} ${page.vehicle.model}` }, NOT_INDEXED];
}

export const loader = answersOutages(load);

async function load({ params, url, context }: Route.LoaderArgs) {
  const kind = kindOfPath(url.pathname);
  const catalogue = context.get(catalogueContext);
  const sent = url.searchParams.get("sent") ?? undefined;
  const record = await catalogue.getForForm(params.id);
  // A confirmation may be about a vehicle sold as the form was sent; a form for one is not offered.
  const sold = !record && sent ? await catalogue.sold(params.id) : undefined;
  const listed = record ? { make: record.vehicle.make, model: record.vehicle.model, registration: record.vehicle.registration } : sold;
  if (!listed) throw data("Vehicle not found.", { status: 404 });
  const vehicle: LeadFormVehicle = {
    id: params.id,
    make: listed.make,
    model: listed.model,
    ...(listed.registration ? { registration: listed.registration } : {}),
  };
  const days = LEAD_KINDS[kind].booksTime && !sent ? testDriveDays(scheduleOf(context.get(dealerContext)), new Date()) : [];
  return { kind, vehicle, sent, vehicleInStock: record !== undefined, days };
}

export async function action({ params, request, url, context }: Route.ActionArgs) {
  const kind = kindOfPath(url.pathname);
  return postLead({
    kind,
    request,
    context,
    adding: () => ({ vehicleId: params.id }),
    confirmation: ({ reference }) => `/vehicles/${params.id}/${LEAD_FORMS[kind].slug}?sent=${encodeURIComponent(reference)}`,
  });
}

/** A failure to reach the server is shown in the form, not as an error page in place of the page it sits on. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<LeadOutcome> {
  try {
    return await serverAction();
  } catch {
    return { ok: false, failed: true };
  }
}

export default function VehicleLeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, vehicle, sent, vehicleInStock, days } = loaderData;
  const back = (
    <p>
      <Link to={`/vehicles/${vehicle.id}`}>
        Back to the {vehicle.make} {vehicle.model}
      </Link>
    </p>
  );
  if (sent) {
    return (
      <section className="page message-page forms-page">
        <h1>{LEAD_FORMS[kind].title}</h1>
        <LeadConfirmation kind={kind} reference={sent} vehicle={vehicle} vehicleInStock={vehicleInStock} />
        {back}
      </section>
    );
  }
  return (
    <section className="page forms-page">
      <h1>{LEAD_FORMS[kind].title}</h1>
      <p className="lede">
        {vehicle.make} {vehicle.model}
        {vehicle.registration ? `, ${vehicle.registration}` : ""}
      </p>
      <VehicleLeadForm kind={kind} vehicle={vehicle} days={days} initial={actionData} />
      {back}
    </section>
  );
}

/** Its own boundary, so a form that cannot be used still gets the site's header and footer. */
export const headers = retryAfterHeaders;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
