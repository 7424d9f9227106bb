import { Link } from "react-router";
import { addDays, dayText, isCalendarDate, showroomMoment } from "../../../domain/opening-hours";
import { statusLabel } from "../../staff/lead-labels";
import { vehicleName, whoSent } from "../../staff/lead-views.server";
import { staffPageMeta } from "../../staff/staff-meta";
import { asMember, requireMember, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/diary";

export function meta() {
  return staffPageMeta("Test-drive diary");
}

type DiaryView = "day" | "week";

/** The Monday of a date's week. */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * The test drives booked for a day or a week (/staff/diary?view=day&date=2026-11-30), slot by
 * slot, each linking to its lead. The week runs Monday to Sunday; without a date, it is this
 * one on the showroom's clock.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const member = requireMember(context, url, "sales");
  const today = showroomMoment(new Date()).date;
  const view: DiaryView = url.searchParams.get("view") === "day" ? "day" : "week";
  const given = url.searchParams.get("date");
  const unreadable = given !== null && given !== "" && !isCalendarDate(given);
  const date = given && !unreadable ? given : today;
  const from = view === "day" ? date : mondayOf(date);
  const dayCount = view === "day" ? 1 : 7;
  const to = addDays(from, dayCount);
  const leads = await asMember(() => staffOf(context).services.inbox.diary(member, from, to));
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
          The date in the address could not be read (it should look like 2026-11-30), so today&apos;s {noun} is shown.
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
