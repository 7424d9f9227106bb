import { Link } from "react-router";
import { VEHICLE_NOUNS, VEHICLE_TYPES } from "../../domain/vehicle-types";
import { WithFinanceDisclosure } from "../components/FinanceDisclosure";
import { cardOf, VehicleGrid } from "../components/VehicleCard";
import { catalogueContext, contentContext } from "../../backend/http/request-context";
import { OfferCards } from "../components/OfferCards";
import type { Route } from "./+types/offers";
import { describePage } from "../seo/page-meta";
import { answersOutages } from "../engine-outage.server";

const PER_TYPE = 6;

export function meta() {
  return describePage(
    "Offers: our lowest prices",
    "The lowest-priced cars, vans and trucks in our stock today, each with its monthly price on our representative finance terms.",
  );
}

/**
 * The dealer runs no made-up "was/now" deals, so the offers page is the honest version: the
 * cheapest vehicles of each type in stock right now, straight from the catalogue.
 */
export const loader = answersOutages(load);

async function load({ context }: Route.LoaderArgs) {
  const catalogue = context.get(catalogueContext);
  const sections = await Promise.all(
    VEHICLE_TYPES.map(async (type) => {
      const result = await catalogue.search(type, { filters: {}, sort: "price_asc", page: 1, pageSize: PER_TYPE });
      return { type, total: result.total, vehicles: result.vehicles.map(cardOf) };
    }),
  );
  return { sections, offerCards: context.get(contentContext).home.offerCards };
}

export default function Offers({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>Offers</h1>
      <p className="lede">
        No made-up discounts: these are the lowest-priced vehicles in our stock today, with the monthly price each works out at on our
        representative finance terms.
      </p>
      {loaderData.offerCards.length > 0 && <OfferCards cards={loaderData.offerCards} />}
      <WithFinanceDisclosure>
        {loaderData.sections.map(({ type, total, vehicles }) => {
          const noun = VEHICLE_NOUNS[type];
          return (
            <section key={type} aria-labelledby={`offers-${type}`}>
              <div className="section-heading">
                <h2 id={`offers-${type}`}>{noun.title}</h2>
                {total > 0 && <Link to={`/${type}-search?sort=price_asc`}>See all {noun.many}, cheapest first</Link>}
              </div>
              {vehicles.length > 0 ? (
                <VehicleGrid vehicles={vehicles} />
              ) : (
                <p>
                  We have no {noun.many} in stock at the moment. <Link to="/contact">Tell us what you are looking for</Link> and we will
                  look out for one.
                </p>
              )}
            </section>
          );
        })}
      </WithFinanceDisclosure>
    </div>
  );
}
