import { gzipSync } from "node:zlib";
import { expect, test } from "./console-guard";
import { hydrated } from "./hydration";

/**
 * What a page makes a phone download before it can be used. The form validator (zod) is
 * fetched only when a visitor starts filling a form in: one runtime import from a shared
 * module is enough to put it on every page, so this watches the scripts each page loads.
 */
const PAGES = ["/", "/car-search", "/van-search?make=Ford", "/contact", "/vehicles"];

/**
 * The most JavaScript any page may name, gzipped: a guard against regressions, a little above
 * the 122–128 KB of 2026-11-25 (React 19 and React Router 7 alone are about 108 KB). The
 * old 100 KB budget was retired with the owner's choice of those two. Raised from 135 KB on
 * 2026-11-29, when saved-search alerts and branches with distance brought the search page to
 * 135.7 KB and a vehicle page to 137.2 KB: to be won back (the alert form is already fetched
 * only when opened).
 */
const SCRIPT_CEILING_GZIP_KB = 138;

test("no page loads the form validator before a form is used, nor more script than the ceiling", async ({ browser, baseURL, request }) => {
  const [vehicle] = (await (await request.get("/api/vehicles/search/car?pageSize=1")).json()) as { _id: string }[];
  for (const path of [...PAGES, `/vehicles/${vehicle!._id}`]) {
    // What a browser fetches, from a cache of its own, until the page is hydrated and untouched.
    const context = await browser.newContext();
    const page = await context.newPage();
    const names = new Set<string>();
    page.on("response", (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.endsWith(".js")) names.add(pathname);
    });
    await page.goto(new URL(path, baseURL).href);
    await hydrated(page);
    await context.close();
    expect(names.size, `scripts loaded by ${path}`).toBeGreaterThan(2);
    let gzipBytes = 0;
    for (const script of names) {
      const code = await (await request.get(script)).text();
      expect(code.includes("ZodError"), `zod in ${script}, loaded by ${path}`).toBe(false);
      gzipBytes += gzipSync(code, { level: 9 }).length;
    }
    expect(gzipBytes / 1024, `KB of script, gzipped, loaded by ${path}`).toBeLessThanOrEqual(SCRIPT_CEILING_GZIP_KB);
  }
});

test("a browser gets each page's scripts as the build's brotli copies", async ({ page }) => {
  const encodings = new Map<string, string | undefined>();
  page.on("response", (response) => {
    if (response.url().endsWith(".js")) encodings.set(new URL(response.url()).pathname, response.headers()["content-encoding"]);
  });
  await page.goto("/car-search");
  await hydrated(page);
  const framework = [...encodings.keys()].find((name) => /\/assets\/framework-[\w-]+\.js$/.test(name));
  expect(framework, `the framework script among ${[...encodings.keys()].join(", ")}`).toBeDefined();
  expect(encodings.get(framework!)).toBe("br");
});
