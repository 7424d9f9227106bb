import { data } from "react-router";
import { priceExcludesVat, priceIncludingVat } from "../../domain/finance";
import { formatMiles, formatPounds } from "../../domain/format";
import { mileageAgainstAverage } from "../../domain/mileage";
import type { VehicleRecord } from "../../domain/vehicle";
import { catalogueContext, dealerContext, siteUrlContext } from "../request-context";
import { FinancePanel } from "../components/vehicle/FinancePanel";
import { Gallery } from "../components/vehicle/Gallery";
import { vehicleStructuredData } from "../components/vehicle/structured-data";
import { siteOrigin } from "../seo/site-origin";
import type { Route } from "./+types/vehicle-detail";
import { describePage } from "../seo/page-meta";

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [{ title: "Vehicle not found." }];
  const { vehicle, adverts } = page.record;
  const name = [vehicle.make, vehicle.model, vehicle.derivative].filter(Boolean).join(" ");
  const price = formatPounds(adverts.retailAdverts.totalPrice.amountGBP);
  const facts = [vehicle.yearOfManufacture, vehicle.odometerReadingMiles !== undefined && formatMiles(vehicle.odometerReadingMiles), vehicle.fuelType, vehicle.transmissionType]
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
  ];
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const record = await context.get(catalogueContext).get(params.id);
  if (!record) throw data("Vehicle not found.", { status: 404 });
  const dealer = context.get(dealerContext);
  const pageUrl = `${siteOrigin(context.get(siteUrlContext), url)}/vehicles/${record._id}`;
  return { record, structuredData: vehicleStructuredData(record, pageUrl, dealer) };
}

export default function VehicleDetail({ loaderData: { record } }: Route.ComponentProps) {
  const { vehicle, media, adverts } = record;
  const make = vehicle.make || "Unknown";
  const model = vehicle.model || "Unknown";
  const { amountGBP: price } = adverts.retailAdverts.totalPrice;
  const { vatStatus } = adverts.retailAdverts;
  return (
    <article className="page vehicle-page">
      <div className="vehicle-page__media">
        <Gallery images={media.images} name={`${make} ${model}`} type={vehicle.vehicleType} />
      </div>
      <div className="vehicle-page__summary">
        <h1>
          {make} {model}
        </h1>
        <p className="lede">{vehicle.derivative || "Unknown"}</p>
        <p className="vehicle-page__price">{formatPounds(price)}</p>
        <p className="vehicle-page__vat">{vatStatement(price, vatStatus)}</p>
        <MileageNote record={record} />
        <FinancePanel
          price={price}
          vatStatus={vatStatus}
          vehicle={{ id: record._id, make, model, registration: vehicle.registration, mileage: vehicle.odometerReadingMiles }}
        />
      </div>
      <section className="vehicle-page__specification" aria-labelledby="specification-heading">
        <h2 id="specification-heading">Specification</h2>
        <dl className="spec-list">
          {specification(vehicle).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value ?? "N/A"}</dd>
            </div>
          ))}
        </dl>
      </section>
    </article>
  );
}

/** VAT in plain words, with what an ex-VAT price comes to. */
function vatStatement(price: number, vatStatus: string | undefined): string {
  if (priceExcludesVat(vatStatus)) return `Plus VAT: ${formatPounds(priceIncludingVat(price, vatStatus))} including VAT at 20%.`;
  if (vatStatus?.trim().toLowerCase() === "no vat") return "No VAT to pay on this vehicle.";
  return "Price includes VAT where it applies.";
}

function MileageNote({ record }: { record: VehicleRecord }) {
  const { vehicle } = record;
  const comparison = mileageAgainstAverage(vehicle.vehicleType, vehicle.yearOfManufacture, vehicle.odometerReadingMiles);
  if (!comparison || vehicle.odometerReadingMiles === undefined) return null;
  const { difference, averageForAge, averagePerYear } = comparison;
  const verdict = difference === 0 ? "exactly the average" : `${formatMiles(Math.abs(difference))} ${difference > 0 ? "above" : "below"} average`;
  return (
    <p className="mileage-note">
      <strong>{formatMiles(vehicle.odometerReadingMiles)}</strong>, {verdict}{" "}
      <span className="mileage-note__basis">
        (the average for its age is {formatMiles(averageForAge)}, at {formatMiles(averagePerYear)} a year: Department for Transport figures)
      </span>
    </p>
  );
}

function specification(vehicle: VehicleRecord["vehicle"]): [string, string | number | undefined][] {
  return [
    ["Registration", vehicle.registration],
    ["Year", vehicle.yearOfManufacture],
    ["Mileage", vehicle.odometerReadingMiles === undefined ? undefined : formatMiles(vehicle.odometerReadingMiles)],
    ["Gearbox", vehicle.transmissionType],
    ["Fuel type", vehicle.fuelType],
    ["Body type", vehicle.bodyType],
    ["Engine size", vehicle.engineSize === undefined ? undefined : `${vehicle.engineSize.toFixed(1)} litres`],
    ["Doors", vehicle.doors],
    ["Seats", vehicle.seats],
    ["Service history", vehicle.serviceHistory],
    ["Emission class", vehicle.emissionClass],
    ["Owners", vehicle.owners],
  ];
}
