import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./console-guard";
import { hydrated } from "./hydration";

/**
 * The headers every response carries, and a Content-Security-Policy that the pages live
 * with: each inline script and the inline stylesheet carry the response's own nonce, and
 * nothing the pages do is refused by the browser.
 */
const PAGES = ["/", "/car-search?make=Ford", "/contact", "/vehicles"];

async function aVehiclePage(request: APIRequestContext): Promise<string> {
  const [vehicle] = (await (await request.get("/api/vehicles/search/car?pageSize=1")).json()) as { _id: string }[];
  return `/vehicles/${vehicle!._id}`;
}

function nonceOf(policy: string | undefined): string {
  const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(policy ?? "")?.[1];
  expect(nonce, `a script nonce in ${policy}`).toBeTruthy();
  return nonce!;
}

test("pages carry the security headers, and every inline script and style carries that response's nonce", async ({ request }) => {
  const vehicle = await aVehiclePage(request);
  const nonces = new Set<string>();
  for (const path of [...PAGES, vehicle]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["strict-transport-security"]).toMatch(/^max-age=\d{8,}/);
    const policy = headers["content-security-policy"];
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).not.toContain("unsafe-eval");
    const nonce = nonceOf(policy);
    expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
    nonces.add(nonce);

    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
    const executable = scripts.filter((attributes) => !attributes.includes('type="application/ld+json"'));
    expect(executable.length, path).toBeGreaterThan(0);
    for (const attributes of executable) expect(attributes, path).toContain(`nonce="${nonce}"`);
    // The stylesheet is written into the page, so a phone paints without fetching it first.
    const styles = [...html.matchAll(/<style\b([^>]*)>/g)].map((match) => match[1]!);
    expect(styles, path).toHaveLength(1);
    expect(styles[0], path).toContain(`nonce="${nonce}"`);
    expect(html, path).not.toMatch(/<link[^>]+rel="stylesheet"/);
  }
  expect(nonces.size, "a fresh nonce for each response").toBe(PAGES.length + 1);
});

test("API answers and files carry the same policy", async ({ request }) => {
  for (const path of ["/api/vehicles/distinct/car", "/api/vehicles/search/nothing", "/robots.txt", "/favicon.svg"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
  }
});

test("the browser refuses nothing while a visitor searches and opens a vehicle", async ({ page }) => {
  await page.addInitScript(() => {
    const refused: string[] = [];
    (window as unknown as { refused: string[] }).refused = refused;
    document.addEventListener("securitypolicyviolation", (event) => refused.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  await page.goto("/car-search");
  await hydrated(page);
  await page.getByRole("region", { name: "Filter cars" }).getByLabel("Make", { exact: true }).selectOption({ index: 1 });
  await expect(page).toHaveURL(/make=/);
  await expect(page.getByRole("region", { name: "Results", exact: true })).toHaveAttribute("aria-busy", "false");
  await page.locator("a[href^='/vehicles/']").first().click();
  await expect(page.getByText("Monthly Prices From")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual([]);
  // Hydration and the navigation kept the server's stylesheet, and it still applies.
  expect(await page.locator("style[data-href]").count()).toBe(1);
  await expect(page.locator(".site-header")).toHaveCSS("position", "relative");
});

test.describe("after a page that was not found", () => {
  test.use({ expectedConsoleErrors: /status of 404/ });

  test("the stylesheet stays as the visitor goes on", async ({ page }) => {
    // The not-found page is drawn by the root's error boundary: leaving it builds the page's layout afresh.
    await page.goto("/no-such-page");
    await hydrated(page);
    await page.getByRole("main").getByRole("link", { name: "Search vans" }).click();
    await expect(page).toHaveURL(/\/van-search$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vans for sale");
    expect(await page.locator("style[data-href]").count()).toBe(1);
    await expect(page.locator(".site-header")).toHaveCSS("position", "relative");
  });
});

test("a page's form that cannot be read, or is too large, is refused plainly, never with a 500", async ({ request }) => {
  const vehicle = await aVehiclePage(request);
  for (const path of ["/newsletter", "/feedback", "/part-exchange", `${vehicle}/finance`]) {
    const broken = await request.post(path, {
      headers: { "Content-Type": "multipart/form-data; boundary=x", Accept: "text/html" },
      data: "not a form",
    });
    expect(broken.status(), path).toBe(400);
    const page = await broken.text();
    expect(page, path).toContain("That form could not be read");
    expect(page, `${path} keeps the site's header`).toContain('class="site-header"');

    const json = await request.post(path, { headers: { Accept: "text/html" }, data: { email: "sam@example.com" } });
    expect(json.status(), path).toBe(400);

    const huge = await request.post(path, { headers: { Accept: "text/html" }, form: { email: "a".repeat(70 * 1024) } });
    expect(huge.status(), path).toBe(413);
  }
  const soldVehicle = await request.post("/vehicles/no-such-vehicle/finance", {
    headers: { Accept: "text/html" },
    form: { firstName: "Sam" },
  });
  expect(soldVehicle.status()).toBe(404);
  expect(await soldVehicle.text()).toContain("Vehicle not found.");
});
