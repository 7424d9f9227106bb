import { expect, test } from "@playwright/test";
import { REDIRECTS } from "../../frontend/content/redirects";
import { CrawlFrontier, linksIn } from "../support/page-links";

/**
 * No dead links: starting at the home page, every internal link and GET form on every page
 * reached is followed, redirects included, and each must answer 2xx or a redirect to one.
 * Each path is opened with at most a few different query strings (tests/support/page-links.ts).
 */
const VARIANTS_PER_PATH = 3;
const VEHICLES_TO_OPEN = 6;
const MOST_URLS = 1500;

test("every internal link from the home page leads to a page that answers", async ({ request, baseURL }) => {
  test.setTimeout(180_000);
  const frontier = new CrawlFrontier(new URL(baseURL!).origin, { variantsPerPath: VARIANTS_PER_PATH, vehiclesToOpen: VEHICLES_TO_OPEN });
  const failures: string[] = [];

  for (let found = frontier.next(); found; found = frontier.next()) {
    expect(frontier.size, "the crawl stays bounded").toBeLessThanOrEqual(MOST_URLS);
    const { url, from } = found;
    const response = await request.get(url, { maxRedirects: 0 });
    const status = response.status();
    if (status >= 300 && status < 400) {
      const location = response.headers()["location"];
      if (location) frontier.enqueue(location, url);
      else failures.push(`${url} (linked from ${from}) redirects nowhere`);
      continue;
    }
    if (status >= 400) {
      failures.push(`${url} (linked from ${from}) answered ${status}`);
      continue;
    }
    const type = response.headers()["content-type"] ?? "";
    if (!type.includes("text/html")) continue;
    for (const href of linksIn(await response.text())) frontier.enqueue(href, url);
  }

  test.info().annotations.push({ type: "crawled", description: `${frontier.size} addresses, ${frontier.variants.size} distinct paths` });
  expect(failures).toEqual([]);
  // A crawl that never left the home page would pass too easily.
  for (const path of ["/cars/used", "/vans/leasing", "/trucks", "/about", "/terms", "/offers", "/vehicles", "/part-exchange"]) {
    expect(frontier.variants.has(path), `${path} was reached`).toBe(true);
  }
  expect(frontier.vehiclesOpened).toBe(VEHICLES_TO_OPEN);
});

test("each address another page serves redirects there permanently", async ({ request }) => {
  for (const [from, to] of Object.entries(REDIRECTS)) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(response.headers()["location"], from).toBe(to);
    expect((await request.get(to)).status(), to).toBe(200);
  }
});
