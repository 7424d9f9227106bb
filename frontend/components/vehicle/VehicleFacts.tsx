import { cleanAirZoneStatus } from "../../../domain/clean-air-zone";
import { formatMiles, formatNumber, formatPounds } from "../../../domain/format";
import type { VehicleRecord } from "../../../domain/vehicle";
import { FigureList } from "../FigureList";

type Details = VehicleRecord["vehicle"];
type Row = [label: string, value: string | number | undefined];

/**
 * What a buyer checks before travelling: the feed's description, the equipment list, every
 * specification value the record holds, and the running costs with the Clean Air Zone
 * standard. spec.md's twelve specification rows always show, "N/A" where missing; the
 * rest only when the record has them.
 */
export function VehicleFacts({ record }: { record: VehicleRecord }) {
  const { vehicle, adverts } = record;
  const { description } = adverts.retailAdverts;
  const features = vehicle.features ?? [];
  return (
    <>
      {description && (
        <section className="vehicle-page__section" aria-labelledby="description-heading">
          <h2 id="description-heading">Description</h2>
          <p className="vehicle-page__description">{description}</p>
        </section>
      )}
      {features.length > 0 && (
        <section className="vehicle-page__section" aria-labelledby="features-heading">
          <h2 id="features-heading">Features and equipment</h2>
          <ul className="feature-list">
            {features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </section>
      )}
      <section className="vehicle-page__section vehicle-page__specification" aria-labelledby="specification-heading">
        <h2 id="specification-heading">Specification</h2>
        <FactList rows={specification(vehicle)} />
      </section>
      <section className="vehicle-page__section" aria-labelledby="running-costs-heading">
        <h2 id="running-costs-heading">Running costs</h2>
        <FactList rows={runningCosts(vehicle)} />
        <CleanAirZone vehicle={vehicle} />
      </section>
    </>
  );
}

function FactList({ rows }: { rows: readonly Row[] }) {
  return <FigureList figures={rows.map(([label, value]) => [label, value ?? "N/A"] as const)} className="spec-list" />;
}

const unit = (value: number | undefined, words: (value: number) => string) => (value === undefined ? undefined : words(value));

function specification(vehicle: Details): Row[] {
  const always: Row[] = [
    ["Registration", vehicle.registration],
    ["Year", vehicle.yearOfManufacture],
    ["Mileage", unit(vehicle.odometerReadingMiles, formatMiles)],
    ["Gearbox", vehicle.transmissionType],
    ["Fuel type", vehicle.fuelType],
    ["Body type", vehicle.bodyType],
    ["Engine size", unit(vehicle.engineSize, (litres) => `${litres.toFixed(1)} litres`)],
    ["Doors", vehicle.doors],
    ["Seats", vehicle.seats],
    ["Service history", vehicle.serviceHistory],
    ["Emission class", vehicle.emissionClass],
    ["Owners", vehicle.owners],
  ];
  const whenGiven: Row[] = [
    ["Colour", vehicle.colour],
    ["Condition", vehicle.ownershipCondition],
    ["Engine power", unit(vehicle.enginePower, (bhp) => `${formatNumber(bhp)} bhp`)],
    ["0 to 62 mph", unit(vehicle.acceleration, (seconds) => `${formatNumber(seconds, 1)} seconds`)],
    ["Drive", vehicle.driveType],
    ["Cab type", vehicle.cabType],
    ["Wheelbase", vehicle.wheelbase],
  ];
  return [...always, ...whenGiven.filter(([, value]) => value !== undefined)];
}

function runningCosts(vehicle: Details): Row[] {
  const plugsIn = vehicle.batteryRange !== undefined || vehicle.fuelType?.toLowerCase() === "electric";
  return [
    ["Road tax", unit(vehicle.taxPerYear, (pounds) => `${formatPounds(pounds)} a year`)],
    ["CO2 emissions", unit(vehicle.co2Emissions, (grams) => `${formatNumber(grams)} g/km`)],
    ...(vehicle.fuelType?.toLowerCase() === "electric"
      ? []
      : ([["Fuel consumption", unit(vehicle.fuelConsumption, (mpg) => `${formatNumber(mpg, 1)} mpg`)]] as Row[])),
    ["Insurance group", vehicle.insuranceGroup],
    ...(plugsIn
      ? ([
          ["Battery range", unit(vehicle.batteryRange, (miles) => formatMiles(miles))],
          ["Charging time", unit(vehicle.chargingTime, (hours) => `${formatNumber(hours, 1)} hours at home`)],
        ] as Row[])
      : []),
  ];
}

function CleanAirZone({ vehicle }: { vehicle: Details }) {
  const { verdict, explanation } = cleanAirZoneStatus(vehicle.vehicleType, vehicle.fuelType, vehicle.emissionClass);
  const words = { compliant: "Meets the standard", "not compliant": "Does not meet the standard", unknown: "Not known" }[verdict];
  return (
    <div className={`clean-air clean-air--${verdict.replace(" ", "-")}`}>
      <p className="clean-air__verdict">
        <strong>ULEZ and Clean Air Zones:</strong> {words}
      </p>
      <p className="clean-air__why">{explanation}</p>
    </div>
  );
}
