import { Link } from "react-router";
import { dealerBranches } from "../../domain/branches";
import { postalAddress } from "../../domain/dealer-address";
import { formatCount } from "../../domain/format";
import { openingStatus, scheduleOf } from "../../domain/opening-hours";
import { spacedPhone } from "../../domain/uk-formats";
import { catalogueContext, dealerContext } from "../../backend/http/request-context";
import { answersOutages } from "../engine-outage.server";
import { describePage } from "../seo/page-meta";
import type { Route } from "./+types/branches";

export const meta: Route.MetaFunction = () =>
  describePage("Our branches", "Where our showrooms are, when they are open, how to reach each one and the vehicles at each.");

export const loader = answersOutages(load);

async function load({ context }: Route.LoaderArgs) {
  const catalogue = context.get(catalogueContext);
  const now = new Date();
  return {
    branches: await Promise.all(
      dealerBranches(context.get(dealerContext)).map(async (branch) => ({
        code: branch.code,
        name: branch.name,
        address: postalAddress(branch),
        phone: branch.phone,
        openNow: openingStatus(scheduleOf(branch), now),
        vehicles: (await catalogue.search(undefined, { filters: { branch: branch.code }, sort: "relevance", page: 1, pageSize: 1 })).total,
      })),
    ),
  };
}

/** Every branch: where it is, whether it is open now, and how many vehicles stand there. */
export default function Branches({ loaderData: { branches } }: Route.ComponentProps) {
  return (
    <article className="page content-page">
      <h1>Our branches</h1>
      <ul className="content-cards">
        {branches.map((branch) => (
          <li key={branch.code} className="content-card">
            <h2>
              <Link to={`/branches/${branch.code}`}>{branch.name}</Link>
            </h2>
            <p>{branch.address}</p>
            <p>
              <a href={`tel:${branch.phone.replace(/\s/g, "")}`}>{spacedPhone(branch.phone)}</a>
            </p>
            <p>{branch.openNow}.</p>
            <p>
              <Link className="content-card__action" to={`/branches/${branch.code}`}>
                {formatCount(branch.vehicles)} {branch.vehicles === 1 ? "vehicle" : "vehicles"} at {branch.name}
              </Link>
            </p>
          </li>
        ))}
      </ul>
    </article>
  );
}
