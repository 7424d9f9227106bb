import { WeightedChoice, type SeededRandom } from "./random";

/** The history a listing declares: previous owners and how the servicing was kept. */

const MAX_OWNERS = 5;
/** Extra owners a vehicle gathers a year, at most; older stock has changed hands more. */
const OWNER_CHANGES_PER_YEAR = 0.45;
/** Vehicles under a year old have not reached their first service. */
const FIRST_SERVICE_YEARS = 1;

const SERVICE_HISTORIES = WeightedChoice.of({
  "Full service history": 45,
  "Full dealership history": 30,
  "Part service history": 20,
  "No service history": 5,
});

/** 0 for new stock; used stock has had 1-5 owners, more as it ages. */
export function chooseOwners(isNew: boolean, ageYears: number, random: SeededRandom): number {
  if (isNew) return 0;
  return Math.min(MAX_OWNERS, 1 + Math.floor(random.next() * ageYears * OWNER_CHANGES_PER_YEAR));
}

export function chooseServiceHistory(ageYears: number, random: SeededRandom): string {
  return ageYears < FIRST_SERVICE_YEARS ? "First service not due" : SERVICE_HISTORIES.pick(random);
}
