import { data } from "react-router";
import { formatMiles, formatPounds } from "../../domain/format";
import type { VehicleRecord } from "../../domain/vehicle";
import { catalogueContext } from "../request-context";
import type { Route } from "./+types/vehicle-detail";

const PLACEHOLDER_IMAGE = "/images/vehicle-placeholder.svg";

export function meta({ data: vehicle }: Route.MetaArgs) {
  if (!vehicle) return [{ title: "Vehicle not found." }];
  const { make, model, derivative } = vehicle.vehicle;
  const price = formatPounds(vehicle.adverts.retailAdverts.totalPrice.amountGBP);
  return [
    { title: `${make} ${model} ${derivative ?? ""} – ${price}`.replace(/\s+/g, " ") },
    { name: "description", content: `${make} ${model} for sale at ${price}.` },
  ];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const vehicle = await context.get(catalogueContext).get(params.id);
  if (!vehicle) throw data("Vehicle not found.", { status: 404 });
  return vehicle;
}

export default function VehicleDetail({ loaderData: record }: Route.ComponentProps) {
  const { vehicle, media, adverts } = record;
  const image = media.images[0];
  return (
    <article className="page vehicle-detail">
      <h1>
        {vehicle.make || "Unknown"} {vehicle.model || "Unknown"}
      </h1>
      <p className="lede">{vehicle.derivative ?? "Unknown"}</p>
      <img
        className="vehicle-detail__image"
        src={image?.href ?? PLACEHOLDER_IMAGE}
        alt={image ? `${vehicle.colour ?? ""} ${vehicle.make} ${vehicle.model}`.trim() : "Photos coming soon"}
        width={800}
        height={600}
      />
      <p className="vehicle-detail__price">
        {formatPounds(adverts.retailAdverts.totalPrice.amountGBP)}
        {adverts.retailAdverts.vatStatus && <span className="tag">{adverts.retailAdverts.vatStatus}</span>}
      </p>
      <h2>Specification</h2>
      <dl className="spec-list">
        {specification(vehicle).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value ?? "N/A"}</dd>
          </div>
        ))}
      </dl>
    </article>
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
