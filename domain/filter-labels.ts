import { FILTERS, type NumericRange, type RangeFilterName } from "./filters";
import { formatNumber } from "./format";

/**
 * How a range reads to a visitor: "Up to £5,000", "£5,000 – £10,000", "100,000 miles and
 * over"; years read "2019", "1999 or older", "2018 or newer".
 */
export function rangeLabel(name: RangeFilterName, { min, max }: NumericRange): string {
  if (name === "year") {
    if (min !== undefined && max !== undefined) return min === max ? `${min}` : `${min} – ${max}`;
    return min !== undefined ? `${min} or newer` : `${max} or older`;
  }
  const { prefix = "", suffix = "" } = FILTERS[name].unit as { prefix?: string; suffix?: string };
  const amount = (value: number) => `${prefix}${formatNumber(value, 1)}${suffix}`;
  if (min !== undefined && max !== undefined) return min === max ? amount(min) : `${amount(min)} – ${amount(max)}`;
  return min !== undefined ? `${amount(min)} and over` : `Up to ${amount(max!)}`;
}
