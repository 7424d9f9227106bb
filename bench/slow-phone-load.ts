import { parseArgs } from "node:util";
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";

/**
 * `npx tsx bench/slow-phone-load.ts --sites URL[,URL…]`: what a buyer on a slow phone meets,
 * measured in the browser rather than modelled: each page loaded over a connection slowed
 * for real (Chromium's network emulation at Lighthouse's slow 4G, 150 ms round trips and
 * 1.6 Mbps down, with its CPU slowed 4×), and timed by the page itself: first contentful
 * paint, largest contentful paint, and when the page is hydrated (its header's links are
 * React's and its menu button has taken its role, as tests/e2e/hydration.ts waits for).
 *
 * Sites are loaded in turn, page by page and round by round, so a busy machine slows each
 * alike; the medians are printed. The vehicle page is the first car the first site lists.
 */
const { values } = parseArgs({
  options: {
    sites: { type: "string" },
    rounds: { type: "string", default: "5" },
    pages: { type: "string", default: "/,/car-search,/vehicles/{id},/contact" },
  },
});
if (!values.sites) {
  process.stderr.write("Name the sites to load: --sites http://127.0.0.1:4102,http://127.0.0.1:4103\n");
  process.exit(2);
}
const sites = values.sites.split(",");
const rounds = Number(values.rounds);

/** Lighthouse's mobile slow 4G (its simulated figures, applied here for real). */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

/** Runs in the page before its own scripts: notes the paints and the moment it is hydrated. */
const TIMING_SCRIPT = `(() => {
  window.__timings = {};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") window.__timings.fcp = entry.startTime;
  }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((list) => {
    window.__timings.lcp = list.getEntries().at(-1).startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  const check = () => {
    const link = document.querySelector("header a");
    const menuButton = document.querySelector(".site-header__menu-button");
    const rendered = link !== null && Object.keys(link).some((key) => key.startsWith("__reactProps"));
    if (rendered && (menuButton === null || menuButton.getAttribute("role") === "button")) window.__timings.hydrated = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

interface Timings {
  fcp: number;
  lcp: number;
  hydrated: number;
}

async function load(browser: Browser, url: string): Promise<Timings> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.addInitScript(TIMING_SCRIPT);
    await page.goto(url, { waitUntil: "load" });
    await page.waitForFunction(() => (window as unknown as { __timings: Partial<Timings> }).__timings.hydrated !== undefined, null, {
      timeout: 60_000,
    });
    // The largest paint is final once the page has been interacted with or hidden; a moment after hydration is enough here.
    await page.waitForTimeout(500);
    return await page.evaluate(() => (window as unknown as { __timings: Timings }).__timings);
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const [vehicle] = (await (await fetch(`${sites[0]}/api/vehicles/search/car?pageSize=1`)).json()) as { _id: string }[];
  const pages = values.pages.split(",").map((page) => page.replace("{id}", vehicle!._id));
  const results = new Map<string, Timings[]>();
  for (let round = 0; round < rounds; round++) {
    for (const page of pages) {
      for (const site of sites) {
        const key = `${site} ${page}`;
        results.set(key, [...(results.get(key) ?? []), await load(browser, site + page)]);
      }
    }
  }
  const rows = pages.flatMap((page) =>
    sites.map((site) => {
      const all = results.get(`${site} ${page}`)!;
      const of = (pick: (timings: Timings) => number) => Math.round(median(all.map(pick)));
      return `| ${site} | ${page} | ${of((t) => t.fcp)} | ${of((t) => t.lcp)} | ${of((t) => t.hydrated)} |`;
    }),
  );
  process.stdout.write(
    [
      `Slow 4G (150 ms, 1.6 Mbps) and ${CPU_SLOWDOWN}x CPU, applied; medians of ${rounds} loads, in milliseconds.`,
      "",
      "| site | page | first contentful paint | largest contentful paint | hydrated |",
      "|---|---|---:|---:|---:|",
      ...rows,
      "",
    ].join("\n"),
  );
} finally {
  await browser.close();
}
