import { Link } from "react-router";
import { demandSentence } from "../../../backend/alerts/alert-demand";
import { formatPounds } from "../../../domain/format";
import { savedSearchPath } from "../../../domain/search-alerts";
import { searchRequestToParams } from "../../../domain/search-request";
import { VEHICLE_NOUNS, VEHICLE_TYPES } from "../../../domain/vehicle-types";
import { TableScroll } from "../../components/TableScroll";
import { staffPageMeta } from "../../staff/staff-meta";
import { requireMember, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/stock-demand";

export function meta() {
  return staffPageMeta("Buyer demand");
}

/** Rows shown: the busiest kinds of vehicle, which are what a buyer acts on. */
const MOST_ROWS = 200;

/**
 * The stock console's view of what buyers are waiting for: their confirmed saved searches and
 * price alerts, counted by type, make, model and price band, each person once per kind of
 * vehicle and no address read (backend/stock/buyer-demand.ts). Each row links to the public
 * search for it, to see what is in stock now.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const member = requireMember(context, url, "stock");
  const type = VEHICLE_TYPES.find((candidate) => candidate === url.searchParams.get("type"));
  const rows = (await staffOf(context).services.demand.list(member)).filter((row) => !type || row.type === type);
  return {
    type,
    total: rows.length,
    rows: rows.slice(0, MOST_ROWS).map((row) => ({
      ...row,
      sentence: demandSentence(row),
      search: savedSearchPath({
        type: row.type,
        query: searchRequestToParams({
          filters: {
            ...(row.make ? { make: row.make } : {}),
            ...(row.model ? { model: row.model } : {}),
            ...(row.priceCeiling === undefined ? {} : { price: { max: row.priceCeiling } }),
          },
        }).toString(),
      }),
    })),
  };
}

export default function StockDemand({ loaderData }: Route.ComponentProps) {
  const { type, rows, total } = loaderData;
  return (
    <section className="staff-page">
      <h1>Buyer demand</h1>
      <p className="lede">
        What buyers are waiting for: their confirmed saved searches and price alerts, each person counted once for each kind of vehicle. No
        one's address is shown or read.
      </p>
      <nav aria-label="Vehicle type" className="staff-views">
        <ul>
          <li>
            <Link to="/staff/stock/demand" aria-current={type ? undefined : "page"}>
              All types
            </Link>
          </li>
          {VEHICLE_TYPES.map((each) => (
            <li key={each}>
              <Link to={`/staff/stock/demand?type=${each}`} aria-current={each === type ? "page" : undefined}>
                {VEHICLE_NOUNS[each].title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {rows.length === 0 ? (
        <p>No buyer is waiting for {type ? VEHICLE_NOUNS[type].many : "anything"} yet.</p>
      ) : (
        <>
          <ul>
            {rows.slice(0, 3).map((row) => (
              <li key={row.search}>{row.sentence}</li>
            ))}
          </ul>
          <TableScroll label="Buyer demand">
            <table className="staff-table">
              <caption className="visually-hidden">People waiting, by kind of vehicle, busiest first</caption>
              <thead>
                <tr>
                  <th scope="col">People</th>
                  <th scope="col">Type</th>
                  <th scope="col">Make</th>
                  <th scope="col">Model</th>
                  <th scope="col">Price</th>
                  <th scope="col">In stock</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.search}>
                    <td>{row.people}</td>
                    <td>{VEHICLE_NOUNS[row.type].title}</td>
                    <td>{row.make ?? "Any"}</td>
                    <td>{row.model ?? "Any"}</td>
                    <td>{row.priceCeiling === undefined ? "Any" : `Under ${formatPounds(row.priceCeiling)}`}</td>
                    <td>
                      <a href={row.search}>See matching stock</a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {total > rows.length && (
            <p>
              The {rows.length} busiest of {total} kinds of vehicle are shown.
            </p>
          )}
        </>
      )}
    </section>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "../../staff/StaffErrorBoundary";
