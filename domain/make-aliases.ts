/**
 * What buyers type for a make when they do not spell it out: "VW", "Merc", "Landrover".
 * Both search engines index these beside the make itself, so a keyword search finds the make
 * by them with the same typo and prefix rules as any other word. Keyed by the make in lower
 * case, as feeds spell makes in any case.
 */
const MAKE_ALIASES: Readonly<Record<string, readonly string[]>> = {
  "alfa romeo": ["alfa"],
  "aston martin": ["aston"],
  chevrolet: ["chevy"],
  "land rover": ["landrover"],
  "mercedes-benz": ["merc", "mercedes", "benz"],
  "rolls-royce": ["rolls", "rollsroyce"],
  volkswagen: ["vw", "volks"],
};

/** The other names of a make; none for most. */
export function makeAliases(make: string | undefined): readonly string[] {
  return make === undefined ? [] : (MAKE_ALIASES[make.trim().toLowerCase()] ?? []);
}
