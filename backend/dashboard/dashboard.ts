import { LEAD_KIND_NAMES, type LeadKindName } from "../../domain/lead-kinds";
import { mayActAs, mayOpenDashboard, NotAllowedError, seesDashboardLeads } from "../staff/permissions";
import type { StaffMember } from "../staff/staff-access";
import { addDays, AGE_BANDS, daysFrom, PRICE_BANDS } from "./insight-days";
import type { Insight } from "./insight";

/**
 * The staff dashboard's figures for a range of days, each from the counts the stores keep
 * (insight.ts) or the stock as followed now: what a member's role may see, and nothing else
 * (sales see leads, stock managers see stock, admins see both), decided here on the server.
 */

export interface DayRange {
  from: string;
  to: string;
}

export interface GroupRow {
  label: string;
  views: number;
  leads: number;
}

export interface Reduction {
  vehicleId: string;
  vehicle: string;
  day: string;
  fromGBP: number;
  toGBP: number;
  leadsBefore: number;
  leadsAfter: number;
}

export interface DashboardReport {
  range: DayRange;
  replyTargetHours: number;
  leads?: {
    days: string[];
    kinds: LeadKindName[];
    /** Leads of each kind on each day: [day][kind]. */
    perDay: number[][];
    /** Of the leads received each day: how many were answered, within the target, and the mean wait in minutes. */
    replies: { day: string; received: number; replied: number; onTime: number; meanMinutes?: number }[];
  };
  /** Views and leads by make, model and price band; views only for a role that sees stock, leads only for one that sees leads. */
  groups?: { makes: GroupRow[]; models: GroupRow[]; bands: GroupRow[]; showsViews: boolean; showsLeads: boolean };
  stock?: {
    /** Vehicles in stock now in each age band (AGE_BANDS). */
    ages: number[];
    /** Vehicles sold in the range, by days to sell band. */
    sold: number[];
    reductions: Reduction[];
    nothingFound: { search: string; count: number }[];
  };
}

/** Leads counted before and after a price reduction: a fortnight each way. */
export const REDUCTION_WINDOW_DAYS = 14;
const MOST_GROUPS = 15;
const MOST_REDUCTIONS = 50;
const MOST_SEARCHES = 20;

export class Dashboard {
  constructor(
    private readonly insight: Insight,
    private readonly replyTargetHours: number,
  ) {}

  async report(member: StaffMember, range: DayRange, now = new Date()): Promise<DashboardReport> {
    if (!mayOpenDashboard(member)) throw new NotAllowedError("sales");
    const seesLeads = seesDashboardLeads(member);
    const seesStock = mayActAs(member, "stock");
    // This instance's counts of the last seconds are written first, or a search just made would not show for up to ten seconds (insight.ts).
    await this.insight.flush();
    const [leads, groups, stock] = await Promise.all([
      seesLeads ? this.leads(range) : undefined,
      this.groups(range, seesLeads, seesStock),
      seesStock ? this.stock(range, now) : undefined,
    ]);
    return { range, replyTargetHours: this.replyTargetHours, ...(leads && { leads }), groups, ...(stock && { stock }) };
  }

  private async leads(range: DayRange): Promise<NonNullable<DashboardReport["leads"]>> {
    const { counts } = this.insight;
    const [received, replied, onTime, minutes] = await Promise.all(
      (["leads", "replies", "replies-on-time", "reply-minutes"] as const).map((metric) => counts.daily(metric, range.from, range.to)),
    );
    const days = daysFrom(range.from, range.to);
    const dayIndex = new Map(days.map((day, i) => [day, i]));
    const kinds = LEAD_KIND_NAMES.filter((kind) => received!.some(({ key }) => key === kind));
    const perDay = days.map(() => kinds.map(() => 0));
    for (const { day, key, count } of received!) {
      const kind = kinds.indexOf(key as LeadKindName);
      if (kind >= 0) perDay[dayIndex.get(day)!]![kind]! += count;
    }
    const sumByDay = (rows: { day: string; count: number }[]) => {
      const sums = days.map(() => 0);
      for (const { day, count } of rows) sums[dayIndex.get(day)!]! += count;
      return sums;
    };
    const [repliedByDay, onTimeByDay, minutesByDay] = [sumByDay(replied!), sumByDay(onTime!), sumByDay(minutes!)];
    return {
      days,
      kinds,
      perDay,
      replies: days.map((day, i) => ({
        day,
        received: perDay[i]!.reduce((sum, count) => sum + count, 0),
        replied: repliedByDay[i]!,
        onTime: onTimeByDay[i]!,
        ...(repliedByDay[i]! > 0 && { meanMinutes: Math.round(minutesByDay[i]! / repliedByDay[i]!) }),
      })),
    };
  }

  private async groups(range: DayRange, seesLeads: boolean, seesStock: boolean): Promise<NonNullable<DashboardReport["groups"]>> {
    const { counts } = this.insight;
    const [views, leads] = await Promise.all([
      seesStock ? counts.totals("group-views", range.from, range.to) : new Map<string, number>(),
      seesLeads ? counts.totals("group-leads", range.from, range.to) : new Map<string, number>(),
    ]);
    const by = (part: (make: string, model: string, band: string) => string) => {
      const rows = new Map<string, GroupRow>();
      const add = (key: string, count: number, field: "views" | "leads") => {
        const [make = "", model = "", band = ""] = key.split("|");
        const label = part(make, model, band);
        const row = rows.get(label) ?? { label, views: 0, leads: 0 };
        row[field] += count;
        rows.set(label, row);
      };
      for (const [key, count] of views) add(key, count, "views");
      for (const [key, count] of leads) add(key, count, "leads");
      return [...rows.values()];
    };
    const busiest = (rows: GroupRow[]) =>
      rows.sort((a, b) => b.leads - a.leads || b.views - a.views || a.label.localeCompare(b.label)).slice(0, MOST_GROUPS);
    const bandOrder = new Map<string, number>(PRICE_BANDS.map(({ label }, i) => [label, i]));
    return {
      makes: busiest(by((make) => make)),
      models: busiest(by((make, model) => `${make} ${model}`)),
      bands: by((_make, _model, band) => band).sort((a, b) => (bandOrder.get(a.label) ?? 0) - (bandOrder.get(b.label) ?? 0)),
      showsViews: seesStock,
      showsLeads: seesLeads,
    };
  }

  private async stock(range: DayRange, now: Date): Promise<NonNullable<DashboardReport["stock"]>> {
    const { counts } = this.insight;
    const ages = this.insight.stockAges(now);
    const [soldTotals, reductionRows, searches] = await Promise.all([
      counts.totals("sold", range.from, range.to),
      counts.daily("reductions", range.from, range.to),
      counts.totals("searches-none", range.from, range.to),
    ]);
    const sold = AGE_BANDS.map((_, i) => soldTotals.get(String(i)) ?? 0);
    const latest = reductionRows.sort((a, b) => b.day.localeCompare(a.day)).slice(0, MOST_REDUCTIONS);
    const ids = [...new Set(latest.map(({ key }) => key.split("|")[0]!))];
    const vehicleLeads = ids.length
      ? await counts.daily("vehicle-leads", addDays(range.from, -REDUCTION_WINDOW_DAYS), addDays(range.to, REDUCTION_WINDOW_DAYS), ids)
      : [];
    const leadsOf = (id: string, from: string, to: string) =>
      vehicleLeads.filter(({ key, day }) => key === id && day >= from && day <= to).reduce((sum, { count }) => sum + count, 0);
    const reductions = latest.map(({ day, key }): Reduction => {
      const [vehicleId = "", fromGBP = "0", toGBP = "0", vehicle = ""] = key.split("|");
      return {
        vehicleId,
        vehicle,
        day,
        fromGBP: Number(fromGBP),
        toGBP: Number(toGBP),
        leadsBefore: leadsOf(vehicleId, addDays(day, -REDUCTION_WINDOW_DAYS), addDays(day, -1)),
        leadsAfter: leadsOf(vehicleId, day, addDays(day, REDUCTION_WINDOW_DAYS - 1)),
      };
    });
    const nothingFound = [...searches]
      .map(([key, count]) => ({ search: searchLabel(key), count }))
      .sort((a, b) => b.count - a.count || a.search.localeCompare(b.search))
      .slice(0, MOST_SEARCHES);
    return { ages, sold, reductions, nothingFound };
  }
}

/** "Vans: Ford Transit Custom, price=-15000" from a search's kept key. */
function searchLabel(key: string): string {
  const { type, make, model, words, filters } = JSON.parse(key) as {
    type: string;
    make: string;
    model: string;
    words: string;
    filters: string[];
  };
  const what = [make, model].filter(Boolean).join(" ") || words || "anything";
  const kind = type ? `${type}s` : "any vehicle";
  return [`${kind}: ${what}`, ...(make || model ? (words ? [`"${words}"`] : []) : []), ...filters].join(", ");
}
