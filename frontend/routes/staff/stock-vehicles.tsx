import { Form, Link, useSearchParams } from "react-router";
import { formatPounds } from "../../../domain/format";
import { priceOf } from "../../../domain/vehicle-price";
import { staffPageMeta } from "../../staff/staff-meta";
import { asMember, requireMember, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/stock-vehicles";

export function meta() {
  return staffPageMeta("Vehicles");
}

/** The stock console's way to one vehicle: by its registration or its id. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const member = requireMember(context, url, "stock");
  const query = (url.searchParams.get("q") ?? "").slice(0, 64);
  const found = query ? await asMember(() => staffOf(context).services.vehicles.find(member, query)) : [];
  return {
    query,
    found: found.map((record) => ({
      id: record._id,
      name: [record.vehicle.make, record.vehicle.model, record.vehicle.derivative].filter(Boolean).join(" "),
      registration: record.vehicle.registration ?? "",
      price: formatPounds(priceOf(record)),
      hidden: record.hidden === true,
    })),
    sold: url.searchParams.get("sold") ?? undefined,
    soldId: url.searchParams.get("id") ?? undefined,
  };
}

export default function StockVehicles({ loaderData }: Route.ComponentProps) {
  const { query, found, sold, soldId } = loaderData;
  const [params] = useSearchParams();
  return (
    <section className="staff-page">
      <h1>Vehicles</h1>
      <p>
        <Link to="/staff/stock">See the whole stock</Link>, filtered and sorted as you choose.
      </p>
      {sold && (
        <p className="notice notice--done" role="status">
          Vehicle {sold} is marked sold: it has left the stock and the search.{" "}
          {soldId && <Link to={`/staff/stock/sold/${encodeURIComponent(soldId)}`}>Undo: put it back in stock</Link>}
        </p>
      )}
      <Form method="get" className="staff-filters" role="search" aria-label="Find a vehicle">
        <div className="staff-filters__field staff-filters__field--wide">
          <label htmlFor="vehicle-q">Registration or id</label>
          <input id="vehicle-q" name="q" type="search" defaultValue={params.get("q") ?? ""} maxLength={64} autoCapitalize="characters" />
        </div>
        <div className="staff-filters__actions">
          <button type="submit" className="button">
            Find
          </button>
        </div>
      </Form>
      {query && (
        <p role="status">
          {found.length === 0
            ? `No vehicle in stock has the registration or id ${query}.`
            : found.length === 1
              ? "1 vehicle"
              : `${found.length} vehicles`}
        </p>
      )}
      {found.length > 0 && (
        <ul className="staff-leads">
          {found.map((vehicle) => (
            <li key={vehicle.id} className="staff-lead">
              <Link to={`/staff/stock/vehicles/${encodeURIComponent(vehicle.id)}`} className="staff-lead__link">
                <span className="staff-lead__who">{vehicle.name}</span>
                <span className="staff-lead__status">
                  {vehicle.price}
                  {vehicle.hidden && ", hidden from buyers"}
                </span>
                <span className="staff-lead__kind">{vehicle.registration}</span>
                <span className="staff-lead__reference">{vehicle.id}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "../../staff/StaffErrorBoundary";
