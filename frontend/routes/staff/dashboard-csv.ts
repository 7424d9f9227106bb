import { data } from "react-router";
import { DASHBOARD_TABLES, dashboardTables, tableCsv } from "../../staff/dashboard-tables.server";
import { rangeOf } from "../../staff/dashboard-range.server";
import { asMember, requireMember, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/dashboard-csv";

/** One dashboard chart's figures as CSV, for the same dates and the same role's view as the page. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const member = requireMember(context, url);
  const id = DASHBOARD_TABLES.find((name) => name === params.table);
  if (!id) throw data(`There is no dashboard table called ${params.table}`, { status: 404 });
  const { range, problem } = rangeOf(url.searchParams);
  if (problem) throw data(problem.message, { status: 400 });
  const report = await asMember(() => staffOf(context).services.dashboard.report(member, range));
  const table = dashboardTables(report).find((one) => one.id === id);
  // A table the member's role does not see is refused as the page would refuse it.
  if (!table) throw data("Your account cannot see this table: ask an admin if you need it.", { status: 403 });
  return new Response(tableCsv(table), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${id}-${range.from}-to-${range.to}.csv"`,
    },
  });
}
