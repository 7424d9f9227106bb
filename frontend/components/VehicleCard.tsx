import { branchOf, dealerBranches, isDealerGroup } from "../../domain/branches";
import { milesAway } from "../../domain/distance";
import { monthlyPriceFrom } from "../../domain/finance";
import { formatMiles, formatPounds } from "../../domain/format";
import { shownReduction } from "../../domain/price-reduction";
import type { VehicleRecord } from "../../domain/vehicle";
import { shownImages, type ShownImage } from "../../domain/vehicle-photos";
import type { VehicleType } from "../../domain/vehicle-types";
import { FinanceDisclosure, useDisclosedByPage } from "./FinanceDisclosure";
import { PriceReducedBadge } from "./PriceReducedBadge";
import { SiteLink } from "./SiteLink";
import { ReservedBadge } from "./ReservedBadge";
import { CardTools } from "./saved/CardTools";
import { useDealer } from "./use-dealer";
import { Picture, preloadPicture } from "./vehicle/Picture";

/** What a results card shows: enough to choose which vehicle to open, and no more. */
export interface VehicleCardData {
  id: string;
  type: VehicleType;
  title: string;
  derivative?: string;
  price: number;
  /** How much the price came down by, while buyers are told of it. */
  reducedBy?: number;
  /** A deposit taken: shown, marked "Reserved". */
  reserved?: boolean;
  /** On the site's representative finance terms, from domain/finance.ts like the vehicle page's. */
  monthly: number;
  vatStatus?: string;
  mileage?: number;
  year?: number;
  transmission?: string;
  image?: ShownImage;
  /** Miles from the buyer's postcode to the vehicle's branch, when the search was given one. */
  distanceMiles?: number;
  /** The code of the branch it stands at, as its record names it (the dealer's first when it names none). */
  branch?: string;
}

/** One card across a phone, two on a tablet, up to four on a desktop. */
const CARD_SIZES = "(min-width: 75em) 25vw, (min-width: 40em) 50vw, 100vw";

/** A car, van or truck outline saying photos are coming, for a vehicle listed without any. */
export function placeholderImageOf(type: VehicleType): string {
  return `/images/placeholder-${type}.svg`;
}

/** A record's card, as a loader makes it: the reduction is judged by the server's clock, so the page hydrates as rendered. */
export function cardOf(record: VehicleRecord & { distanceMiles?: number }): VehicleCardData {
  const { _id, vehicle, adverts } = record;
  const reducedBy = shownReduction(record, new Date());
  return {
    id: _id,
    type: vehicle.vehicleType,
    title: `${vehicle.make} ${vehicle.model}`,
    derivative: vehicle.derivative,
    price: adverts.retailAdverts.totalPrice.amountGBP,
    ...(reducedBy !== undefined && { reducedBy }),
    ...(record.reserved && { reserved: true }),
    monthly: monthlyPriceFrom(adverts.retailAdverts.totalPrice.amountGBP, adverts.retailAdverts.vatStatus),
    vatStatus: adverts.retailAdverts.vatStatus,
    mileage: vehicle.odometerReadingMiles,
    year: vehicle.yearOfManufacture,
    transmission: vehicle.transmissionType,
    image: shownImages(record)[0],
    ...(record.distanceMiles !== undefined && { distanceMiles: record.distanceMiles }),
    ...(record.branch !== undefined && { branch: record.branch }),
  };
}

/**
 * One vehicle in a results grid. The whole card is the link's target (its title's link is
 * stretched over it), while a screen reader hears just the title as the link.
 */
export function VehicleCard({ vehicle, eager = false }: { vehicle: VehicleCardData; eager?: boolean }) {
  const facts = [vehicle.year, vehicle.mileage === undefined ? undefined : formatMiles(vehicle.mileage), vehicle.transmission].filter(
    (fact) => fact !== undefined,
  );
  return (
    <article className="vehicle-card">
      <Picture
        image={vehicle.image ?? { href: placeholderImageOf(vehicle.type) }}
        sizes={CARD_SIZES}
        className="vehicle-card__image"
        alt=""
        width={800}
        height={600}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
      />
      <CardTools vehicle={vehicle} />
      <div className="vehicle-card__body">
        <h2 className="vehicle-card__title">
          <SiteLink to={`/vehicles/${vehicle.id}`}>{vehicle.title}</SiteLink>
        </h2>
        {vehicle.derivative && <p className="vehicle-card__derivative">{vehicle.derivative}</p>}
        <p className="vehicle-card__price">
          {formatPounds(vehicle.price)}
          {vehicle.vatStatus && <span className="tag">{vehicle.vatStatus}</span>}
        </p>
        <ReservedBadge reserved={vehicle.reserved} />
        <PriceReducedBadge by={vehicle.reducedBy} />
        <p className="vehicle-card__monthly">
          From <strong>{formatPounds(vehicle.monthly)}</strong> a month
        </p>
        {facts.length > 0 && (
          <ul className="vehicle-card__facts" aria-label="Key facts">
            {facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
        )}
        <VehiclePlace distanceMiles={vehicle.distanceMiles} branch={vehicle.branch} />
      </div>
    </article>
  );
}

/**
 * How far away it is ("23 miles from you"), and for a dealer group, at which branch: a
 * dealer with one site names none.
 */
function VehiclePlace({ distanceMiles, branch }: Pick<VehicleCardData, "distanceMiles" | "branch">) {
  const dealer = useDealer();
  const at = isDealerGroup(dealer) ? branchOf(dealerBranches(dealer), branch).name : undefined;
  if (distanceMiles === undefined && !at) return null;
  return (
    <p className="vehicle-card__place">
      {distanceMiles !== undefined && <span className="vehicle-card__distance">{milesAway(distanceMiles)} from you</span>}
      {at && <span className="vehicle-card__branch">{at} branch</span>}
    </p>
  );
}

/** The cards whose pictures load at once when a grid opens the page: what a phone shows first. */
const EAGER_CARDS = 2;

/**
 * Cards in a responsive grid; the first row loads its pictures at once, the rest as they
 * near the screen. A grid `belowTheFold` (similar vehicles under a vehicle, the home page's
 * offers) loads none at once: its pictures would take a slow phone's bandwidth from the
 * photo or text it sees first. Every card quotes a monthly price, so the finance
 * disclosure follows the cards, unless the page shows it once for all its grids.
 */
export function VehicleGrid({ vehicles, belowTheFold = false }: { vehicles: readonly VehicleCardData[]; belowTheFold?: boolean }) {
  const disclosedByPage = useDisclosedByPage();
  if (vehicles.length === 0) return null;
  // A phone's largest paint: asked for from the head, before the HTML above it (the filters) is read.
  const firstImage = vehicles[0]!.image;
  if (!belowTheFold && firstImage) preloadPicture(firstImage, CARD_SIZES);
  return (
    <>
      <ol className="vehicle-grid">
        {vehicles.map((vehicle, i) => (
          <li key={vehicle.id}>
            <VehicleCard vehicle={vehicle} eager={!belowTheFold && i < EAGER_CARDS} />
          </li>
        ))}
      </ol>
      {!disclosedByPage && <FinanceDisclosure />}
    </>
  );
}
