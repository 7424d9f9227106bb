import { describe, expect, it } from "vitest";
import { dealerBranches, type Branch } from "../../domain/branches";
import { capturedLogger } from "../../tests/support/captured-logger";
import { loadDealerNow } from "../dealer-config";
import { BranchPlaces } from "./branch-places";
import { branchFollower } from "./published-branches";

const group = loadDealerNow("dealer-group.json");
const [wigan, bolton] = dealerBranches(group);

describe("following the published branches", () => {
  it("moves the places and says so only when the branches changed, and keeps them when they cannot be placed", () => {
    const places = BranchPlaces.ofDealer(group);
    const { logger, text } = capturedLogger();
    const told: (readonly Branch[])[] = [];
    const follow = branchFollower(places, dealerBranches(group), logger, (branches) => told.push(branches));

    follow(group);
    expect(told).toEqual([]);

    const moved = { ...bolton!, address: { ...bolton!.address, postcode: "L3 4AQ" } };
    follow({ ...group, branches: [wigan!, moved] });
    expect(told).toEqual([[wigan, moved]]);
    expect(places.branches.map(({ code }) => code)).toEqual(["wigan", "bolton"]);

    follow({ ...group, branches: [{ ...wigan!, address: { ...wigan!.address, postcode: "ZZ99 9ZZ" } }] });
    expect(told).toHaveLength(1);
    expect(places.branches.map(({ code }) => code)).toEqual(["wigan", "bolton"]);
    expect(text()).toContain("The published branches cannot be placed");
  });
});
