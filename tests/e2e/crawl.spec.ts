import { expect, test } from "@playwright/test";
import { REDIRECTS } from "../../frontend/content/redirects";

/**
 * No dead links: starting at the home page, every internal link and GET form on every page
 * reached is followed, redirects included, and each must answer 2xx or a redirect to one.
 *
 * Search and vehicle pages link to each other without end (every filter, every page of
 * results), so each path is opened with at most a few different query strings: every page
 * of the site is still reached, and a broken link on one of them is still found.
 */
const VARIANTS_PER_PATH = 3;
const VEHICLES_TO_OPEN = 6;
const MOST_URLS = 1500;

interface Found {
  url: string;
  from: string;
}

test("every internal link from the home page leads to a page that answers", async ({ request, baseURL }) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;
  const queue: Found[] = [{ url: "/", from: "(start)" }];
  const seen = new Set<string>(["/"]);
  const variants = new Map<string, number>();
  const failures: string[] = [];
  let vehiclesOpened = 0;

  const enqueue = (href: string, from: string) => {
    const url = new URL(href, origin + from);
    if (url.origin !== origin) return;
    url.hash = "";
    const key = url.pathname + url.search;
    if (seen.has(key)) return;
    const isVehicle = /^\/vehicles\/[^/]+$/.test(url.pathname);
    if (isVehicle && vehiclesOpened >= VEHICLES_TO_OPEN) return;
    const count = variants.get(url.pathname) ?? 0;
    if (count >= VARIANTS_PER_PATH) return;
    variants.set(url.pathname, count + 1);
    if (isVehicle) vehiclesOpened++;
    seen.add(key);
    queue.push({ url: key, from });
  };

  while (queue.length > 0) {
    expect(seen.size, "the crawl stays bounded").toBeLessThanOrEqual(MOST_URLS);
    const { url, from } = queue.shift()!;
    const response = await request.get(url, { maxRedirects: 0 });
    const status = response.status();
    if (status >= 300 && status < 400) {
      const location = response.headers()["location"];
      if (location) enqueue(location, url);
      else failures.push(`${url} (linked from ${from}) redirects nowhere`);
      continue;
    }
    if (status >= 400) {
      failures.push(`${url} (linked from ${from}) answered ${status}`);
      continue;
    }
    const type = response.headers()["content-type"] ?? "";
    if (!type.includes("text/html")) continue;
    for (const href of linksIn(await response.text())) enqueue(href, url);
  }

  test.info().annotations.push({ type: "crawled", description: `${seen.size} addresses, ${variants.size} distinct paths` });
  expect(failures).toEqual([]);
  // A crawl that never left the home page would pass too easily.
  for (const path of ["/cars/used", "/vans/leasing", "/trucks", "/about", "/terms", "/offers", "/vehicles", "/part-exchange"]) {
    expect(variants.has(path), `${path} was reached`).toBe(true);
  }
  expect(vehiclesOpened).toBe(VEHICLES_TO_OPEN);
});

test("each address another page serves redirects there permanently", async ({ request }) => {
  for (const [from, to] of Object.entries(REDIRECTS)) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(response.headers()["location"], from).toBe(to);
    expect((await request.get(to)).status(), to).toBe(200);
  }
});

/** Addresses the HTML points a visitor at: links, GET forms, and the page's own assets. */
function linksIn(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) found.push(decode(match[1]!));
  for (const match of html.matchAll(/<form\b([^>]*)>/g)) {
    const attributes = match[1]!;
    const method = /\smethod="([^"]*)"/.exec(attributes)?.[1] ?? "get";
    const action = /\saction="([^"]*)"/.exec(attributes)?.[1];
    if (action && method.toLowerCase() === "get") found.push(decode(action));
  }
  for (const match of html.matchAll(/<(?:link|script|img)\b[^>]*?\s(?:href|src)="([^"]*)"/g)) found.push(decode(match[1]!));
  return found.filter((href) => href && !/^(?:mailto|tel|sms|javascript):/i.test(href));
}

function decode(attribute: string): string {
  return attribute.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&#39;", "'");
}
