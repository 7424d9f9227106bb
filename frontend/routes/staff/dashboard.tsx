import { data, Form, Link } from "react-router";
import { addDays, AGE_BANDS, dayOf } from "../../../backend/dashboard/insight-days";
import { formatCount } from "../../../domain/format";
import { DateRange } from "../../staff/DateRange";
import { BarChart, ColumnChart, Legend, type Series } from "../../staff/charts";
import { dashboardTables, kindLabel, type DashboardTable, type DashboardTableId } from "../../staff/dashboard-tables.server";
import { rangeOf } from "../../staff/dashboard-range.server";
import { staffPageMeta } from "../../staff/staff-meta";
import { asMember, requireMember, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/dashboard";

export function meta() {
  return staffPageMeta("Dashboard");
}

/** What sells, over a range of days: each chart from the stores' kept counts, each as the member's role may see it. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const member = requireMember(context, url);
  const { range, problem } = rangeOf(url.searchParams);
  const report = await asMember(() => staffOf(context).services.dashboard.report(member, range));
  const loaded = {
    range,
    problem,
    report,
    kindLabels: report.leads?.kinds.map(kindLabel) ?? [],
    ageLabels: AGE_BANDS.map(({ label }) => label),
    tables: dashboardTables(report),
    lastDays: [7, 30, 90, 365].map((days) => ({ days, from: addDays(dayOf(new Date()), 1 - days), to: dayOf(new Date()) })),
  };
  return problem ? data(loaded, { status: 400 }) : loaded;
}

const shortDay = (day: string) => {
  const [, month, date] = day.split("-");
  return `${Number(date)} ${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][Number(month) - 1]}`;
};
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const hours = (value: number) => `${Number(value.toFixed(1))} h`;
const counted = (count: number, noun: string) => `${formatCount(count)} ${noun}${count === 1 ? "" : "s"}`;

function TableView({ table, csvHref }: { table: DashboardTable; csvHref: string }) {
  return (
    <>
      <details className="chart-table">
        <summary>Table: {table.title}</summary>
        {/* A table wider than the screen scrolls sideways: reached by the keyboard like the staff area's other wide tables. */}
        <div className="staff-table-scroll" tabIndex={0} role="region" aria-label={`Table: ${table.title}`}>
          <table className="staff-table">
            <caption>{table.title}</caption>
            <thead>
              <tr>
                {table.header.map((name) => (
                  <th key={name} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) =>
                    j === 0 ? (
                      <th key={j} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={j}>{typeof cell === "number" ? formatCount(cell) : cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <p className="chart-download">
        <a href={csvHref} download>
          Download {table.title.toLowerCase()} as CSV
        </a>
      </p>
    </>
  );
}

export default function StaffDashboard({ loaderData }: Route.ComponentProps) {
  const { range, problem, report, kindLabels, ageLabels, tables, lastDays } = loaderData;
  const query = `from=${range.from}&to=${range.to}`;
  const tableOf = (id: DashboardTableId) => tables.find((table) => table.id === id)!;
  const chart = (id: DashboardTableId, title: string, drawing: React.ReactNode, legend: readonly string[] = []) => (
    <section key={id} aria-labelledby={`${id}-heading`} className="dashboard-chart">
      <h2 id={`${id}-heading`}>{title}</h2>
      {drawing}
      <Legend names={legend} />
      <TableView table={tableOf(id)} csvHref={`/staff/dashboard/csv/${id}?${query}`} />
    </section>
  );
  const { leads, groups, stock } = report;
  const groupSeries = (rows: { views: number; leads: number }[]): Series[] => [
    ...(groups?.showsLeads ? [{ name: "Leads", values: rows.map((row) => row.leads) }] : []),
    ...(groups?.showsViews ? [{ name: "Views", values: rows.map((row) => row.views) }] : []),
  ];
  const groupChart = (id: "makes" | "models" | "price-bands", title: string, rows: { label: string; views: number; leads: number }[]) => {
    const series = groupSeries(rows);
    return chart(
      id,
      title,
      rows.length === 0 ? (
        <p>Nothing counted in these days.</p>
      ) : (
        <BarChart
          id={`${id}-chart`}
          title={title}
          summary={`${series.map(({ name, values }) => `${formatCount(sum(values))} ${name.toLowerCase()}`).join(" and ")} across ${rows.length} ${
            id === "price-bands" ? "price bands" : id
          }; the most: ${rows[0]!.label}.`}
          labels={rows.map(({ label }) => label)}
          series={series}
          formatValue={formatCount}
        />
      ),
      series.map(({ name }) => name),
    );
  };

  return (
    <section className="staff-page dashboard">
      <h1>Dashboard</h1>
      <Form method="get" className="staff-filters" aria-label="Dates">
        <DateRange idPrefix="dashboard" label="From" params={new URLSearchParams(query)} />
        <div className="staff-filters__actions">
          <button type="submit" className="button">
            Show
          </button>
        </div>
      </Form>
      {problem && (
        <p className="notice notice--problem" role="alert">
          {problem.message}. Showing the last 30 days instead.
        </p>
      )}
      <p className="staff-hint">
        {shortDay(range.from)} {range.from.slice(0, 4)} to {shortDay(range.to)} {range.to.slice(0, 4)}.{" "}
        {lastDays.map(({ days, from, to }) => (
          <span key={days}>
            <Link to={`/staff/dashboard?from=${from}&to=${to}`}>Last {days} days</Link>{" "}
          </span>
        ))}
      </p>

      {leads &&
        chart(
          "leads-per-day",
          "Leads per day, by kind",
          <ColumnChart
            id="leads-per-day-chart"
            title="Leads per day, by kind"
            summary={
              kindLabels.length === 0
                ? `No leads in these ${leads.days.length} days.`
                : `${counted(sum(leads.perDay.map(sum)), "lead")} in ${leads.days.length} days: ${kindLabels
                    .map((label, i) => `${formatCount(sum(leads.perDay.map((day) => day[i]!)))} ${label.toLowerCase()}`)
                    .join(", ")}.`
            }
            categories={leads.days.map(shortDay)}
            series={leads.kinds.map((_, i) => ({ name: kindLabels[i]!, values: leads.perDay.map((day) => day[i]!) }))}
            formatValue={formatCount}
            wholeNumbers
          />,
          kindLabels,
        )}
      {leads &&
        chart(
          "reply-time",
          "Time to first reply",
          <ColumnChart
            id="reply-time-chart"
            title={`Mean time to first reply, by the day leads arrived, against the target of ${report.replyTargetHours} hours`}
            summary={`Of ${formatCount(sum(leads.replies.map(({ received }) => received)))} leads, ${formatCount(
              sum(leads.replies.map(({ replied }) => replied)),
            )} were answered, ${formatCount(sum(leads.replies.map(({ onTime }) => onTime)))} of them within ${report.replyTargetHours} hours.`}
            categories={leads.days.map(shortDay)}
            series={[{ name: "Mean wait", values: leads.replies.map(({ meanMinutes }) => (meanMinutes ?? 0) / 60) }]}
            target={{ value: report.replyTargetHours, label: `Target ${report.replyTargetHours} h` }}
            formatValue={hours}
          />,
        )}
      {groups && groupChart("makes", "Makes", groups.makes)}
      {groups && groupChart("models", "Models", groups.models)}
      {groups && groupChart("price-bands", "Price bands", groups.bands)}
      {stock &&
        chart(
          "stock-age",
          "Stock by days in stock",
          <ColumnChart
            id="stock-age-chart"
            title="Vehicles in stock now, by days in stock"
            summary={`${formatCount(sum(stock.ages))} vehicles in stock; ${formatCount(stock.ages.at(-1)!)} of them over 180 days.`}
            categories={ageLabels}
            series={[{ name: "Vehicles", values: stock.ages }]}
            formatValue={formatCount}
            wholeNumbers
          />,
        )}
      {stock &&
        chart(
          "days-to-sell",
          "Days to sell",
          <ColumnChart
            id="days-to-sell-chart"
            title="Vehicles sold in these days, by days to sell"
            summary={`${formatCount(sum(stock.sold))} vehicles left stock in these days.`}
            categories={ageLabels}
            series={[{ name: "Vehicles sold", values: stock.sold }]}
            formatValue={formatCount}
            wholeNumbers
          />,
        )}
      {stock &&
        chart(
          "price-reductions",
          "Price reductions, and leads before and after",
          stock.reductions.length === 0 ? (
            <p>No price came down in these days.</p>
          ) : (
            <BarChart
              id="price-reductions-chart"
              title="Leads in the fortnight before and after each price reduction"
              summary={`${stock.reductions.length} price reductions: ${formatCount(sum(stock.reductions.map(({ leadsBefore }) => leadsBefore)))} leads before them and ${formatCount(
                sum(stock.reductions.map(({ leadsAfter }) => leadsAfter)),
              )} after.`}
              labels={stock.reductions.slice(0, 12).map(({ vehicle, day }) => `${vehicle}, ${shortDay(day)}`)}
              series={[
                { name: "Leads before", values: stock.reductions.slice(0, 12).map(({ leadsBefore }) => leadsBefore) },
                { name: "Leads after", values: stock.reductions.slice(0, 12).map(({ leadsAfter }) => leadsAfter) },
              ]}
              formatValue={formatCount}
            />
          ),
          ["Leads before", "Leads after"],
        )}
      {stock &&
        chart(
          "searches-found-nothing",
          "Searches that found nothing",
          stock.nothingFound.length === 0 ? (
            <p>Every search in these days found something.</p>
          ) : (
            <BarChart
              id="searches-found-nothing-chart"
              title="What buyers searched for and did not find"
              summary={`${formatCount(sum(stock.nothingFound.map(({ count }) => count)))} searches found nothing; the most asked for: ${stock.nothingFound[0]!.search}.`}
              labels={stock.nothingFound.slice(0, 12).map(({ search }) => search)}
              series={[{ name: "Searches", values: stock.nothingFound.slice(0, 12).map(({ count }) => count) }]}
              formatValue={formatCount}
            />
          ),
        )}
    </section>
  );
}
