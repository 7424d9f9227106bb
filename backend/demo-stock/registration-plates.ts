import { WeightedChoice, type SeededRandom } from "./random";
import type { YearMonth } from "./stock-age";

/**
 * Current-format UK plates ("MA21 CDE"): a two-letter DVLA memory tag, the two-digit age
 * identifier of the half-year of first registration, and three random letters.
 */

/**
 * DVLA regions by first letter of the memory tag, weighted for a Liverpool dealer: most of
 * its stock was first registered in Manchester & Merseyside (M), more of the rest in the
 * neighbouring regions (Preston, Chester, Wales, Birmingham, Yorkshire) than further away.
 */
const REGIONS = WeightedChoice.of({
  M: 35,
  P: 7,
  D: 6,
  Y: 6,
  B: 6,
  L: 6,
  C: 4,
  N: 4,
  A: 3,
  E: 3,
  F: 3,
  G: 3,
  H: 3,
  K: 3,
  O: 3,
  R: 3,
  S: 3,
  V: 3,
  W: 3,
});
/** The second letter of a memory tag names the local office: A-Y without I and Q. */
const OFFICE_LETTERS = "ABCDEFGHJKLMNOPRSTUVWXY";
/** I and Q never appear among the random letters; Z does. */
const RANDOM_LETTERS = "ABCDEFGHJKLMNOPRSTUVWXYZ";
const SERIALS = RANDOM_LETTERS.length ** 3;
/** Age identifiers run 00-99; the number of identifiers per tag when keying issued plates. */
const AGE_IDENTIFIERS = 100;
const FIRST_LETTER = "A".charCodeAt(0);
/** Far beyond what a collision-rare draw ever needs; stops a loop if a region's plates ran out. */
const MAX_ATTEMPTS = 1_000;

/** YY for March-August registrations of 20YY, YY + 50 for September to the next February. */
export function ageIdentifier({ year, month }: YearMonth): number {
  if (month >= 3 && month <= 8) return year % 100;
  const septemberYear = month >= 9 ? year : year - 1;
  return (septemberYear % 100) + 50;
}

/** Issues plates that are unique among those it has issued. */
export class RegistrationIssuer {
  // Kept as small integers (under 2^30), which take far less memory than strings across 440,000 plates.
  private readonly issued = new Set<number>();

  issue(registered: YearMonth, random: SeededRandom): string {
    const age = ageIdentifier(registered);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const region = REGIONS.pick(random);
      const office = random.between(0, OFFICE_LETTERS.length - 1);
      const serial = random.between(0, SERIALS - 1);
      const tag = (region.charCodeAt(0) - FIRST_LETTER) * OFFICE_LETTERS.length + office;
      const key = (tag * AGE_IDENTIFIERS + age) * SERIALS + serial;
      if (this.issued.has(key)) continue;
      this.issued.add(key);
      return `${region}${OFFICE_LETTERS[office]}${String(age).padStart(2, "0")} ${serialLetters(serial)}`;
    }
    throw new RangeError(`no unused plates left for age identifier ${age}`);
  }
}

function serialLetters(serial: number): string {
  const base = RANDOM_LETTERS.length;
  return (
    RANDOM_LETTERS[Math.floor(serial / (base * base))]! + RANDOM_LETTERS[Math.floor(serial / base) % base]! + RANDOM_LETTERS[serial % base]!
  );
}
