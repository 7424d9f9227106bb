import type { VehicleRecord } from "./vehicle";

/** Apart from vehicle.ts (its zod schemas), so that pages can read a price without loading the validator. */
export function priceOf(record: Pick<VehicleRecord, "adverts">): number {
  return record.adverts.retailAdverts.totalPrice.amountGBP;
}
