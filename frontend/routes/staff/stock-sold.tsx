import { data, Form, Link, redirect, useNavigation } from "react-router";
import { formatPounds } from "../../../domain/format";
import { londonTime } from "../../staff/lead-views.server";
import { staffPageMeta } from "../../staff/staff-meta";
import { asMember, checkedForm, requireMember, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/stock-sold";

export function meta() {
  return staffPageMeta("Sold vehicle");
}

const NOT_SOLD = "No sale of that vehicle in the last 30 days can be undone: it may be in stock, or have sold longer ago.";

/** A vehicle marked sold (or removed by a feed) in the last 30 days, and putting it back in stock as it was listed. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const member = requireMember(context, url, "stock");
  const sold = await asMember(() => staffOf(context).services.vehicles.sold(member, params.id));
  if (!sold) throw data(NOT_SOLD, { status: 404 });
  return {
    csrf: member.session.csrfToken,
    id: sold.id,
    name: [sold.make, sold.model, sold.derivative].filter(Boolean).join(" "),
    registration: sold.registration,
    price: formatPounds(sold.priceGBP),
    soldAt: sold.soldAt,
    when: londonTime(new Date(sold.soldAt)),
  };
}

export async function action({ params, request, url, context }: Route.ActionArgs) {
  const member = requireMember(context, url, "stock");
  const { services, address } = staffOf(context);
  await checkedForm(member, request);
  if (!(await asMember(() => services.vehicles.undoSold(member, address, params.id)))) throw data(NOT_SOLD, { status: 404 });
  return redirect(`/staff/stock/vehicles/${encodeURIComponent(params.id)}?unsold=1`, 303);
}

export default function StockSold({ loaderData }: Route.ComponentProps) {
  const { csrf, id, name, registration, price, soldAt, when } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <section className="staff-page staff-page--narrow">
      <p>
        <Link to="/staff/stock">← Stock</Link>
      </p>
      <h1>{name}</h1>
      <p>
        {registration ? `${registration}, ` : ""}id {id}: sold at <strong>{price}</strong> on <time dateTime={soldAt}>{when}</time>.
      </p>
      <Form method="post" className="staff-form">
        <h2>Undo sold</h2>
        <input type="hidden" name="csrf" value={csrf} />
        <p>
          Marked sold by mistake, or the sale fell through? This puts the vehicle back in stock and the search as it was listed, with its
          price, photos and description.
        </p>
        <button type="submit" className="button" disabled={busy}>
          Put back in stock
        </button>
      </Form>
    </section>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "../../staff/StaffErrorBoundary";
