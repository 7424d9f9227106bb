import { addDays } from "../../domain/opening-hours";

/** The Monday of a date's week (YYYY-MM-DD). */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * The day the diary opens on when the address names none: the day of the next test drive
 * booked, from today on; with none, the first day one can be booked; with none of those,
 * today. So on a Sunday it opens on the week ahead, where the bookings are, not the one ending.
 */
export function diaryOpensOn(today: string, bookedDays: readonly string[], firstBookableDay: string | undefined): string {
  const next = bookedDays.filter((day) => day >= today).sort()[0];
  return next ?? firstBookableDay ?? today;
}
