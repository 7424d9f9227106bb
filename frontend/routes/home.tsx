import { Link } from "react-router";
import { formatCount } from "../../domain/format";
import { VEHICLE_TYPES } from "../../domain/vehicle-types";
import { BrandTiles } from "../components/BrandTiles";
import { ContentHtml } from "../components/ContentHtml";
import { OfferCards } from "../components/OfferCards";
import { Faq } from "../components/Faq";
import { DisclosedAbove } from "../components/FinanceDisclosure";
import { MakeModelSearch } from "../components/MakeModelSearch";
import { PostcodeField } from "../components/search/PostcodeField";
import { RecentlyViewed } from "../components/saved/RecentlyViewed";
import { cardOf, VehicleGrid, type VehicleCardData } from "../components/VehicleCard";
import { unlessEngineDown } from "../engine-outage.server";
import { catalogueContext, contentContext } from "../../backend/http/request-context";
import type { Route } from "./+types/home";
import { describeEdited } from "../seo/page-meta";

export function meta({ loaderData }: Route.MetaArgs) {
  return describeEdited(loaderData.content.seo);
}

/** What the home page last had from search, shown while the search engine is down. */
let lastFromSearch: { makes: string[]; offers: VehicleCardData[] } = { makes: [], offers: [] };

/** The home page never depends on an engine: without one it goes without what that engine gives. */
export async function loader({ context }: Route.LoaderArgs) {
  const catalogue = context.get(catalogueContext);
  const content = context.get(contentContext).home;
  const fromSearch = async () => {
    // The type selector starts on cars, so the make list starts as the car makes.
    const [distinct, offers] = await Promise.all([catalogue.distinct(VEHICLE_TYPES[0], {}), catalogue.shopWindow()]);
    lastFromSearch = { makes: distinct.make ?? [], offers: offers.map(cardOf) };
    return lastFromSearch;
  };
  const [{ makes, offers }, vehicles] = await Promise.all([
    unlessEngineDown(fromSearch(), lastFromSearch),
    unlessEngineDown(catalogue.forSale(), undefined),
  ]);
  return { makes, offers, vehicles, content };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { makes, offers, vehicles, content } = loaderData;
  const stock = vehicles === undefined ? "Cars, vans and trucks" : `${formatCount(vehicles)} vehicles`;
  return (
    <div className="home">
      <section className="hero" aria-labelledby="home-heading">
        <div className="hero__inner">
          <h1 id="home-heading">{content.hero.heading}</h1>
          <p className="lede">{content.hero.text.replaceAll("{stock}", stock)}</p>
          <MakeModelSearch types={VEHICLE_TYPES} makes={makes}>
            <PostcodeField />
          </MakeModelSearch>
        </div>
      </section>

      {content.offerCards.length > 0 && <OfferCards cards={content.offerCards} />}

      {offers.length > 0 && (
        <section className="page" aria-labelledby="offers-heading">
          <div className="section-heading">
            <h2 id="offers-heading">Offers</h2>
            <Link to="/offers">See all offers</Link>
          </div>
          <p>
            The lowest monthly prices on our newer, low-mileage stock right now (up to 6 years old and 60,000 miles where we have one): a
            car, a van and a truck.
          </p>
          <div className="offer-carousel">
            <VehicleGrid vehicles={offers} belowTheFold />
          </div>
        </section>
      )}

      {/* The offers' disclosure, when they show, covers these cards' monthly prices too. */}
      {offers.length > 0 ? (
        <DisclosedAbove>
          <RecentlyViewed className="page" />
        </DisclosedAbove>
      ) : (
        <RecentlyViewed className="page" />
      )}

      <section className="page" aria-labelledby="brands-heading">
        <h2 id="brands-heading">Search by brand</h2>
        <BrandTiles label="Brands" always={content.brands.always} more={content.brands.more} />
      </section>

      <section className="page" aria-labelledby="essentials-heading">
        <h2 id="essentials-heading">Buying essentials</h2>
        <ul className="card-links">
          {content.essentials.map((card) => (
            <li key={card.href}>
              <Link to={card.href} className="card-link">
                <strong>{card.title}</strong>
                <span>{card.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="page" aria-labelledby="faq-heading">
        <h2 id="faq-heading">Questions we are often asked</h2>
        <Faq
          name="home-faq"
          items={content.faq.map(({ question, answerHtml }) => ({ question, answer: <ContentHtml html={answerHtml} /> }))}
        />
      </section>
    </div>
  );
}
