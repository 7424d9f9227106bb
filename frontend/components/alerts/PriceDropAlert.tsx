import type { VehicleType } from "../../../domain/vehicle-types";
import { AlertForm } from "./AlertForm";

/** "Tell me if the price drops" on a vehicle page: an alert for this vehicle's price, and for its sale with similar ones. */
export function PriceDropAlert({ vehicleId, type }: { vehicleId: string; type: VehicleType }) {
  return (
    <details className="save-search save-search--vehicle">
      <summary className="save-search__summary">Tell me if the price drops</summary>
      <div className="save-search__body">
        <AlertForm type={type} query="" vehicleId={vehicleId} submitLabel="Tell me if the price drops" />
      </div>
    </details>
  );
}
