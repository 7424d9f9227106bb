import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { spawnBuiltSite, stopSite } from "../tests/support/built-site";
import { buildSite } from "./site-process";

/**
 * `npm run lighthouse [-- --runs 3]`: Lighthouse's mobile audit (a mid-range phone on a slow
 * 4G connection, simulated) of the home page, a search page, a vehicle page and the contact
 * page, against the production build with 2,000 demo vehicles. Each page is audited `runs`
 * times in a fresh browser and the median run of each figure is reported. Exits with status
 * 1 when a median misses its budget (the category scores, LCP, TBT and CLS; the JavaScript
 * sent is only reported, tests/e2e/page-weight.spec.ts guards its size). `--site URL` audits
 * a site already running there instead, `--pages /,/contact` other pages. `--throttling
 * devtools` slows the browser's network and CPU for real while it loads the page, instead of
 * Lighthouse's default of loading at full speed and simulating the slow phone from that
 * trace: on this machine's loopback the scripts arrive before the first paint, so the
 * simulation counts them against it (docs/benchmarks.md).
 */

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    port: { type: "string", default: "3990" },
    site: { type: "string" },
    pages: { type: "string" },
    throttling: { type: "string", default: "simulate" },
  },
});
const runs = Number(values.runs);
if (values.throttling !== "simulate" && values.throttling !== "devtools") {
  process.stderr.write(`--throttling is simulate or devtools, not ${values.throttling}.\n`);
  process.exit(2);
}
const throttlingMethod = values.throttling;
if (!existsSync(CHROMIUM_PATH)) {
  process.stderr.write(`Chromium is not at ${CHROMIUM_PATH}: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH.\n`);
  process.exit(2);
}

const BUDGETS = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  lcpMs: 1500,
  tbtMs: 50,
  cls: 0.02,
} as const;

interface PageFigures {
  scores: Record<keyof typeof CATEGORY_IDS, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Scripts as sent (gzipped by the site), in KB. */
  scriptKB: number;
}

const CATEGORY_IDS = {
  performance: "performance",
  accessibility: "accessibility",
  "best-practices": "best-practices",
  seo: "seo",
} as const;

function figuresOf(lhr: Result): PageFigures {
  const scores = Object.fromEntries(
    Object.keys(CATEGORY_IDS).map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as PageFigures["scores"];
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests =
    (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const scriptBytes = requests.filter((item) => item.resourceType === "Script").reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    scores,
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    fcpMs: numeric("first-contentful-paint"),
    scriptKB: scriptBytes / 1024,
  };
}

/** Audits that cost points, so a missed budget says what to look at. */
function shortfalls(lhr: Result): string[] {
  return Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((audit) => audit.score !== null && audit.score < 1)
      .map((audit) => `${category.id}: ${audit.id} ${audit.displayValue ?? ""} (score ${audit.score})${foundIn(audit)}`.trim()),
  );
}

/** What an audit found, where it lists findings by kind (as inspector-issues does), so a miss can be traced. */
function foundIn(audit: Result["audits"][string]): string {
  const details = audit.details as { items?: Record<string, unknown>[] } | undefined;
  const kinds = (details?.items ?? []).map((item) => item.issueType ?? item.description).filter((kind) => typeof kind === "string");
  return kinds.length > 0 ? `: ${[...new Set(kinds)].join("; ")}` : "";
}

/** What the largest paint was and where its time went (first byte, load delay, load time, render delay), to see what to speed up. */
function lcpBreakdown(lhr: Result): string {
  type Table = { items?: Record<string, unknown>[] };
  const [element, phases] = ((lhr.audits["largest-contentful-paint-element"]?.details as { items?: Table[] } | undefined)?.items ??
    []) as Table[];
  const node = element?.items?.[0]?.node as { snippet?: string } | undefined;
  const timings = (phases?.items ?? []).map((item) => `${String(item.phase)} ${Math.round(Number(item.timing))} ms`);
  return `${node?.snippet?.slice(0, 120) ?? "no element"}${timings.length > 0 ? `; ${timings.join(", ")}` : ""}`;
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run is tried again, once. */
async function audit(url: string): Promise<Result> {
  try {
    return await auditOnce(url);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}; trying again\n`);
    return auditOnce(url);
  }
}

async function auditOnce(url: string): Promise<Result> {
  const profile = await mkdtemp(path.join(tmpdir(), "lighthouse-profile-"));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, userDataDir: profile });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", throttlingMethod });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
    await rm(profile, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function medianFigures(all: PageFigures[]): PageFigures {
  const of = (pick: (figures: PageFigures) => number) => median(all.map(pick));
  return {
    scores: Object.fromEntries(
      Object.keys(CATEGORY_IDS).map((id) => [id, of((f) => f.scores[id as keyof typeof CATEGORY_IDS])]),
    ) as PageFigures["scores"],
    lcpMs: of((f) => f.lcpMs),
    tbtMs: of((f) => f.tbtMs),
    cls: of((f) => f.cls),
    fcpMs: of((f) => f.fcpMs),
    scriptKB: of((f) => f.scriptKB),
  };
}

function budgetMisses(page: string, figures: PageFigures): string[] {
  const misses: string[] = [];
  for (const id of Object.keys(CATEGORY_IDS) as (keyof typeof CATEGORY_IDS)[]) {
    if (figures.scores[id] < BUDGETS[id]) misses.push(`${page}: ${id} ${figures.scores[id]} < ${BUDGETS[id]}`);
  }
  if (figures.lcpMs > BUDGETS.lcpMs) misses.push(`${page}: LCP ${Math.round(figures.lcpMs)} ms > ${BUDGETS.lcpMs} ms`);
  if (figures.tbtMs > BUDGETS.tbtMs) misses.push(`${page}: TBT ${Math.round(figures.tbtMs)} ms > ${BUDGETS.tbtMs} ms`);
  if (figures.cls > BUDGETS.cls) misses.push(`${page}: CLS ${figures.cls.toFixed(3)} > ${BUDGETS.cls}`);
  return misses;
}

async function auditPages(url: string): Promise<string[]> {
  const [vehicle] = (await (await fetch(`${url}/api/vehicles/search/car?pageSize=1`)).json()) as { _id: string }[];
  const pages = values.pages?.split(",") ?? ["/", "/car-search", `/vehicles/${vehicle!._id}`, "/contact"];
  const rows: string[] = [];
  const largestPaints: string[] = [];
  const misses: string[] = [];
  for (const page of pages) {
    const results: Result[] = [];
    for (let run = 1; run <= runs; run++) {
      process.stderr.write(`Lighthouse ${page}, run ${run} of ${runs}...\n`);
      results.push(await audit(`${url}${page}`));
    }
    const figures = medianFigures(results.map(figuresOf));
    const { scores } = figures;
    rows.push(
      `| ${page.startsWith("/vehicles/") ? "/vehicles/{id}" : page} | ${scores.performance} | ${scores.accessibility} | ${scores["best-practices"]} | ${scores.seo} | ${(figures.fcpMs / 1000).toFixed(2)} s | ${(figures.lcpMs / 1000).toFixed(2)} s | ${Math.round(figures.tbtMs)} ms | ${figures.cls.toFixed(3)} | ${figures.scriptKB.toFixed(1)} KB |`,
    );
    const medianRun = results.find((result) => figuresOf(result).lcpMs === figures.lcpMs)!;
    largestPaints.push(`- ${page}: ${lcpBreakdown(medianRun)}`);
    const missed = budgetMisses(page, figures);
    misses.push(...missed);
    if (missed.length > 0) for (const line of new Set(results.flatMap(shortfalls))) misses.push(`  ${line}`);
  }
  process.stdout.write(
    [
      `Lighthouse ${runs} runs per page, medians; mobile emulation, slow 4G and 4× CPU slowdown ${throttlingMethod === "simulate" ? "simulated" : "applied"}; Chromium ${CHROMIUM_PATH}`,
      "",
      "| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | JavaScript sent |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...rows,
      "",
      "Largest paint (the median run's), and its phases:",
      ...largestPaints,
      "",
      misses.length > 0 ? `Budgets missed:\n${misses.join("\n")}` : "Every budget met.",
      "",
    ].join("\n"),
  );
  return misses;
}

if (values.site) {
  process.exitCode = (await auditPages(values.site)).length > 0 ? 1 : 0;
} else {
  buildSite();
  const dataDir = await mkdtemp(path.join(tmpdir(), "lighthouse-site-"));
  const site = await spawnBuiltSite({ dataDir, port: Number(values.port), env: { DEMO_STOCK_SIZE: "2000" } });
  try {
    process.exitCode = (await auditPages(site.url)).length > 0 ? 1 : 0;
  } finally {
    await stopSite(site);
    await rm(dataDir, { recursive: true, force: true });
  }
}
