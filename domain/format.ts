/**
 * How numbers read on the site: British English, pounds, miles.
 *
 * Written out rather than with Intl.NumberFormat, which gives the same text (format.test.ts
 * holds them to it) but loads locale data the first time a page uses it: about 40 ms in the
 * middle of the search page's hydration on a desktop, several times that on a phone.
 */

/** "12,495", "1,234.5", "-0.25": at most `maxFractionDigits` decimals, trailing zeros dropped below `minFractionDigits`. */
export function formatNumber(value: number, maxFractionDigits = 3, minFractionDigits = 0): string {
  const digits = roundedDigits(Math.abs(value), maxFractionDigits);
  let whole = digits.slice(0, digits.length - maxFractionDigits) || "0";
  let fraction = digits.slice(digits.length - maxFractionDigits);
  while (fraction.length > minFractionDigits && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  whole = whole.replace(/\B(?=(\d{3})+$)/g, ",");
  const sign = value < 0 && /[1-9]/.test(digits) ? "-" : "";
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
}

/**
 * The digits of `magnitude` rounded to `decimals` places, as one string with the point left
 * out, padded so at least one digit stands before it. Rounds the decimal the number reads as
 * ("1.005" to "1.01", as Intl does), not its binary value ("1.00", as toFixed does).
 */
function roundedDigits(magnitude: number, decimals: number): string {
  const written = String(magnitude);
  const scaled = written.includes("e") ? Math.round(magnitude * 10 ** decimals) : Math.round(Number(`${written}e${decimals}`));
  return String(scaled).padStart(decimals + 1, "0");
}

/** "£12,495", or "£309.93" when there are pence. */
export function formatPounds(amount: number): string {
  return Number.isInteger(amount) ? pounds(formatNumber(amount, 0)) : formatPoundsAndPence(amount);
}

/** "£4,132.00": always with pence, so a column of figures lines up. */
export function formatPoundsAndPence(amount: number): string {
  return pounds(formatNumber(amount, 2, 2));
}

/** The pound sign goes after a minus: "-£3.50". */
function pounds(number: string): string {
  return number.startsWith("-") ? `-£${number.slice(1)}` : `£${number}`;
}

export function formatCount(value: number): string {
  return formatNumber(value);
}

export function formatMiles(miles: number): string {
  return `${formatCount(miles)} ${miles === 1 ? "mile" : "miles"}`;
}
