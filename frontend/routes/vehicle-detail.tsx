import type { MouseEvent } from "react";
import { data, Link, useNavigate } from "react-router";
import { branchOf, dealerBranches, isDealerGroup } from "../../domain/branches";
import { postalAddress } from "../../domain/dealer-address";
import { monthlyPriceFrom, priceExcludesVat, priceIncludingVat } from "../../domain/finance";
import { calculatorChoice } from "../../domain/finance-calculator";
import { formatMiles, formatPounds } from "../../domain/format";
import { mileageAgainstAverage, type MileageComparison } from "../../domain/mileage";
import { openingStatus, scheduleOf } from "../../domain/opening-hours";
import type { SoldVehicle as SoldVehicleRecord } from "../../backend/store/vehicle-store";
import { VEHICLE_NOUNS } from "../../domain/vehicle-types";
import { catalogueContext, dealerContext, siteUrlContext } from "../../backend/http/request-context";
import { breadcrumbStructuredData, Breadcrumbs } from "../components/Breadcrumbs";
import { DisclosedAbove } from "../components/FinanceDisclosure";
import { PriceReducedBadge } from "../components/PriceReducedBadge";
import { ReservedBadge } from "../components/ReservedBadge";
import { cardOf, VehicleGrid } from "../components/VehicleCard";
import { shownReduction } from "../../domain/price-reduction";
import { RecentlyViewed, useViewedVehicle } from "../components/saved/RecentlyViewed";
import { SaveButton } from "../components/saved/SaveButton";
import { PriceDropAlert, SimilarAlert } from "../components/alerts/PriceDropAlert";
import { FinancePanel, REPRESENTATIVE_EXAMPLE_ID } from "../components/vehicle/FinancePanel";
import { Gallery } from "../components/vehicle/Gallery";
import { shownImages } from "../../domain/vehicle-photos";
import { ShareButton } from "../components/vehicle/ShareButton";
import { vehicleStructuredData } from "../components/vehicle/structured-data";
import { VehicleActions } from "../components/vehicle/VehicleActions";
import { VehicleFacts } from "../components/vehicle/VehicleFacts";
import { keyFacts } from "../components/vehicle/vehicle-fact-rows";
import { FigureList } from "../components/FigureList";
import { useDealer } from "../components/use-dealer";
import { searchCameFrom } from "../../domain/search-referer";
import { messageLink, vehicleCrumbs } from "../components/vehicle/vehicle-page-links";
import { siteOrigin } from "../seo/site-origin";
import type { Route } from "./+types/vehicle-detail";
import { describePage, NOT_INDEXED } from "../seo/page-meta";
import { answersOutages, unlessEngineDown } from "../engine-outage.server";

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [{ title: "Vehicle not found." }];
  if ("sold" in page) return [{ title: `This vehicle has been sold: ${page.sold.name}` }, NOT_INDEXED];
  const { vehicle, adverts } = page.record;
  const name = [vehicle.make, vehicle.model, vehicle.derivative].filter(Boolean).join(" ");
  const price = formatPounds(adverts.retailAdverts.totalPrice.amountGBP);
  const facts = [
    vehicle.yearOfManufacture,
    vehicle.odometerReadingMiles !== undefined && formatMiles(vehicle.odometerReadingMiles),
    vehicle.fuelType,
    vehicle.transmissionType,
  ]
    .filter(Boolean)
    .join(", ");
  const [photo] = [page.structuredData.image ?? []].flat();
  return [
    ...describePage(
      `${name} for sale, ${price}`,
      `${name} for sale at ${price}${facts ? `: ${facts}` : ""}. Photos, full specification and finance.`,
      typeof photo === "string" ? photo : undefined,
    ),
    { "script:ld+json": page.structuredData },
    { "script:ld+json": page.breadcrumbData },
  ];
}

export const loader = answersOutages(load);

async function load({ params, request, url, context }: Route.LoaderArgs) {
  const catalogue = context.get(catalogueContext);
  const record = await catalogue.get(params.id);
  if (!record) {
    // A vehicle sold lately is still asked for from shared links and search engines: say so, and what is like it (410: gone for good).
    const sold = await catalogue.sold(params.id);
    if (!sold) throw data("Vehicle not found.", { status: 404 });
    const similar = await unlessEngineDown(catalogue.similarTo(sold), []);
    return data({ sold: soldSummary(sold), similar: similar.map(cardOf) }, { status: 410 });
  }
  const dealer = context.get(dealerContext);
  const siteUrl = context.get(siteUrlContext);
  const pageUrl = `${siteOrigin(siteUrl, url)}/vehicles/${record._id}`;
  const { vehicle, adverts } = record;
  const name = [vehicle.make, vehicle.model, vehicle.derivative].filter(Boolean).join(" ");
  const crumbs = vehicleCrumbs(vehicle.vehicleType, vehicle.make, vehicle.model, name);
  const named = [vehicle.make, vehicle.model, vehicle.registration].filter(Boolean).join(" ");
  // One moment, the server's, for every judgement by the clock: a browser's (or a month turning since the page was kept) would read another.
  const now = new Date();
  return {
    record,
    pageUrl,
    structuredData: vehicleStructuredData(record, pageUrl, dealer),
    crumbs,
    breadcrumbData: breadcrumbStructuredData(crumbs, pageUrl),
    backTo: searchCameFrom(request.headers.get("Referer"), [url.host, ...(siteUrl ? [new URL(siteUrl).host] : [])]),
    // A group's vehicle is seen at its branch, on the branch's hours.
    openNow: openingStatus(scheduleOf(branchOf(dealerBranches(dealer), record.branch)), now),
    messageHref: messageLink(dealer.messagingUrl, `Hello, I'm interested in the ${named}: ${pageUrl}`),
    choice: calculatorChoice(url.searchParams, adverts.retailAdverts.totalPrice.amountGBP, adverts.retailAdverts.vatStatus),
    similar: (await unlessEngineDown(catalogue.similar(record), [])).map(cardOf),
    reducedBy: shownReduction(record, now),
    mileage: mileageAgainstAverage(vehicle.vehicleType, vehicle.yearOfManufacture, vehicle.odometerReadingMiles, now),
  };
}

export default function VehicleDetail({ loaderData }: Route.ComponentProps) {
  return "sold" in loaderData ? <SoldVehicle {...loaderData} /> : <ListedVehicle {...loaderData} />;
}

type ListedVehiclePage = Exclude<Route.ComponentProps["loaderData"], { sold: unknown }>;
type SoldVehiclePage = Extract<Route.ComponentProps["loaderData"], { sold: unknown }>;

/** What a sold vehicle was, in the words its page used: "Ford Fiesta Zetec, 2019, 42,000 miles, £10,995". */
function soldSummary(sold: SoldVehicleRecord) {
  const name = [sold.make, sold.model, sold.derivative].filter(Boolean).join(" ");
  const facts = [sold.yearOfManufacture, sold.mileage !== undefined && formatMiles(sold.mileage), formatPounds(sold.priceGBP)]
    .filter(Boolean)
    .join(", ");
  return { name, facts, type: sold.vehicleType, make: sold.make, model: sold.model };
}

function SoldVehicle({ sold, similar }: SoldVehiclePage) {
  const nouns = sold.type && VEHICLE_NOUNS[sold.type];
  return (
    <article className="page vehicle-page vehicle-page--sold">
      <div className="vehicle-page__top">
        <h1>This vehicle has been sold</h1>
        <p className="lede">
          The {sold.name} ({sold.facts}) is no longer for sale.
        </p>
        <p>
          <Link to={nouns ? `/${sold.type}-search` : "/vehicles"}>See all our {nouns ? nouns.many : "vehicles"}</Link>
        </p>
      </div>
      {sold.type && <SimilarAlert type={sold.type} make={sold.make} model={sold.model} />}
      {similar.length > 0 && (
        <section className="vehicle-page__similar" aria-labelledby="similar-heading">
          <h2 id="similar-heading">Similar {nouns ? nouns.many : "vehicles"} in stock</h2>
          <DisclosedAbove>
            <VehicleGrid vehicles={similar} />
          </DisclosedAbove>
        </section>
      )}
    </article>
  );
}

function ListedVehicle(loaderData: ListedVehiclePage) {
  const { record, pageUrl, crumbs, backTo, openNow, messageHref, choice, similar, reducedBy, mileage } = loaderData;
  const { vehicle, adverts } = record;
  const make = vehicle.make || "Unknown";
  const model = vehicle.model || "Unknown";
  const { amountGBP: price } = adverts.retailAdverts.totalPrice;
  const { vatStatus } = adverts.retailAdverts;
  const nouns = VEHICLE_NOUNS[vehicle.vehicleType];
  useViewedVehicle(record._id);
  return (
    <article className="page vehicle-page">
      <div className="vehicle-page__top">
        <Breadcrumbs crumbs={crumbs} />
        <p className="vehicle-page__tools">
          {backTo ? <BackToResults to={backTo} /> : <Link to={`/${vehicle.vehicleType}-search`}>See all our {nouns.many}</Link>}
          <ShareButton title={`${make} ${model} for sale`} url={pageUrl} />
          <SaveButton id={record._id} name={[make, model, vehicle.derivative].filter(Boolean).join(" ")} withLabel />
        </p>
      </div>
      <div className="vehicle-page__media">
        <Gallery images={shownImages(record)} name={`${make} ${model}`} type={vehicle.vehicleType} />
      </div>
      <div className="vehicle-page__summary">
        <h1>
          {make} {model}
        </h1>
        <p className="lede">{vehicle.derivative || "Unknown"}</p>
        <div className="vehicle-page__prices">
          <p className="vehicle-page__price">{formatPounds(price)}</p>
          <MonthlyPrice price={price} vatStatus={vatStatus} />
        </div>
        <ReservedBadge reserved={record.reserved} />
        <PriceReducedBadge by={reducedBy} />
        <FigureList figures={keyFacts(vehicle)} className="key-facts" />
        <p className="vehicle-page__vat">{vatStatement(price, vatStatus)}</p>
        <WhereAndWhen openNow={openNow} branch={record.branch} />
        <MileageNote miles={record.vehicle.odometerReadingMiles} comparison={mileage} />
        <VehicleActions vehicle={{ id: record._id, make, model, registration: vehicle.registration }} messageHref={messageHref} />
        <FinancePanel
          price={price}
          vatStatus={vatStatus}
          vehicle={{ id: record._id, make, model, registration: vehicle.registration, mileage: vehicle.odometerReadingMiles }}
          choice={choice}
        />
        <PriceDropAlert vehicleId={record._id} type={vehicle.vehicleType} />
      </div>
      <div className="vehicle-page__facts">
        <VehicleFacts record={record} />
      </div>
      {similar.length > 0 && (
        <section className="vehicle-page__similar" aria-labelledby="similar-heading">
          <h2 id="similar-heading">Similar {nouns.many}</h2>
          <DisclosedAbove>
            <VehicleGrid vehicles={similar} belowTheFold />
          </DisclosedAbove>
        </section>
      )}
      <DisclosedAbove>
        <RecentlyViewed except={record._id} className="vehicle-page__similar" />
      </DisclosedAbove>
    </article>
  );
}

/**
 * The search the buyer came from. Opened from it within the site, the link goes back in the
 * browser's history, so the results come back scrolled to where the buyer left them (React
 * Router restores the position of a page gone back to, not of one opened afresh); otherwise,
 * and without JavaScript, it opens the search afresh.
 */
function BackToResults({ to }: { to: string }) {
  const navigate = useNavigate();
  const goBack = (event: MouseEvent<HTMLAnchorElement>) => {
    const cameFromWithinTheSite = (window.history.state as { idx?: number } | null)?.idx;
    if (!cameFromWithinTheSite || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(-1);
  };
  return (
    <Link to={to} onClick={goBack}>
      Back to results
    </Link>
  );
}

/**
 * The monthly price each card shows, beside the price in the first screen (a buyer who
 * searched by monthly budget looks for it there), with the representative example it is
 * worked out on a tap away in the finance panel.
 */
function MonthlyPrice({ price, vatStatus }: { price: number; vatStatus?: string }) {
  return (
    <p className="vehicle-page__monthly">
      <span>
        From <strong>{formatPounds(monthlyPriceFrom(price, vatStatus))}</strong> a month
      </span>{" "}
      <a href={`#${REPRESENTATIVE_EXAMPLE_ID}`}>Representative example</a>
    </p>
  );
}

/** Where the vehicle is and whether the showroom is open now, beside the price. */
function WhereAndWhen({ openNow, branch: code }: { openNow: string; branch: string | undefined }) {
  const dealer = useDealer();
  const branch = isDealerGroup(dealer) ? branchOf(dealerBranches(dealer), code) : undefined;
  return (
    <p className="where-and-when">
      <span>{branch ? `At our ${branch.name} branch, ${postalAddress(branch)}.` : `At ${dealer.name}, ${postalAddress(dealer)}.`}</span>{" "}
      <strong className="where-and-when__open">{openNow}.</strong>{" "}
      <Link to={branch ? `/branches/${branch.code}` : "/contact"}>Opening hours and directions</Link>
    </p>
  );
}

/** VAT in plain words, with what an ex-VAT price comes to. */
function vatStatement(price: number, vatStatus: string | undefined): string {
  if (priceExcludesVat(vatStatus)) return `Plus VAT: ${formatPounds(priceIncludingVat(price, vatStatus))} including VAT at 20%.`;
  if (vatStatus?.trim().toLowerCase() === "no vat") return "No VAT to pay on this vehicle.";
  return "Price includes VAT where it applies.";
}

function MileageNote({ miles, comparison }: { miles: number | undefined; comparison: MileageComparison | undefined }) {
  if (!comparison || miles === undefined) return null;
  const { difference, averageForAge, averagePerYear } = comparison;
  const verdict =
    difference === 0 ? "exactly the average" : `${formatMiles(Math.abs(difference))} ${difference > 0 ? "above" : "below"} average`;
  return (
    <p className="mileage-note">
      <strong>{formatMiles(miles)}</strong>, {verdict}{" "}
      <span className="mileage-note__basis">
        (the average for its age is {formatMiles(averageForAge)}, at {formatMiles(averagePerYear)} a year: Department for Transport figures)
      </span>
    </p>
  );
}
