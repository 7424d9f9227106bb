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
 * from the dealer's branches (domain/branches.ts), whatever their source.
 */
export class BranchPlaces {
  private readonly byCode: ReadonlyMap<string, PlacedBranch>;

  private constructor(readonly branches: readonly PlacedBranch[]) {
    this.byCode = new Map(branches.map((branch) => [branch.code, branch]));
  }

  /** Each branch at its `location`, or else its postcode's outward-code centre; a branch with neither is a mistake in the dealer file. */
  static of(branches: readonly Branch[]): BranchPlaces {
    return new BranchPlaces(
      branches.map((branch) => {
        const outward = outwardCodeOf(branch.address.postcode);
        const location = branch.location ?? (outward ? outcodeCentre(outward) : undefined);
        if (!location) {
          throw new ConfigError(
            `The branch ${branch.code}'s postcode ${branch.address.postcode} is not one the site can place: give its location (lat, lon) in the dealer file`,
          );
        }
        return { ...branch, location };
      }),
    );
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

const placesByFile = new Map<string, BranchPlaces>();

/** The branches of the dealer file the configuration names, read once per file. */
export function branchPlacesOf(config: Pick<Config, "DEALER_CONFIG">): BranchPlaces {
  let places = placesByFile.get(config.DEALER_CONFIG);
  if (!places) {
    places = BranchPlaces.ofDealer(loadDealerNow(config.DEALER_CONFIG));
    placesByFile.set(config.DEALER_CONFIG, places);
  }
  return places;
}
