import { FILTERS, formatRange, parseRange, RANGE_FILTER_NAMES, type FacetOption, type NumericRange, type RangeFilterName } from "./filters";

/**
 * Range filters offered as a pair of selects, a minimum and a maximum (price, year, mileage):
 * which they are, the steps each select lists, and how the pair a form sends without
 * JavaScript (`priceMin=&priceMax=15000`) becomes the one parameter the public contract has
 * (`price=-15000`).
 */

export type RangeEnd = "min" | "max";

/** The range filters with steps, in the filter table's order. */
export const RANGE_PAIR_NAMES: readonly RangeFilterName[] = RANGE_FILTER_NAMES.filter((name) => rangeStepsOf(name) !== undefined);

function rangeStepsOf(name: RangeFilterName): readonly number[] | undefined {
  return (FILTERS[name] as { steps?: readonly number[] }).steps;
}

export function isRangePair(name: string): name is RangeFilterName {
  return (RANGE_PAIR_NAMES as readonly string[]).includes(name);
}

/** The form field of one end of a pair: `priceMin`, `priceMax`. Only forms without JavaScript send it. */
export function rangeEndParam(name: RangeFilterName, end: RangeEnd): string {
  return `${name}${end === "min" ? "Min" : "Max"}`;
}

/**
 * The steps one select of a pair lists: those within the span of the bands that hold
 * vehicles (the options counted without the filter itself, so picking one end does not
 * take steps from the other), and the end already chosen even off the steps (a band link,
 * `price=12495-`), so the select can show it. Without options (nothing matches) every step.
 */
export function rangeSteps(name: RangeFilterName, options: readonly FacetOption[], chosen?: number): number[] {
  const all = rangeStepsOf(name) ?? [];
  const held = options.filter((option) => option.count > 0).map((option) => parseRange(option.value));
  const bands = held.filter((band): band is NumericRange => !("problem" in band));
  let steps = [...all];
  if (bands.length > 0) {
    const low = Math.min(...bands.map((band) => band.min ?? Number.NEGATIVE_INFINITY));
    const high = Math.max(...bands.map((band) => band.max ?? Number.POSITIVE_INFINITY));
    steps = all.filter((step) => step >= low && step <= high);
  }
  if (chosen !== undefined && !steps.includes(chosen)) steps = [...steps, chosen].sort((a, b) => a - b);
  return steps;
}

/**
 * The address with each pair a form sent folded into its filter's parameter, where it
 * stands in the address: `priceMin=10000&priceMax=` reads `price=10000-`, both ends empty
 * no price at all, ends given the wrong way round are swapped, and an end that is not a
 * number is left out. The pair replaces a `price` sent beside it. Undefined when the
 * address has no pair, so it is not redirected.
 */
export function foldRangeEnds(params: URLSearchParams): URLSearchParams | undefined {
  const ends = RANGE_PAIR_NAMES.flatMap((name) => [rangeEndParam(name, "min"), rangeEndParam(name, "max")]);
  if (![...params.keys()].some((key) => ends.includes(key))) return undefined;
  const folded = new URLSearchParams();
  const written = new Set<string>();
  for (const [key, value] of params) {
    const name = RANGE_PAIR_NAMES.find(
      (candidate) => key === candidate || key === rangeEndParam(candidate, "min") || key === rangeEndParam(candidate, "max"),
    );
    if (name === undefined) {
      folded.append(key, value);
      continue;
    }
    // A filter whose pair was not sent keeps its value as given.
    const paired = params.has(rangeEndParam(name, "min")) || params.has(rangeEndParam(name, "max"));
    if (!paired) folded.append(key, value);
    else if (!written.has(name)) {
      written.add(name);
      const range = rangeOfEnds(params.get(rangeEndParam(name, "min")), params.get(rangeEndParam(name, "max")));
      if (range) folded.append(name, formatRange(range));
    }
  }
  return folded;
}

function rangeOfEnds(min: string | null, max: string | null): NumericRange | undefined {
  const read = (text: string | null) => {
    const range = parseRange(text ?? "");
    return "problem" in range ? undefined : range.min;
  };
  const [low, high] = [read(min), read(max)];
  if (low === undefined && high === undefined) return undefined;
  if (low !== undefined && high !== undefined && low > high) return { min: high, max: low };
  return { ...(low === undefined ? {} : { min: low }), ...(high === undefined ? {} : { max: high }) };
}
