import { data, Link } from "react-router";
import { dealerBranches } from "../../domain/branches";
import { formatCount } from "../../domain/format";
import { dayText, openingStatus, scheduleOf, showroomMoment } from "../../domain/opening-hours";
import { spacedPhone } from "../../domain/uk-formats";
import { VEHICLE_NOUNS, VEHICLE_TYPES } from "../../domain/vehicle-types";
import { catalogueContext, dealerContext } from "../../backend/http/request-context";
import { answersOutages } from "../engine-outage.server";
import { OpeningHoursList } from "../components/OpeningHoursList";
import { cardOf, VehicleGrid } from "../components/VehicleCard";
import { searchHref } from "../components/search/search-changes";
import { describePage } from "../seo/page-meta";
import type { Route } from "./+types/branch";

/** Vehicles shown on a branch's page; the rest are a search away. */
const SHOWN = 8;

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [{ title: "Branch not found" }];
  return describePage(
    `${page.branch.name} branch`,
    `Our ${page.branch.name} showroom: address, opening hours, phone and the vehicles there.`,
  );
}

export const loader = answersOutages(load);

async function load({ params, context }: Route.LoaderArgs) {
  const branch = dealerBranches(context.get(dealerContext)).find((candidate) => candidate.code === params.code);
  if (!branch) throw data("Branch not found.", { status: 404 });
  const catalogue = context.get(catalogueContext);
  const filters = { branch: branch.code };
  const [shown, ...byType] = await Promise.all([
    catalogue.search(undefined, { filters, sort: "relevance", page: 1, pageSize: SHOWN }),
    ...VEHICLE_TYPES.map(async (type) => ({
      type,
      total: (await catalogue.search(type, { filters, sort: "relevance", page: 1, pageSize: 1 })).total,
    })),
  ]);
  const now = new Date();
  const today = showroomMoment(now).date;
  return {
    branch,
    openNow: openingStatus(scheduleOf(branch), now),
    // Read on the server's clock, so the page hydrates as rendered.
    closedDays: (branch.closedOn ?? []).filter((date) => date >= today).map(dayText),
    total: shown.total,
    vehicles: shown.vehicles.map(cardOf),
    byType: byType.filter(({ total }) => total > 0),
  };
}

/** One branch: how to reach it, when it is open, and the vehicles that stand there. */
export default function Branch({ loaderData: { branch, openNow, closedDays, total, vehicles, byType } }: Route.ComponentProps) {
  return (
    <article className="page content-page branch-page">
      <h1>{branch.name} branch</h1>
      <p className="lede">{openNow}.</p>
      <section aria-labelledby="branch-contact-heading">
        <h2 id="branch-contact-heading">Find and contact us</h2>
        <address>
          {[...branch.address.lines, branch.address.town, branch.address.postcode].map((line) => (
            <span key={line} className="address-line">
              {line}
            </span>
          ))}
        </address>
        <p>
          Phone <a href={`tel:${branch.phone.replace(/\s/g, "")}`}>{spacedPhone(branch.phone)}</a>, e-mail{" "}
          <a href={`mailto:${branch.leadEmail}`}>{branch.leadEmail}</a>
        </p>
      </section>
      <section aria-labelledby="branch-hours-heading">
        <h2 id="branch-hours-heading">Opening hours</h2>
        <OpeningHoursList hours={branch.openingHours} />
        {closedDays.length > 0 && <p>Closed on bank holidays: {closedDays.join(", ")}.</p>}
      </section>
      <section aria-labelledby="branch-stock-heading">
        <h2 id="branch-stock-heading">
          {formatCount(total)} {total === 1 ? "vehicle" : "vehicles"} at {branch.name}
        </h2>
        <VehicleGrid vehicles={vehicles} belowTheFold />
        <ul className="branch-page__searches">
          {byType.map(({ type, total: count }) => (
            <li key={type}>
              <Link to={searchHref(`/${type}-search`, { filters: { branch: branch.code } })}>
                See all {formatCount(count)} {count === 1 ? VEHICLE_NOUNS[type].one : VEHICLE_NOUNS[type].many} at {branch.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <p>
        <Link to="/branches">All our branches</Link>
      </p>
    </article>
  );
}
