/**
 * The dashboard's days and bands: a day is the showroom's (Europe/London, as the inbox and the
 * diary read times), written "YYYY-MM-DD" so days compare as text; prices and ages fall into
 * fixed bands, so counts kept per band add up over any range of days.
 */

const LONDON_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" });
const DAY_MS = 24 * 60 * 60_000;

export function dayOf(at: Date): string {
  return LONDON_DAY.format(at);
}

/** The day `days` after (or before) `day`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

export const wholeDaysBetween = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / DAY_MS));

/** Price bands as buyers search them, each its lowest price in pounds. */
export const PRICE_BANDS = [
  { from: 0, label: "Under £5,000" },
  { from: 5000, label: "£5,000–£9,999" },
  { from: 10_000, label: "£10,000–£14,999" },
  { from: 15_000, label: "£15,000–£19,999" },
  { from: 20_000, label: "£20,000–£29,999" },
  { from: 30_000, label: "£30,000–£49,999" },
  { from: 50_000, label: "£50,000 and over" },
] as const;

export function priceBandOf(pounds: number): string {
  let band: string = PRICE_BANDS[0].label;
  for (const { from, label } of PRICE_BANDS) if (pounds >= from) band = label;
  return band;
}

/** Days in stock, and days to sell, grouped as a stock manager reads them. */
export const AGE_BANDS = [
  { from: 0, label: "0–7 days" },
  { from: 8, label: "8–14 days" },
  { from: 15, label: "15–30 days" },
  { from: 31, label: "31–60 days" },
  { from: 61, label: "61–90 days" },
  { from: 91, label: "91–180 days" },
  { from: 181, label: "Over 180 days" },
] as const;

export function ageBandIndex(days: number): number {
  let index = 0;
  AGE_BANDS.forEach(({ from }, i) => {
    if (days >= from) index = i;
  });
  return index;
}
