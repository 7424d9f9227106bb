import { describe, expect, it } from "vitest";
import { dealerBranches } from "../../domain/branches";
import type { VehicleRecord } from "../../domain/vehicle";
import { knownRecord } from "../../tests/support/known-vehicles";
import { SOLD_LATELY } from "../../tests/support/lead-vehicles";
import { loadDealer } from "../dealer-config";
import { soldVehicleOf } from "../store/sold-vehicles";
import { findLeadVehicle, type StockLookup } from "./lead-vehicle";

const branches = dealerBranches(await loadDealer("dealer-group.json"));
const fiesta = knownRecord("fiesta-2019")!;
const atBranch = (record: VehicleRecord, branch: string): VehicleRecord => ({ ...record, branch });

function stock(listed: readonly VehicleRecord[], sold: StockLookup["sold"] = async () => undefined): StockLookup {
  return { get: async (id) => listed.find((record) => record._id === id), sold };
}

describe("the vehicle a lead is about, and the branch it stood at", () => {
  it("keeps the branch a listed vehicle stands at, and the first branch for one whose record names none the dealer has", async () => {
    expect(await findLeadVehicle(stock([atBranch(fiesta, "bolton")]), fiesta._id, branches)).toMatchObject({
      inStock: true,
      make: "Ford",
      branch: "bolton",
    });
    expect((await findLeadVehicle(stock([fiesta]), fiesta._id, branches))?.branch).toBe("wigan");
    expect((await findLeadVehicle(stock([atBranch(fiesta, "closed-down")]), fiesta._id, branches))?.branch).toBe("wigan");
  });

  it("keeps the branch of a vehicle sold lately from its listing, without the listing itself", async () => {
    const sold = soldVehicleOf(atBranch(fiesta, "bolton"), new Date("2026-11-01T10:00:00Z"));
    const found = await findLeadVehicle(
      stock([], async () => sold),
      fiesta._id,
      branches,
    );
    expect(found).toMatchObject({ inStock: false, make: "Ford", branch: "bolton", soldAt: sold.soldAt });
    expect(found).not.toHaveProperty("listing");
  });

  it("names no branch for a dealer with one", async () => {
    const only = dealerBranches(await loadDealer("dealer.json"));
    expect(await findLeadVehicle(stock([atBranch(fiesta, "bolton")]), fiesta._id, only)).not.toHaveProperty("branch");
  });

  it("names no branch for a vehicle sold before listings were kept, nor for one never listed", async () => {
    const found = await findLeadVehicle(
      stock([], async () => SOLD_LATELY),
      SOLD_LATELY.id,
      branches,
    );
    expect(found).toMatchObject({ inStock: false, make: "Volkswagen" });
    expect(found).not.toHaveProperty("branch");
    expect(await findLeadVehicle(stock([]), "never-listed", branches)).toBeUndefined();
  });
});
