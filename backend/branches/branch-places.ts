import { dealerBranches, type Branch } from "../../domain/branches";
import type { Dealer } from "../../domain/dealer";
import { metresBetween, type GeoPoint } from "../../domain/distance";
import { outwardCodeOf } from "../../domain/uk-formats";
import type { VehicleRecord } from "../../domain/vehicle";
import { ConfigError, type Config } from "../config";
import { loadDealerNow } from "../dealer-config";
import { outcodeCentre } from "../geo/outcode-locations";

export interface PlacedBranch extends Branch {
  location: GeoPoint;
}

/**
 * Where each of the dealer's branches is, and so where each vehicle stands: what the search
 * engines index (a vehicle's branch, Meilisearch's `_geo`) and measure distances to. Made
 * from the dealer's branches (domain/branches.ts), whatever their source; one instance per
 * dealer file is shared by everything in the process that measures, and `follow`s the
 * branches the staff area publishes, so that every engine and the alert matcher measure to
 * the branches as published from the next search on, without a restart.
 */
export class BranchPlaces {
  private placedBranches: readonly PlacedBranch[] = [];
  private byCode: ReadonlyMap<string, PlacedBranch> = new Map();
  /** Rises each time the branches are followed: an answer measured before is stale. */
  revision = 0;

  private constructor(branches: readonly Branch[]) {
    this.follow(branches);
  }

  /** Each branch at its `location`, or else its postcode's outward-code centre; a branch with neither is a mistake in the dealer file. */
  static of(branches: readonly Branch[]): BranchPlaces {
    return new BranchPlaces(branches);
  }

  get branches(): readonly PlacedBranch[] {
    return this.placedBranches;
  }

  /**
   * Measures to these branches from now on. All are placed before any is replaced: a branch
   * the site cannot place throws ConfigError and leaves the branches as they were.
   */
  follow(branches: readonly Branch[]): void {
    const placed = branches.map((branch) => {
      const location = branch.location ?? placeOfPostcode(branch.address.postcode);
      if (!location) {
        throw new ConfigError(
          `The branch ${branch.code}'s postcode ${branch.address.postcode} is not one the site can place: give its location (lat, lon) in the dealer file`,
        );
      }
      return { ...branch, location };
    });
    this.placedBranches = placed;
    this.byCode = new Map(placed.map((branch) => [branch.code, branch]));
    this.revision++;
  }

  static ofDealer(dealer: Dealer): BranchPlaces {
    return BranchPlaces.of(dealerBranches(dealer));
  }

  /** Where a vehicle whose record names no branch the dealer has stands. */
  get main(): PlacedBranch {
    return this.branches[0]!;
  }

  branch(code: string | undefined): PlacedBranch {
    return (code !== undefined && this.byCode.get(code)) || this.main;
  }

  /** The record as the search engines index it: with the code of the branch it stands at. */
  placed(record: VehicleRecord): VehicleRecord {
    const code = this.branch(record.branch).code;
    return record.branch === code ? record : { ...record, branch: code };
  }

  /** Metres from a point to the branch a vehicle stands at. */
  metresTo(point: GeoPoint, code: string | undefined): number {
    return metresBetween(point, this.branch(code).location);
  }
}

/** The centre of a postcode's outward code, when the site knows it. */
export function placeOfPostcode(postcode: string): GeoPoint | undefined {
  const outward = outwardCodeOf(postcode);
  return outward ? outcodeCentre(outward) : undefined;
}

/**
 * Each branch's postcode the site cannot place, by the path of the dealer's details it is
 * at ("branches.1.address.postcode"), for the staff area to refuse before publishing it; a
 * dealer with one branch is placed by its own postcode. A branch with a location needs none.
 */
export function unplacedPostcodes(details: Pick<Dealer, "address" | "branches">): Record<string, string> {
  const places = details.branches?.length
    ? details.branches.map((branch, i) => ({ path: `branches.${i}.address.postcode`, branch }))
    : [{ path: "address.postcode", branch: { address: details.address, location: undefined } }];
  const problems: Record<string, string> = {};
  for (const { path, branch } of places) {
    if (branch.location || placeOfPostcode(branch.address.postcode)) continue;
    problems[path] = outwardCodeOf(branch.address.postcode)
      ? "is not a postcode the site can place on the map: check it"
      : "must be a UK postcode, like WN3 5AB";
  }
  return problems;
}

const placesByFile = new Map<string, BranchPlaces>();

/**
 * The branches of the dealer file the configuration names, read once per file: the places
 * every engine of the process shares, which then follow the published branches
 * (backend/branches/published-branches.ts).
 */
export function branchPlacesOf(config: Pick<Config, "DEALER_CONFIG">): BranchPlaces {
  let places = placesByFile.get(config.DEALER_CONFIG);
  if (!places) {
    places = BranchPlaces.ofDealer(loadDealerNow(config.DEALER_CONFIG));
    placesByFile.set(config.DEALER_CONFIG, places);
  }
  return places;
}
