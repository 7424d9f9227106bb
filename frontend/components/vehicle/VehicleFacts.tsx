import { cleanAirZoneStatus } from "../../../domain/clean-air-zone";
import type { VehicleRecord } from "../../../domain/vehicle";
import { FigureList } from "../FigureList";
import { CLEAN_AIR_VERDICT_WORDS, runningCosts, specification, type Details, type FactRow } from "./vehicle-fact-rows";

/**
 * What a buyer checks before travelling: the feed's description, the equipment list, every
 * specification value the record holds, and the running costs with the Clean Air Zone
 * standard. The twelve specification rows of specification() always show, "N/A" where missing; the
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

function FactList({ rows }: { rows: readonly FactRow[] }) {
  return <FigureList figures={rows.map(([label, value]) => [label, value ?? "N/A"] as const)} className="spec-list" />;
}

function CleanAirZone({ vehicle }: { vehicle: Details }) {
  const { verdict, explanation } = cleanAirZoneStatus(vehicle.vehicleType, vehicle.fuelType, vehicle.emissionClass);
  const words = CLEAN_AIR_VERDICT_WORDS[verdict];
  return (
    <div className={`clean-air clean-air--${verdict.replace(" ", "-")}`}>
      <p className="clean-air__verdict">
        <strong>ULEZ and Clean Air Zones:</strong> {words}
      </p>
      <p className="clean-air__why">{explanation}</p>
    </div>
  );
}
