import { readFile, rm, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { groupKey } from "../backend/dashboard/insight";
import { addDays, dayOf } from "../backend/dashboard/insight-days";
import { FileInsightStore } from "../backend/dashboard/insight-store";
import { signedInAs } from "../tests/support/staff-accounts";
import { spawnBuiltSite, stopSite } from "../tests/support/built-site";
import { grow, startHistory } from "./ageing";
import { stats, type Stats } from "./search-queries";

/**
 * The staff dashboard (/staff/dashboard, signed in as an admin, who sees every chart) of an
 * embedded site holding `size` vehicles and `size` leads (written into its data folder as the
 * site would have kept them, bench/ageing.ts), and a view on every day of the last year of
 * every make, model and price band in stock: the most counts a year of views can leave. The
 * site counts the leads once at its first start, in the background; the dashboard is then
 * timed one request at a time, to the last byte, over 30 days and over 365, with the site's
 * CPU time per request read from /proc, and one chart's CSV.
 */

export interface DashboardFigures {
  size: number;
  groups: number;
  /** From the site's start to every lead counted. */
  countedMs: number;
  ranges: { days: number; page: Stats; cpuMs: number }[];
  csv: Stats;
}

const ROUNDS = 20;

/** Milliseconds of CPU the process has used so far (user and system), from /proc. */
async function cpuMsOf(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]!.split(" ");
  // utime and stime, fields 14 and 15 of stat, counted from the state (field 3) here.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

export async function benchDashboard(size: number, port: number): Promise<DashboardFigures> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `bench-dashboard-${size}-`));
  try {
    const history = await startHistory(dataDir, 0, size);
    await grow(history, size);
    const groups = [...new Set(history.vehicles.map(({ make, model, priceGBP }) => groupKey(make, model, priceGBP)))];
    const insight = await FileInsightStore.open(path.join(dataDir, "insight"));
    const today = dayOf(new Date());
    for (let day = addDays(today, -364); day <= today; day = addDays(day, 1)) {
      await insight.add(groups.map((key, i) => ({ metric: "group-views" as const, day, key, count: 1 + (i % 7) })));
    }
    await insight.close();

    const { sessionId } = await signedInAs(dataDir, "admin");
    const site = await spawnBuiltSite({ dataDir, port, timeoutMs: 120_000 });
    const started = performance.now();
    const headers = { Cookie: `__Host-staff_session=${sessionId}` };
    const yearAgo = addDays(today, -364);
    try {
      const leadsCounted = async () => {
        const response = await fetch(`${site.url}/staff/dashboard/csv/leads-per-day?from=${yearAgo}&to=${today}`, { headers });
        const rows = (await response.text()).trim().split("\r\n").slice(1);
        return rows.reduce((sum, row) => sum + Number(row.split(",").at(-1)), 0);
      };
      while ((await leadsCounted()) < size) {
        if (performance.now() - started > 30 * 60_000) throw new Error("The site had not counted the leads after 30 minutes");
        await sleep(1000);
      }
      const countedMs = performance.now() - started;
      const time = async (address: string) => {
        const begun = performance.now();
        const response = await fetch(`${site.url}${address}`, { headers });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${address} answered ${response.status}`);
        return performance.now() - begun;
      };
      const ranges: DashboardFigures["ranges"] = [];
      for (const days of [30, 365]) {
        const address = `/staff/dashboard?from=${addDays(today, 1 - days)}&to=${today}`;
        for (let warm = 0; warm < 3; warm++) await time(address);
        const cpuBefore = await cpuMsOf(site.server.pid!);
        const samples: number[] = [];
        for (let round = 0; round < ROUNDS; round++) samples.push(await time(address));
        ranges.push({ days, page: stats(samples), cpuMs: ((await cpuMsOf(site.server.pid!)) - cpuBefore) / ROUNDS });
      }
      const csvSamples: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        csvSamples.push(await time(`/staff/dashboard/csv/models?from=${yearAgo}&to=${today}`));
      }
      return { size, groups: groups.length, countedMs, ranges, csv: stats(csvSamples) };
    } finally {
      await stopSite(site);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function dashboardRows(figures: readonly DashboardFigures[]): string[] {
  if (figures.length === 0) return [];
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return [
    `Staff dashboard (/staff/dashboard as an admin, every chart), one request at a time × ${ROUNDS}, to the last byte:`,
    "",
    "| vehicles and leads | make/model/band groups | leads counted after start | 30 days median | p95 | CPU a request | 365 days median | p95 | CPU a request | a chart's CSV, 365 days, median |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...figures.map((f) => {
      const [month, year] = f.ranges;
      return `| ${f.size.toLocaleString("en-GB")} | ${f.groups.toLocaleString("en-GB")} | ${(f.countedMs / 1000).toFixed(1)} s | ${ms(month!.page.median)} | ${ms(month!.page.p95)} | ${ms(month!.cpuMs)} | ${ms(year!.page.median)} | ${ms(year!.page.p95)} | ${ms(year!.cpuMs)} | ${ms(f.csv.median)} |`;
    }),
    "",
  ];
}
