/**
 * The dealer's opening hours as the dealer file words them ("Monday to Friday", "9am to
 * 5pm"), read once into a week, and what follows from them at a moment: open now and until
 * when, when it next opens, and the days and times a test drive can be booked. Everything is
 * on the showroom's clock, Europe/London, whatever the server's or the visitor's time zone,
 * so the clock changes move nothing.
 */

export const DEALER_TIME_ZONE = "Europe/London";

/** Minutes after midnight, on the showroom's clock. */
export interface OpeningSpan {
  opens: number;
  closes: number;
}

export interface Schedule {
  /** Sunday first, as Date.getUTCDay counts; undefined on a day it is closed. */
  week: readonly (OpeningSpan | undefined)[];
  /** Days it is closed though the week says open (bank holidays), as YYYY-MM-DD. */
  closedOn: ReadonlySet<string>;
}

/** The hours as the dealer file words them (dealer.ts): the weekly hours, and the days closed besides. */
export interface HoursSource {
  openingHours: readonly { days: string; hours: string }[];
  closedOn?: readonly string[] | undefined;
}

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const RANGE = /^(.+?)\s*(?:\bto\b|-|–|—)\s*(.+)$/i;

/** Thrown for words the schedule cannot be read from; the message says which. */
export class OpeningHoursError extends Error {}

/** The week the dealer file's opening hours describe; a day it does not name is a closed day. */
export function scheduleOf({ openingHours, closedOn = [] }: HoursSource): Schedule {
  const week: (OpeningSpan | undefined)[] = Array.from({ length: 7 }, () => undefined);
  const named = new Set<number>();
  for (const { days, hours } of openingHours) {
    const span = spanOf(hours);
    for (const day of daysOf(days)) {
      if (named.has(day)) throw new OpeningHoursError(`${DAY_NAMES[day]} is given hours twice`);
      named.add(day);
      week[day] = span;
    }
  }
  return { week, closedOn: new Set(closedOn) };
}

function dayNumber(word: string): number {
  const text = word.trim().toLowerCase().replace(/\.$/, "");
  const day = DAY_NAMES.findIndex((name) => text.length >= 3 && name.toLowerCase().startsWith(text));
  if (day < 0) throw new OpeningHoursError(`"${word.trim()}" is not a day of the week`);
  return day;
}

/** "Monday to Friday", "Mon-Fri", "Saturday and Sunday", "Monday, Wednesday & Friday". */
function daysOf(text: string): number[] {
  return text.split(/\s*(?:,|&|\band\b)\s*/i).flatMap((part) => {
    const range = RANGE.exec(part);
    if (!range) return [dayNumber(part)];
    const [first, last] = [dayNumber(range[1]!), dayNumber(range[2]!)];
    return Array.from({ length: ((last - first + 7) % 7) + 1 }, (_, i) => (first + i) % 7);
  });
}

/** "9am to 5pm", "9:30am - 1pm", "08:00–17:30", or "Closed". */
function spanOf(text: string): OpeningSpan | undefined {
  if (/^closed$/i.test(text.trim())) return undefined;
  const range = RANGE.exec(text.trim());
  if (!range) throw new OpeningHoursError(`"${text}" is not opening hours like "9am to 5pm"`);
  const span = { opens: clockMinutes(range[1]!), closes: clockMinutes(range[2]!) };
  if (span.closes <= span.opens) throw new OpeningHoursError(`"${text}" closes before it opens`);
  return span;
}

function clockMinutes(text: string): number {
  const time = /^(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?$/i.exec(text.trim());
  const [hour, minute] = [Number(time?.[1]), Number(time?.[2] ?? 0)];
  const half = time?.[3]?.toLowerCase();
  const valid = time && minute < 60 && (half ? hour >= 1 && hour <= 12 : time[2] !== undefined && hour < 24);
  if (!valid) throw new OpeningHoursError(`"${text.trim()}" is not a time like 9am, 5:30pm or 17:30`);
  return ((hour % (half ? 12 : 24)) + (half === "pm" ? 12 : 0)) * 60 + minute;
}

/** A moment on the showroom's clock. */
export interface ShowroomMoment {
  /** YYYY-MM-DD */
  date: string;
  minutes: number;
}

let showroomClock: Intl.DateTimeFormat | undefined;

export function showroomMoment(instant: Date): ShowroomMoment {
  showroomClock ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: DEALER_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const part = Object.fromEntries(showroomClock.formatToParts(instant).map(({ type, value }) => [type, value]));
  return { date: `${part.year}-${part.month}-${part.day}`, minutes: Number(part.hour) * 60 + Number(part.minute) };
}

/** The instant the showroom's clock reads `minutes` past midnight on `date` (YYYY-MM-DD), summer time or not. */
export function showroomInstant(date: string, minutes: number): Date {
  const asUtc = (moment: ShowroomMoment) => Date.parse(`${moment.date}T00:00:00Z`) + moment.minutes * 60_000;
  const wanted = asUtc({ date, minutes });
  // The clock's offset from UTC, read at a first guess and read again there, as a guess near a clock change may sit on the other side of it.
  let instant = wanted;
  for (let i = 0; i < 2; i++) instant = wanted - (asUtc(showroomMoment(new Date(instant))) - instant);
  return new Date(instant);
}

/** A real date written YYYY-MM-DD: "2026-02-30", "2026-11" and "x" are not. */
export function isCalendarDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && addDays(text, 0) === text;
}

/** Calendar days, counted on dates alone, so a 23- or 25-hour day is still one day. Only for a real date (isCalendarDate): anything else throws. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The hours of a date, or undefined when closed all day. */
export function hoursOn({ week, closedOn }: Schedule, date: string): OpeningSpan | undefined {
  return closedOn.has(date) ? undefined : week[weekdayOf(date)];
}

/** "9am", "5:30pm", "12pm" */
export function clockText(minutes: number): string {
  const [hour, minute] = [Math.floor(minutes / 60), minutes % 60];
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}${minute ? `:${String(minute).padStart(2, "0")}` : ""}${hour < 12 ? "am" : "pm"}`;
}

/** "Thursday 26 November" */
export function dayText(date: string): string {
  const [, month, day] = date.split("-").map(Number) as [number, number, number];
  return `${DAY_NAMES[weekdayOf(date)]} ${day} ${MONTH_NAMES[month - 1]}`;
}

/** How far ahead the schedule is searched for the next opening. */
const LOOK_AHEAD_DAYS = 28;

/** "Open today until 5pm", "Closed now, opens Monday 9am", from the schedule at a moment. */
export function openingStatus(schedule: Schedule, now: Date): string {
  const { date, minutes } = showroomMoment(now);
  const today = hoursOn(schedule, date);
  if (today && minutes >= today.opens && minutes < today.closes) return `Open today until ${clockText(today.closes)}`;
  if (today && minutes < today.opens) return `Closed now, opens today ${clockText(today.opens)}`;
  for (let ahead = 1; ahead <= LOOK_AHEAD_DAYS; ahead++) {
    const day = addDays(date, ahead);
    const hours = hoursOn(schedule, day);
    if (!hours) continue;
    // A weekday name alone would be ambiguous beyond the coming week.
    const when = ahead === 1 ? "tomorrow" : ahead < 7 ? DAY_NAMES[weekdayOf(day)] : dayText(day);
    return `Closed now, opens ${when} ${clockText(hours.opens)}`;
  }
  return "Closed now";
}

/** "Monday to Friday, 9am to 5pm", as the dealer file words it. */
export function openingHoursText({ openingHours }: Pick<HoursSource, "openingHours">): string {
  return openingHours.map(({ days, hours }) => `${days}, ${hours}`).join("; ");
}

export const TEST_DRIVE_DAYS_AHEAD = 14;
/** A test drive takes up to an hour, so the last starts an hour before closing. */
const TEST_DRIVE_MINUTES = 60;

export interface BookableDay {
  /** YYYY-MM-DD */
  date: string;
  /** Start times, "09:00" to "16:00" for a day open 9am to 5pm. */
  times: string[];
}

/** The start times a test drive can be booked at on a day with these hours. */
export function testDriveTimes({ opens, closes }: OpeningSpan): string[] {
  const times: string[] = [];
  for (let start = opens; start + TEST_DRIVE_MINUTES <= closes; start += TEST_DRIVE_MINUTES) times.push(timeOfDay(start));
  return times;
}

/** From tomorrow to 14 days ahead, the days the showroom is open, with their start times. */
export function testDriveDays(schedule: Schedule, now: Date): BookableDay[] {
  const today = showroomMoment(now).date;
  return Array.from({ length: TEST_DRIVE_DAYS_AHEAD }, (_, i) => addDays(today, i + 1)).flatMap((date) => {
    const hours = hoursOn(schedule, date);
    const times = hours ? testDriveTimes(hours) : [];
    return times.length > 0 ? [{ date, times }] : [];
  });
}

/** "09:00" for 540 minutes. */
export function timeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** 540 for "09:00"; undefined for anything else. */
export function minutesOf(time: string): number | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}
