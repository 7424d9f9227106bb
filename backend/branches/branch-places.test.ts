import { describe, expect, it } from "vitest";
import { dealerBranches } from "../../domain/branches";
import { dealerSchema } from "../../domain/dealer";
import { ConfigError } from "../config";
import { loadDealerNow } from "../dealer-config";
import { BranchPlaces, unplacedPostcodes } from "./branch-places";

const group = loadDealerNow("dealer-group.json");
const single = dealerSchema.parse(loadDealerNow("dealer.json"));
const wiganCentre = { lat: 53.5448, lon: -2.6319 };

describe("the branches' places", () => {
  it("follows branches published anew: a branch moved is measured where it is now, one added is known", () => {
    const places = BranchPlaces.ofDealer(group);
    const before = places.metresTo(wiganCentre, "bolton");
    const revision = places.revision;
    const [wigan, bolton, ...rest] = dealerBranches(group);
    const movedToLiverpool = { ...bolton!, address: { ...bolton!.address, postcode: "L3 4AQ" } };
    const added = { ...wigan!, code: "chorley", name: "Chorley", address: { ...wigan!.address, postcode: "PR7 1AA" } };

    places.follow([wigan!, movedToLiverpool, ...rest, added]);

    expect(places.metresTo(wiganCentre, "bolton")).toBeGreaterThan(before);
    expect(places.branch("chorley").code).toBe("chorley");
    expect(places.revision).toBeGreaterThan(revision);
  });

  it("keeps the branches it had when one published cannot be placed", () => {
    const places = BranchPlaces.ofDealer(group);
    const [wigan] = dealerBranches(group);
    const codes = places.branches.map(({ code }) => code);
    expect(() => places.follow([{ ...wigan!, address: { ...wigan!.address, postcode: "ZZ99 9ZZ" } }])).toThrow(ConfigError);
    expect(places.branches.map(({ code }) => code)).toEqual(codes);
  });
});

describe("postcodes the site cannot place", () => {
  it("names each branch's postcode that is not a UK postcode, or not one the site knows, unless the branch gives its location", () => {
    const [wigan, bolton, warrington] = dealerBranches(group);
    const problems = unplacedPostcodes({
      address: group.address,
      branches: [
        { ...wigan!, address: { ...wigan!.address, postcode: "not a postcode" } },
        { ...bolton!, address: { ...bolton!.address, postcode: "ZZ99 9ZZ" } },
        { ...warrington!, address: { ...warrington!.address, postcode: "ZZ99 9ZZ" }, location: wiganCentre },
      ],
    });
    expect(problems).toEqual({
      "branches.0.address.postcode": "must be a UK postcode, like WN3 5AB",
      "branches.1.address.postcode": "is not a postcode the site can place on the map: check it",
    });
    expect(unplacedPostcodes(group)).toEqual({});
  });

  it("places a dealer with one branch by its own postcode", () => {
    expect(unplacedPostcodes(single)).toEqual({});
    expect(unplacedPostcodes({ address: { ...single.address, postcode: "ZZ99 9ZZ" } })).toEqual({
      "address.postcode": "is not a postcode the site can place on the map: check it",
    });
  });
});
