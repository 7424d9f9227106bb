import { FILTERS, type NumericRange, type RangeFilterName } from "./filters";
import { formatNumber } from "./format";

/**
 * How a range reads to a visitor: "Up to £15,000", "£10,000 to £15,000", "From £10,000",
 * "Up to 60,000 miles"; years read "2019", "1999 or older", "2018 or newer".
 */
export function rangeLabel(name: RangeFilterName, { min, max }: NumericRange): string {
  if (name === "year") {
    if (min !== undefined && max !== undefined) return min === max ? `${min}` : `${min} to ${max}`;
    return min !== undefined ? `${min} or newer` : `${max} or older`;
  }
  const amount = (value: number) => stepLabel(name, value);
  if (min !== undefined && max !== undefined) return min === max ? amount(min) : `${amount(min)} to ${amount(max)}`;
  return min !== undefined ? `From ${amount(min)}` : `Up to ${amount(max!)}`;
}

/** One end of a range as a minimum or maximum select lists it: "£15,000", "60,000 miles", "2018". */
export function stepLabel(name: RangeFilterName, value: number): string {
  if (name === "year") return String(value);
  const { prefix = "", suffix = "" } = FILTERS[name].unit as { prefix?: string; suffix?: string };
  return `${prefix}${formatNumber(value, 1)}${suffix}`;
}
