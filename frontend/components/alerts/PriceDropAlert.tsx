import type { VehicleType } from "../../../domain/vehicle-types";
import { AlertOpener } from "./LazyAlertForm";

const PRICE_DROP = "Tell me if the price drops";
const SIMILAR = "Tell me when a similar one arrives";

/** "Tell me if the price drops" on a vehicle page: an alert for this vehicle's price, and for its sale with similar ones. */
export function PriceDropAlert({ vehicleId, type }: { vehicleId: string; type: VehicleType }) {
  return (
    <AlertOpener
      className="save-search"
      href={`/alerts?vehicle=${encodeURIComponent(vehicleId)}`}
      label={PRICE_DROP}
      form={{ type, search: { query: "" }, vehicleId, submitLabel: PRICE_DROP }}
    />
  );
}

/** On a sold vehicle's page: an alert for the next one of its make and model. */
export function SimilarAlert({ type, make, model }: { type: VehicleType; make: string; model: string }) {
  const query = new URLSearchParams({ make, model }).toString();
  return (
    <AlertOpener
      className="save-search save-search--none"
      href={`/alerts?${new URLSearchParams({ type, query })}`}
      label={SIMILAR}
      form={{ type, search: { query, description: `${make} ${model}` }, submitLabel: SIMILAR }}
    />
  );
}
