import type { VehicleType } from "../../../domain/vehicle-types";
import { SaveSearch } from "./SaveSearch";

/** On a sold vehicle's page, open: an alert for the next one of its make and model. */
export function SimilarAlert({ type, make, model }: { type: VehicleType; make: string; model: string }) {
  return (
    <SaveSearch
      type={type}
      shown={{ filters: { make, model }, sort: "relevance", page: 1, pageSize: 24 }}
      options={{}}
      total={0}
      heading="Tell me when a similar one arrives"
    />
  );
}
