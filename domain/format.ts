/**
 * How numbers read on the site: British English, pounds, miles.
 *
 * Written out rather than with Intl.NumberFormat, which gives the same text (format.test.ts
 * holds them to it) but loads locale data the first time a page uses it: about 40 ms in the
 * middle of the search page's hydration on a desktop, several times that on a phone.
 */

/** "12,495", "1,234.5", "-0.25": at most `maxFractionDigits` decimals, trailing zeros dropped below `minFractionDigits`. */
export function formatNumber(value: number, maxFractionDigits = 3, minFractionDigits = 0): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? "NaN" : value > 0 ? "∞" : "-∞";
  // Counts and whole pounds, most of what a page shows (a search page formats a few hundred), need no rounding.
  if (Number.isSafeInteger(value)) {
    const fraction = "0".repeat(Math.min(minFractionDigits, maxFractionDigits));
    return `${value < 0 ? "-" : ""}${withThousands(String(Math.abs(value)))}${fraction ? `.${fraction}` : ""}`;
  }
  const digits = roundedDigits(Math.abs(value), maxFractionDigits);
  const whole = withThousands(digits.slice(0, digits.length - maxFractionDigits));
  let fraction = digits.slice(digits.length - maxFractionDigits);
  while (fraction.length > minFractionDigits && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  const sign = value < 0 && /[1-9]/.test(digits) ? "-" : "";
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
}

function withThousands(digits: string): string {
  return digits.length > 3 ? digits.replace(/\B(?=(\d{3})+$)/g, ",") : digits;
}

/**
 * The digits of `magnitude` rounded half up to `decimals` places, as one string with the
 * point left out. Works on the decimal the number reads as ("1.005" rounds to "1.01", as
 * Intl does), not its binary value ("1.00", as toFixed does).
 */
function roundedDigits(magnitude: number, decimals: number): string {
  const [whole, fraction = ""] = writtenOut(magnitude).split(".");
  const kept = whole + fraction.padEnd(decimals, "0").slice(0, decimals);
  return (fraction[decimals] ?? "0") >= "5" ? (BigInt(kept) + 1n).toString().padStart(kept.length, "0") : kept;
}

/** The shortest decimal that reads back as `magnitude`, without an exponent: 1e21 as "1000000000000000000000". */
function writtenOut(magnitude: number): string {
  const [mantissa = "", exponent = "0"] = String(magnitude).split("e");
  const [whole = "", fraction = ""] = mantissa.split(".");
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (point <= 0) return `0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + "0".repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
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

let longDates: Intl.DateTimeFormat | undefined;

/** "24 December 2026" for "2026-12-24": the same on the server and in the browser, whatever their time zones. */
export function longDate(date: string): string {
  longDates ??= new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  return longDates.format(new Date(`${date}T00:00:00Z`));
}
