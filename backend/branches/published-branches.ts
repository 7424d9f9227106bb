import { dealerBranches, type Branch } from "../../domain/branches";
import type { Dealer } from "../../domain/dealer";
import { ConfigError } from "../config";
import type { Logger } from "../logger";
import type { BranchPlaces } from "./branch-places";

/**
 * Keeps the process's branch places to the dealer's branches as the staff area publishes
 * them, the places having been made from `placed` (the dealer file's, as at the first
 * start): called with each published dealer, it
 * moves the places, and tells `changed` the new branches, only when they changed. Branches
 * the site cannot place are refused before publishing (backend/content/content-editing.ts);
 * should such branches reach it all the same (an older version brought back), the places
 * stay as they were and the error is logged.
 */
export function branchFollower(
  places: BranchPlaces,
  placed: readonly Branch[],
  logger: Logger,
  changed: (branches: readonly Branch[]) => void,
): (dealer: Dealer) => void {
  let followed = JSON.stringify(placed);
  return (dealer: Dealer): void => {
    const branches = dealerBranches(dealer);
    const published = JSON.stringify(branches);
    if (published === followed) return;
    try {
      places.follow(branches);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      logger.error({ err: error }, "The published branches cannot be placed: distances are still measured to the branches before");
      return;
    }
    followed = published;
    changed(branches);
  };
}
