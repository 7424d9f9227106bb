import { z } from "zod";
import { addDays, dayOf } from "../../backend/dashboard/insight-days";
import type { DayRange } from "../../backend/dashboard/dashboard";

/** The longest range the dashboard shows at once: a year and a day, so a whole year compares with the last. */
export const MOST_DAYS = 366;
const DEFAULT_DAYS = 30;

const day = z.iso.date({ error: "must be a date like 2026-11-30" });

/** The dashboard's dates from its address: the last 30 days unless given; a date that is not one is named. */
export function rangeOf(params: URLSearchParams, now = new Date()): { range: DayRange; problem?: { field: string; message: string } } {
  const today = dayOf(now);
  const fallback = { from: addDays(today, 1 - DEFAULT_DAYS), to: today };
  const given = { from: params.get("from") || undefined, to: params.get("to") || undefined };
  for (const field of ["from", "to"] as const) {
    const value = given[field];
    if (value !== undefined && !day.safeParse(value).success) {
      return { range: fallback, problem: { field, message: `The ${field} date must be a date like ${today}, not "${value}"` } };
    }
  }
  const to = given.to ?? today;
  const from = given.from ?? addDays(to, 1 - DEFAULT_DAYS);
  if (from > to) return { range: fallback, problem: { field: "from", message: "The from date must not be after the to date" } };
  if (addDays(from, MOST_DAYS - 1) < to) {
    return { range: fallback, problem: { field: "from", message: `Choose at most ${MOST_DAYS} days at once` } };
  }
  return { range: { from, to } };
}
