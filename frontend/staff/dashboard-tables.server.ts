import type { DashboardReport, GroupRow } from "../../backend/dashboard/dashboard";
import { csvText } from "../../backend/staff/csv-export";
import { AGE_BANDS } from "../../backend/dashboard/insight-days";
import { LEAD_KINDS } from "../../domain/lead-kinds";

/**
 * Each dashboard chart's figures as a table: what the chart's table view shows and its CSV
 * download holds, from the one report, so the two never disagree with each other or the chart.
 */

export const DASHBOARD_TABLES = [
  "leads-per-day",
  "reply-time",
  "makes",
  "models",
  "price-bands",
  "stock-age",
  "days-to-sell",
  "price-reductions",
  "searches-found-nothing",
] as const;
export type DashboardTableId = (typeof DASHBOARD_TABLES)[number];

export interface DashboardTable {
  id: DashboardTableId;
  title: string;
  header: string[];
  rows: (string | number)[][];
}

export const kindLabel = (kind: string) => LEAD_KINDS[kind as keyof typeof LEAD_KINDS]?.label ?? kind;

/** "2.5%", or "none" where nothing was seen. */
export function conversion({ views, leads }: Pick<GroupRow, "views" | "leads">): string {
  return views === 0 ? "none" : `${((100 * leads) / views).toFixed(1)}%`;
}

/** Hours and minutes: "1 h 05 min". */
export function waitText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${String(minutes % 60).padStart(2, "0")} min` : `${minutes} min`;
}

function groupTable(id: DashboardTableId, title: string, name: string, rows: GroupRow[], report: DashboardReport): DashboardTable {
  const { showsViews, showsLeads } = report.groups!;
  return {
    id,
    title,
    header: [
      name,
      ...(showsViews ? ["Views"] : []),
      ...(showsLeads ? ["Leads"] : []),
      ...(showsViews && showsLeads ? ["Views to leads"] : []),
    ],
    rows: rows.map((row) => [
      row.label,
      ...(showsViews ? [row.views] : []),
      ...(showsLeads ? [row.leads] : []),
      ...(showsViews && showsLeads ? [conversion(row)] : []),
    ]),
  };
}

/** The tables the member's report holds, in the dashboard's order. */
export function dashboardTables(report: DashboardReport): DashboardTable[] {
  const tables: DashboardTable[] = [];
  const { leads, groups, stock } = report;
  if (leads) {
    tables.push({
      id: "leads-per-day",
      title: "Leads per day, by kind",
      header: ["Day", ...leads.kinds.map(kindLabel), "All leads"],
      rows: leads.days.map((day, i) => [day, ...leads.perDay[i]!, leads.perDay[i]!.reduce((sum, count) => sum + count, 0)]),
    });
    tables.push({
      id: "reply-time",
      title: `Time to first reply, against the target of ${report.replyTargetHours} hours`,
      header: ["Day received", "Leads", "Answered", "Answered within the target", "Mean wait (minutes)"],
      rows: leads.replies.map(({ day, received, replied, onTime, meanMinutes }) => [day, received, replied, onTime, meanMinutes ?? ""]),
    });
  }
  if (groups) {
    tables.push(groupTable("makes", "Makes", "Make", groups.makes, report));
    tables.push(groupTable("models", "Models", "Model", groups.models, report));
    tables.push(groupTable("price-bands", "Price bands", "Price band", groups.bands, report));
  }
  if (stock) {
    tables.push({
      id: "stock-age",
      title: "Stock by days in stock",
      header: ["Days in stock", "Vehicles"],
      rows: AGE_BANDS.map(({ label }, i) => [label, stock.ages[i]!]),
    });
    tables.push({
      id: "days-to-sell",
      title: "Days to sell",
      header: ["Days to sell", "Vehicles sold"],
      rows: AGE_BANDS.map(({ label }, i) => [label, stock.sold[i]!]),
    });
    tables.push({
      id: "price-reductions",
      title: "Price reductions, and leads a fortnight before and after",
      header: ["Day", "Vehicle", "Vehicle id", "From (£)", "To (£)", "Leads before", "Leads after"],
      rows: stock.reductions.map((cut) => [cut.day, cut.vehicle, cut.vehicleId, cut.fromGBP, cut.toGBP, cut.leadsBefore, cut.leadsAfter]),
    });
    tables.push({
      id: "searches-found-nothing",
      title: "Searches that found nothing",
      header: ["Search", "Times"],
      rows: stock.nothingFound.map(({ search, count }) => [search, count]),
    });
  }
  return tables;
}

/** A table as the CSV download sends it. */
export function tableCsv(table: DashboardTable): string {
  return csvText(
    table.header,
    table.rows.map((row) => row.map(String)),
  );
}
