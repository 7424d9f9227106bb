import { Link } from "react-router";
import { dealerContext } from "../../../backend/http/request-context";
import {
  addDays,
  dayText,
  isCalendarDate,
  scheduleOf,
  showroomMoment,
  TEST_DRIVE_DAYS_AHEAD,
  testDriveDays,
} from "../../../domain/opening-hours";
import { diaryOpensOn, mondayOf } from "../../staff/diary-days";
import { statusLabel } from "../../staff/lead-labels";
import { vehicleName, whoSent } from "../../staff/lead-views.server";
import { staffPageMeta } from "../../staff/staff-meta";
import { asMember, requireMember, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/diary";

export function meta() {
  return staffPageMeta("Test-drive diary");
}

type DiaryView = "day" | "week";

/**
 * The test drives booked for a day or a week (/staff/diary?view=day&date=2026-11-30), slot by
 * slot, each linking to its lead. The week runs Monday to Sunday; without a date, it is this
 * one on the showroom's clock.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const member = requireMember(context, url, "sales");
  const { inbox } = staffOf(context).services;
  const now = new Date();
  const today = showroomMoment(now).date;
  const view: DiaryView = url.searchParams.get("view") === "day" ? "day" : "week";
  const given = url.searchParams.get("date");
  const unreadable = given !== null && given !== "" && !isCalendarDate(given);
  const opensOn = async () => {
    // Drives are booked up to TEST_DRIVE_DAYS_AHEAD days ahead: every booking still to come is in this span.
    const ahead = await asMember(() => inbox.diary(member, today, addDays(today, TEST_DRIVE_DAYS_AHEAD + 1)));
    const bookedDays = ahead.flatMap((lead) => {
      const { day } = lead.data as { day?: unknown };
      return typeof day === "string" ? [day] : [];
    });
    return diaryOpensOn(today, bookedDays, testDriveDays(scheduleOf(context.get(dealerContext)), now)[0]?.date);
  };
  const date = given && !unreadable ? given : await opensOn();
  const from = view === "day" ? date : mondayOf(date);
  const dayCount = view === "day" ? 1 : 7;
  const to = addDays(from, dayCount);
  const leads = await asMember(() => inbox.diary(member, from, to));
  const days = Array.from({ length: dayCount }, (_, i) => addDays(from, i)).map((day) => ({
    date: day,
    text: dayText(day),
    today: day === today,
    slots: leads
      .filter((lead) => (lead.data as { day?: unknown }).day === day)
      .map((lead) => ({
        id: lead.id,
        time: String((lead.data as { time?: unknown }).time ?? ""),
        who: whoSent(lead),
        vehicle: vehicleName(lead),
        reference: lead.reference,
        status: lead.work.status,
      })),
  }));
  return { view, date, from, to, today, days, unreadable, total: leads.length };
}

export default function Diary({ loaderData }: Route.ComponentProps) {
  const { view, date, days, unreadable, total, today } = loaderData;
  const step = view === "day" ? 1 : 7;
  const href = (to: { view?: DiaryView; date?: string }) => `/staff/diary?view=${to.view ?? view}&date=${to.date ?? date}`;
  const noun = view === "day" ? "day" : "week";
  const heading = view === "day" ? days[0]!.text : `Week of ${days[0]!.text}`;
  return (
    <section className="staff-page">
      <h1>Test-drive diary</h1>
      {unreadable && (
        <p className="notice" role="status">
          The date in the address could not be read (it should look like 2026-11-30), so the {noun} of the next test drives is shown.
        </p>
      )}
      <nav aria-label="Diary" className="staff-views">
        <ul>
          <li>
            <Link to={href({ date: addDays(date, -step) })} rel="prev">
              Previous {noun}
            </Link>
          </li>
          <li>
            <Link to={href({ date: today })}>{view === "day" ? "Today" : "This week"}</Link>
          </li>
          <li>
            <Link to={href({ date: addDays(date, step) })} rel="next">
              Next {noun}
            </Link>
          </li>
          <li>
            <Link to={href({ view: "day" })} aria-current={view === "day" ? "page" : undefined}>
              Day
            </Link>
          </li>
          <li>
            <Link to={href({ view: "week" })} aria-current={view === "week" ? "page" : undefined}>
              Week
            </Link>
          </li>
        </ul>
      </nav>
      <h2>{heading}</h2>
      <p role="status">{total === 1 ? "1 test drive booked" : `${total} test drives booked`}</p>
      {days.map((day) => (
        <section key={day.date} className="staff-diary-day" aria-labelledby={`diary-${day.date}`}>
          <h3 id={`diary-${day.date}`}>
            {view === "week" ? <Link to={href({ view: "day", date: day.date })}>{day.text}</Link> : day.text}
            {day.today && " (today)"}
          </h3>
          {day.slots.length === 0 ? (
            <p className="staff-hint">No test drives booked.</p>
          ) : (
            <ol>
              {day.slots.map((slot) => (
                <li key={slot.id}>
                  <Link to={`/staff/leads/${slot.id}`}>
                    <strong>{slot.time}</strong> {slot.who}
                    {slot.vehicle && `, ${slot.vehicle}`} ({statusLabel(slot.status).toLowerCase()}, {slot.reference})
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </section>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "../../staff/StaffErrorBoundary";
