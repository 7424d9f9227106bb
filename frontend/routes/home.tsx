import { Link } from "react-router";
import { formatCount } from "../../domain/format";
import { VEHICLE_TYPES } from "../../domain/vehicle-types";
import { BrandTiles, type Brand } from "../components/BrandTiles";
import { Faq } from "../components/Faq";
import { DisclosedAbove } from "../components/FinanceDisclosure";
import { MakeModelSearch } from "../components/MakeModelSearch";
import { PostcodeField } from "../components/search/PostcodeField";
import { PhoneLink } from "../components/PhoneLink";
import { RecentlyViewed } from "../components/saved/RecentlyViewed";
import { useDealer } from "../components/use-dealer";
import { cardOf, VehicleGrid, type VehicleCardData } from "../components/VehicleCard";
import { unlessEngineDown } from "../engine-outage.server";
import { catalogueContext } from "../../backend/http/request-context";
import type { Route } from "./+types/home";
import { describePage } from "../seo/page-meta";

export function meta({ matches }: Route.MetaArgs) {
  const dealer = matches[0].loaderData.dealer;
  return describePage(
    `${dealer.name}: used and new cars, vans and trucks in ${dealer.address.town}`,
    `Search our cars, vans and trucks, see an honest monthly price for each and apply for finance. ${dealer.tagline}.`,
  );
}

/** What the home page last had from search, shown while the search engine is down. */
let lastFromSearch: { makes: string[]; offers: VehicleCardData[] } = { makes: [], offers: [] };

/** The home page never depends on an engine: without one it goes without what that engine gives. */
export async function loader({ context }: Route.LoaderArgs) {
  const catalogue = context.get(catalogueContext);
  const fromSearch = async () => {
    // The type selector starts on cars, so the make list starts as the car makes.
    const [distinct, offers] = await Promise.all([catalogue.distinct(VEHICLE_TYPES[0], {}), catalogue.shopWindow()]);
    lastFromSearch = { makes: distinct.make ?? [], offers: offers.map(cardOf) };
    return lastFromSearch;
  };
  const [{ makes, offers }, status] = await Promise.all([
    unlessEngineDown(fromSearch(), lastFromSearch),
    unlessEngineDown(catalogue.status(), undefined),
  ]);
  return { makes, offers, vehicles: status?.vehicles };
}

const carSearch = (name: string): Brand => ({ name, href: `/car-search?make=${encodeURIComponent(name)}` });
const vanSearch = (name: string): Brand => ({ name, href: `/van-search?make=${encodeURIComponent(name)}` });

const FIRST_BRANDS = [carSearch("Audi"), carSearch("BMW"), vanSearch("Ford"), vanSearch("Mercedes-Benz")];
const MORE_BRANDS = [
  ...["Citroën", "Cupra", "Dacia", "Fiat", "Honda", "Hyundai", "Jaguar", "Kia", "Land Rover", "Lexus", "Mazda", "MG", "MINI"].map(
    carSearch,
  ),
  ...[
    "Nissan",
    "Peugeot",
    "Polestar",
    "Porsche",
    "Renault",
    "SEAT",
    "Skoda",
    "Suzuki",
    "Tesla",
    "Toyota",
    "Vauxhall",
    "Volkswagen",
    "Volvo",
  ].map(carSearch),
  ...["Iveco", "Isuzu", "Maxus"].map(vanSearch),
];

const ESSENTIALS = [
  { href: "/finance-info", title: "How finance works", text: "HP, PCP and leasing in plain words, with the representative example." },
  { href: "/part-exchange", title: "Part exchange", text: "Tell us about your vehicle and we will value it against your next one." },
  { href: "/articles", title: "Buying guides", text: "What to check on a used car, how to choose a van body, what a truck needs." },
  { href: "/finance-prices", title: "Monthly prices", text: "What a monthly payment buys, worked out on our representative terms." },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const dealer = useDealer();
  const { makes, offers, vehicles } = loaderData;
  return (
    <div className="home">
      <section className="hero" aria-labelledby="home-heading">
        <div className="hero__inner">
          <h1 id="home-heading">Find your next car, van or truck</h1>
          <p className="lede">
            {vehicles === undefined ? "Cars, vans and trucks" : `${formatCount(vehicles)} vehicles`} in stock at {dealer.name},{" "}
            {dealer.address.town}. Trading since {dealer.tradingSince}.
          </p>
          <MakeModelSearch types={VEHICLE_TYPES} makes={makes}>
            <PostcodeField />
          </MakeModelSearch>
        </div>
      </section>

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
            <VehicleGrid vehicles={offers} />
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
        <BrandTiles label="Brands" always={FIRST_BRANDS} more={MORE_BRANDS} />
      </section>

      <section className="page" aria-labelledby="essentials-heading">
        <h2 id="essentials-heading">Buying essentials</h2>
        <ul className="card-links">
          {ESSENTIALS.map((card) => (
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
          items={[
            {
              question: "Can I buy a vehicle on finance?",
              answer: (
                <p>
                  Yes. We are a credit broker, not a lender: we introduce you to lenders and you can apply from any vehicle's page. Finance
                  is subject to status and for UK residents aged 18 and over. <Link to="/finance-info">How finance works</Link>.
                </p>
              ),
            },
            {
              question: "Do you take part exchanges?",
              answer: (
                <p>
                  We do, for cars, vans and trucks. <Link to="/part-exchange">Tell us about your vehicle</Link> and we will come back to you
                  with a valuation.
                </p>
              ),
            },
            {
              question: "When can I see a vehicle?",
              answer: (
                <p>
                  We are open {dealer.openingHours.map((slot) => `${slot.days}, ${slot.hours}`).join("; ")}. Call us on <PhoneLink /> to
                  make sure the vehicle is ready for you.
                </p>
              ),
            },
          ]}
        />
      </section>
    </div>
  );
}
