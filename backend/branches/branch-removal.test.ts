import { describe, expect, it } from "vitest";
import { dealerBranches } from "../../domain/branches";
import type { Dealer } from "../../domain/dealer";
import type { VehicleRecord } from "../../domain/vehicle";
import { knownRecord, KNOWN_VEHICLES } from "../../tests/support/known-vehicles";
import { loadDealerNow } from "../dealer-config";
import type { StockView } from "../store/vehicle-store";
import { branchRemovalProblems } from "./branch-removal";

const group = loadDealerNow("dealer-group.json");
const [wigan, bolton, warrington] = dealerBranches(group);

/** The known vehicles, the first two at Bolton, the third at Warrington, the rest naming no branch. */
function stockAt(branches: (string | undefined)[]): StockView {
  const records: VehicleRecord[] = KNOWN_VEHICLES.map(({ id }, i) => ({ ...knownRecord(id)!, branch: branches[i] }));
  return {
    async *scan() {
      yield* records;
    },
    getMany: async () => [],
    getManyJson: async () => [],
  };
}
const stock = stockAt(["bolton", "bolton", "warrington"]);

/** The dealer with these branches. */
const publishing = (branches: Dealer["branches"]): Dealer => ({ ...group, branches });

describe("removing a branch", () => {
  it("is refused while vehicles in stock stand at it, saying how many", async () => {
    expect(await branchRemovalProblems(group, publishing([wigan!]), stock)).toEqual({
      branches:
        "Bolton (bolton) still has 2 vehicles; Warrington (warrington) still has 1 vehicle: move them to another branch or sell them before removing it",
    });
  });

  it("is allowed for a branch no vehicle names, and so is adding, changing or reordering branches", async () => {
    expect(await branchRemovalProblems(group, publishing([bolton!, warrington!]), stock)).toEqual({});
    const renamed = { ...bolton!, name: "Bolton Central", leadEmail: "central@example.com" };
    expect(await branchRemovalProblems(group, publishing([renamed, warrington!, wigan!]), stock)).toEqual({});
  });

  it("to one site, made from the dealer's own details, is a removal of every branch but the one it makes", async () => {
    const { branches: _branches, ...single } = group;
    expect(await branchRemovalProblems(group, single, stockAt(["bolton"]))).toEqual({
      branches: "Bolton (bolton) still has 1 vehicle: move them to another branch or sell them before removing it",
    });
  });
});
