import { data, Form, Link, redirect, useNavigation } from "react-router";
import { newPriceSchema, PRICE_PROBLEM } from "../../../backend/stock/vehicle-desk";
import { formatPounds } from "../../../domain/format";
import { priceOf } from "../../../domain/vehicle-price";
import { Field } from "../../components/forms/form-parts";
import { londonTime } from "../../staff/lead-views.server";
import { PhotoManager } from "../../staff/PhotoManager";
import { photoManagerProps } from "../../staff/photo-upload.server";
import { staffPageMeta } from "../../staff/staff-meta";
import { vehicleEdit, vehicleEditsOf } from "../../staff/vehicle-edits.server";
import { VehicleDetailsForm } from "../../staff/VehicleDetailsForm";
import { VehicleReservation } from "../../staff/VehicleReservation";
import { asMember, checkedForm, formText, requireMember, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/stock-vehicle";

export function meta() {
  return staffPageMeta("Vehicle");
}

const GONE = "That vehicle is not in stock: it may have been sold, or removed by an import.";

/** One vehicle in the stock console: its price, every change to it, hiding or showing it, and marking it sold. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const member = requireMember(context, url, "stock");
  const opened = await asMember(() => staffOf(context).services.vehicles.open(member, params.id));
  if (!opened) throw data(GONE, { status: 404 });
  const { record, prices } = opened;
  return {
    csrf: member.session.csrfToken,
    id: record._id,
    name: [record.vehicle.make, record.vehicle.model, record.vehicle.derivative].filter(Boolean).join(" "),
    registration: record.vehicle.registration,
    price: formatPounds(priceOf(record)),
    priceValue: String(priceOf(record)),
    hidden: record.hidden === true,
    photos: photoManagerProps(record, staffOf(context).services.photos, member.session.csrfToken),
    unsold: url.searchParams.has("unsold"),
    edits: vehicleEditsOf(record),
    prices: prices.map((change) => ({
      at: change.at.toISOString(),
      when: londonTime(change.at),
      from: formatPounds(change.from),
      to: formatPounds(change.to),
      by: change.by,
    })),
  };
}

export async function action({ params, request, url, context }: Route.ActionArgs) {
  const member = requireMember(context, url, "stock");
  const { services, address } = staffOf(context);
  const form = await checkedForm(member, request);
  const edit = await asMember(() => vehicleEdit(services, member, address, params.id, form));
  if (edit === null) throw data(GONE, { status: 404 });
  if (edit) return edit.field ? data(edit, { status: 400 }) : edit;
  if (formText(form, "intent") === "sold") {
    if (formText(form, "confirm") !== "yes")
      return data({ field: "confirm", problem: "Tick the box to confirm the vehicle is sold", done: undefined }, { status: 400 });
    const record = await services.vehicles.open(member, params.id);
    if (!(await asMember(() => services.vehicles.markSold(member, address, params.id)))) throw data(GONE, { status: 404 });
    const sold = new URLSearchParams({ sold: record?.record.vehicle.registration ?? params.id, id: params.id });
    return redirect(`/staff/stock/vehicles?${sold}`, 303);
  }
  const visibility = formText(form, "intent");
  if (visibility === "hide" || visibility === "show") {
    const changed = await asMember(() => services.vehicles.setHidden(member, address, params.id, visibility === "hide"));
    if (!changed) throw data(GONE, { status: 404 });
    return {
      field: undefined,
      problem: undefined,
      done: changed.hidden
        ? "Hidden: buyers no longer find it, and its page is gone until you show it again."
        : "Shown: buyers can find it again.",
    };
  }
  const price = newPriceSchema.safeParse(formText(form, "price"));
  if (!price.success) return data({ field: "price", problem: PRICE_PROBLEM, done: undefined }, { status: 400 });
  const changed = await asMember(() => services.vehicles.changePrice(member, address, params.id, price.data));
  if (!changed) throw data(GONE, { status: 404 });
  return { field: undefined, problem: undefined, done: `The price is now ${formatPounds(priceOf(changed))}.` };
}

export default function StockVehicle({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, name, registration, price, priceValue, prices, id, hidden, unsold, edits } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <section className="staff-page staff-page--narrow">
      <p>
        <Link to="/staff/stock">← Stock</Link>
      </p>
      <h1>{name}</h1>
      <p>
        {registration ? `${registration}, ` : ""}id {id}: <strong>{price}</strong>{" "}
        {hidden ? (
          <strong className="tag">Hidden from buyers</strong>
        ) : (
          <Link to={`/vehicles/${encodeURIComponent(id)}`}>See its page</Link>
        )}
      </p>
      {unsold && !actionData && (
        <p className="notice notice--done" role="status">
          Back in stock and the search, as it was listed.
        </p>
      )}
      {actionData?.done && (
        <p className="notice notice--done" role="status">
          {actionData.done}
        </p>
      )}
      <Form method="post" className="staff-form">
        <h2>Change the price</h2>
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="intent" value="price" />
        <Field
          id="vehicle-price"
          name="price"
          label="New price, in pounds"
          defaultValue={priceValue}
          error={actionData?.field === "price" ? actionData.problem : undefined}
          key={priceValue}
        />
        <button type="submit" className="button" disabled={busy}>
          Change price
        </button>
      </Form>
      <PhotoManager {...loaderData.photos} />
      <VehicleReservation csrf={csrf} reserved={edits.reserved} busy={busy} />
      <Form method="post" className="staff-form">
        <h2>{hidden ? "Hidden" : "Shown to buyers"}</h2>
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="intent" value={hidden ? "show" : "hide"} />
        <p>
          {hidden
            ? "Buyers cannot find this vehicle and its page answers “not found”. It stays hidden through feed imports until you show it."
            : "Hiding keeps the vehicle in stock but takes it out of the search and its page off the site, through feed imports, until you show it again."}
        </p>
        <button type="submit" className="button" disabled={busy}>
          {hidden ? "Show to buyers" : "Hide from buyers"}
        </button>
      </Form>
      <Form method="post" className="staff-form">
        <h2>Sold</h2>
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="intent" value="sold" />
        <div className="staff-filters__check">
          <input id="vehicle-sold" name="confirm" type="checkbox" value="yes" required />
          <label htmlFor="vehicle-sold">This vehicle is sold: take it out of stock and the search now</label>
        </div>
        {actionData?.field === "confirm" && (
          <p className="notice notice--problem" role="alert">
            {actionData.problem}
          </p>
        )}
        <button type="submit" className="button button--danger" disabled={busy}>
          Mark sold
        </button>
      </Form>
      <VehicleDetailsForm
        csrf={csrf}
        fields={edits.fields}
        busy={busy}
        error={
          actionData?.field && actionData.field !== "price" && actionData.field !== "confirm"
            ? { field: actionData.field, problem: actionData.problem }
            : undefined
        }
      />
      <section aria-labelledby="price-history">
        <h2 id="price-history">Price changes</h2>
        {prices.length === 0 ? (
          <p>None made here; the price is the feed's.</p>
        ) : (
          <div className="staff-table-scroll" tabIndex={0} role="region" aria-label="Price changes">
            <table className="staff-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">From</th>
                  <th scope="col">To</th>
                  <th scope="col">Who</th>
                </tr>
              </thead>
              <tbody>
                {prices.map((change, i) => (
                  <tr key={`${change.at}-${i}`}>
                    <td>
                      <time dateTime={change.at}>{change.when}</time>
                    </td>
                    <td>{change.from}</td>
                    <td>{change.to}</td>
                    <td>{change.by}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </section>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "../../staff/StaffErrorBoundary";
