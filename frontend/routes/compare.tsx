import { useEffect } from "react";
import { data, Link, useNavigate } from "react-router";
import { readVehicleIdList } from "../../domain/vehicle-id-list";
import { VEHICLE_LISTS } from "../../domain/vehicle-lists";
import { FinanceDisclosure } from "../components/FinanceDisclosure";
import { comparedVehicles } from "../components/saved/browser-lists";
import { comparisonOf, type Comparison } from "../components/saved/compare-columns";
import { useVehicleList } from "../components/saved/use-vehicle-list";
import { TableScroll } from "../components/TableScroll";
import { Picture } from "../components/vehicle/Picture";
import { answersOutages } from "../engine-outage.server";
import { catalogueContext } from "../../backend/http/request-context";
import { describePage, NOT_INDEXED } from "../seo/page-meta";
import type { Route } from "./+types/compare";

export function meta() {
  return [
    ...describePage("Compare vehicles", "Vehicles side by side: price, monthly price, specification and running costs."),
    NOT_INDEXED,
  ];
}

/**
 * `/compare?ids=a,b,c`, rendered here in full, so a shared comparison needs no JavaScript;
 * `/compare` alone goes on to the vehicles chosen in this browser once the page is interactive.
 */
export const loader = answersOutages(load);

async function load({ url, context }: Route.LoaderArgs) {
  const list = readVehicleIdList(url.searchParams, VEHICLE_LISTS.compared);
  if (!list.ok) return data({ comparison: undefined, problem: list.message }, { status: 400 });
  if (list.ids.length === 0) return { comparison: undefined, problem: undefined };
  return { comparison: comparisonOf(await context.get(catalogueContext).lookUp(list.ids)), problem: undefined };
}

export default function Compare({ loaderData }: Route.ComponentProps) {
  const { comparison, problem } = loaderData;
  return (
    <div className="page compare-page">
      <h1>Compare vehicles</h1>
      {problem && (
        <div className="notice" role="alert">
          <p>{problem}</p>
        </div>
      )}
      {comparison ? <ComparisonView comparison={comparison} /> : problem ? <HowToCompare /> : <ChosenHere />}
    </div>
  );
}

/**
 * The vehicles chosen with the cards' Compare buttons are kept in this browser, which the
 * server cannot see: the page goes on to their comparison, in place of this one in history.
 */
function ChosenHere() {
  const chosen = useVehicleList(comparedVehicles);
  const navigate = useNavigate();
  useEffect(() => {
    if (chosen.length > 0) void navigate(`/compare?ids=${chosen.join(",")}`, { replace: true });
  }, [chosen, navigate]);
  return chosen.length > 0 ? <p role="status">Loading the vehicles you chose…</p> : <HowToCompare />;
}

function HowToCompare() {
  return (
    <p>
      Choose up to {VEHICLE_LISTS.compared} vehicles with the Compare button on their cards, or tick them in your{" "}
      <Link to="/saved">saved vehicles</Link>, then compare them here side by side. The Compare buttons need JavaScript; a shared list's
      tick boxes and a link to a comparison work without it.
    </p>
  );
}

function ComparisonView({ comparison }: { comparison: Comparison }) {
  const { vehicles, sections, leftOut } = comparison;
  const without = (id: string) => {
    const rest = [...vehicles.map((vehicle) => vehicle.id), ...leftOut.map((vehicle) => vehicle.id)].filter((other) => other !== id);
    return rest.length > 0 ? `/compare?ids=${rest.join(",")}` : "/compare";
  };
  return (
    <>
      {leftOut.map((vehicle) => (
        <div key={vehicle.id} className="notice">
          <p>
            {vehicle.reason === "sold"
              ? `The ${vehicle.name} you chose has been sold: it is no longer for sale.`
              : `We have no vehicle with the reference ${vehicle.id}: it may have been sold some time ago.`}
          </p>
          <Link to={without(vehicle.id)} onClick={() => comparedVehicles.remove(vehicle.id)}>
            Leave it out
          </Link>
        </div>
      ))}
      {vehicles.length < 2 && <HowToCompare />}
      {vehicles.length > 0 && (
        <>
          <p className="compare-page__key">
            Rows where the vehicles differ are marked <strong>Differs</strong>.
          </p>
          <TableScroll label="Vehicles compared">
            <table className="compare-table">
              <caption className="visually-hidden">{vehicles.map((vehicle) => vehicle.name).join(", ")} side by side</caption>
              <thead>
                <tr>
                  <td />
                  {vehicles.map((vehicle) => (
                    <th key={vehicle.id} scope="col">
                      <Picture image={vehicle.image} sizes="160px" alt="" width={160} height={120} />
                      <Link to={`/vehicles/${vehicle.id}`}>{vehicle.name}</Link>
                      {vehicle.derivative && <span className="compare-table__derivative">{vehicle.derivative}</span>}
                      {vehicles.length > 1 && (
                        <Link
                          to={without(vehicle.id)}
                          onClick={() => comparedVehicles.remove(vehicle.id)}
                          className="compare-table__remove"
                          aria-label={`Remove ${vehicle.name} from the comparison`}
                        >
                          Remove
                        </Link>
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              {sections.map((section) => (
                <tbody key={section.heading}>
                  <tr className="compare-table__section">
                    <th scope="colgroup" colSpan={vehicles.length + 1}>
                      {section.heading}
                    </th>
                  </tr>
                  {section.rows.map((row) => (
                    <tr key={row.label} className={row.differs && vehicles.length > 1 ? "compare-table__row--differs" : undefined}>
                      <th scope="row">
                        {row.label}
                        {row.differs && vehicles.length > 1 && <span className="compare-table__differs-mark">Differs</span>}
                      </th>
                      {row.values.map((value, i) => (
                        <td key={vehicles[i]!.id}>{value}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              ))}
            </table>
          </TableScroll>
          <FinanceDisclosure />
        </>
      )}
    </>
  );
}
