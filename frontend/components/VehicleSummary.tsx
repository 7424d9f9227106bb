import { Link } from "react-router";
import { formatMiles, formatPounds } from "../../domain/format";
import type { VehicleRecord } from "../../domain/vehicle";

/** One line of the simple stock list: what it is, its price, and the basics a buyer scans for. */
export function VehicleSummary({ vehicle: record }: { vehicle: VehicleRecord }) {
  const { vehicle, adverts } = record;
  const facts = [
    vehicle.yearOfManufacture,
    vehicle.odometerReadingMiles === undefined ? undefined : formatMiles(vehicle.odometerReadingMiles),
    vehicle.fuelType,
    vehicle.transmissionType,
  ].filter((fact) => fact !== undefined);
  return (
    <article className="vehicle-summary">
      <h2 className="vehicle-summary__title">
        <Link to={`/vehicles/${record._id}`}>
          {vehicle.make} {vehicle.model}
        </Link>
      </h2>
      {vehicle.derivative && <p className="vehicle-summary__derivative">{vehicle.derivative}</p>}
      <p className="vehicle-summary__price">
        {formatPounds(adverts.retailAdverts.totalPrice.amountGBP)}
        {adverts.retailAdverts.vatStatus && <span className="tag">{adverts.retailAdverts.vatStatus}</span>}
      </p>
      {facts.length > 0 && <p className="vehicle-summary__facts">{facts.join(" · ")}</p>}
    </article>
  );
}
