import type { Page } from "@playwright/test";
import { startBuiltSite, type BuiltSite } from "../support/built-site";
import { expect, test } from "./console-guard";

/** What search engines and link previews read: robots.txt, the sitemap, titles, canonical addresses, structured data. */
test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

test("robots.txt keeps crawlers out of the API and points them at the sitemap", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const lines = (await response.text()).split("\n");
  expect(lines).toContain("User-agent: *");
  expect(lines).toContain("Disallow: /api/");
  expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("the sitemap lists every page and every vehicle, each of which answers", async ({ request, baseURL }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  expect(new Set(urls).size).toBe(urls.length);
  for (const url of urls) expect(url.startsWith(`${baseURL}/`), url).toBe(true);

  const { vehicles } = (await (await request.get("/healthz")).json()) as { vehicles: number };
  const vehicleUrls = urls.filter((url) => /\/vehicles\/[^/]+$/.test(url));
  expect(vehicleUrls).toHaveLength(vehicles);
  const pages = urls.filter((url) => !vehicleUrls.includes(url));
  expect(pages).toEqual(expect.arrayContaining([`${baseURL}/`, `${baseURL}/cars/used`, `${baseURL}/terms`, `${baseURL}/car-search`]));
  for (const url of [...pages, ...vehicleUrls.slice(0, 5)]) {
    expect((await request.get(url, { maxRedirects: 0 })).status(), url).toBe(200);
  }
});

async function headOf(page: Page) {
  const head = page.locator("head");
  const content = (selector: string) => head.locator(selector).getAttribute("content");
  return {
    titles: await page.locator("title").count(),
    title: await page.title(),
    description: await content('meta[name="description"]'),
    canonicals: await head.locator('link[rel="canonical"]').count(),
    canonical: await head.locator('link[rel="canonical"]').getAttribute("href"),
    ogTitle: await content('meta[property="og:title"]'),
    ogDescription: await content('meta[property="og:description"]'),
    ogUrl: await content('meta[property="og:url"]'),
    ogSiteName: await content('meta[property="og:site_name"]'),
  };
}

test("every kind of page has its own title, description, canonical address and preview tags", async ({ page, baseURL }) => {
  const [vehicle] = (await (await page.request.get("/api/vehicles/search/car?pageSize=1")).json()) as { _id: string }[];
  const pages: [string, string][] = [
    ["/", "/"],
    ["/cars/used?utm_source=newsletter", "/cars/used"],
    ["/vans/leasing", "/vans/leasing"],
    ["/about", "/about"],
    ["/terms", "/terms"],
    ["/offers", "/offers"],
    ["/vehicles?page=2", "/vehicles?page=2"],
    ["/van-search", "/van-search"],
    [`/vehicles/${vehicle!._id}`, `/vehicles/${vehicle!._id}`],
  ];
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const [address, canonicalPath] of pages) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(200);
    // The canonical link is in the first HTML, for crawlers that run no script.
    expect(await response!.text(), address).toContain(`<link rel="canonical" href="${baseURL}${canonicalPath.replaceAll("&", "&amp;")}"/>`);
    const head = await headOf(page);
    expect(head, address).toMatchObject({
      titles: 1,
      canonicals: 1,
      canonical: `${baseURL}${canonicalPath}`,
      ogUrl: `${baseURL}${canonicalPath}`,
      ogTitle: head.title,
      ogDescription: head.description,
      ogSiteName: "Dockside Motor Company",
    });
    expect(head.description!.length, address).toBeGreaterThan(50);
    expect(head.description!.length, address).toBeLessThanOrEqual(170);
    titles.add(head.title);
    descriptions.add(head.description!);
  }
  expect(titles.size).toBe(pages.length);
  expect(descriptions.size).toBeGreaterThanOrEqual(pages.length - 1);
});

test("a search's canonical address is the same whatever order its filters came in", async ({ page, baseURL }) => {
  const canonicalOf = async (address: string) => {
    await page.goto(address);
    return page.locator('head link[rel="canonical"]').getAttribute("href");
  };
  const one = await canonicalOf("/car-search?price=5000-20000&fuelType=Petrol&utm_source=x");
  const other = await canonicalOf("/car-search?fuelType=Petrol&price=5000-20000");
  expect(one).toBe(other);
  // The site's own filter order (domain/filters.ts): price before fuel type.
  expect(one).toBe(`${baseURL}/car-search?price=5000-20000&fuelType=Petrol`);

  // After a filter changes in the browser the canonical follows.
  await page.goto("/car-search?fuelType=Petrol");
  await page.getByRole("button", { name: "Filter and sort" }).click();
  await page.getByRole("dialog").getByLabel("Gearbox").selectOption({ index: 1 });
  await expect(page).toHaveURL(/gearbox=/);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", /\?gearbox=[^&]+&fuelType=Petrol$/);
});

test("a vehicle page describes the vehicle and its offer as schema.org structured data", async ({ page, baseURL }) => {
  const [record] = (await (await page.request.get("/api/vehicles/search/van?pageSize=1")).json()) as {
    _id: string;
    vehicle: { make: string; model: string };
    adverts: { retailAdverts: { totalPrice: { amountGBP: number } } };
  }[];
  await page.goto(`/vehicles/${record!._id}`);
  const scripts = page.locator('script[type="application/ld+json"]');
  await expect(scripts).toHaveCount(2);
  const [data, trail] = (await scripts.allTextContents()).map((json) => JSON.parse(json));
  expect(data).toMatchObject({
    "@context": "https://schema.org",
    "@type": "Vehicle",
    url: `${baseURL}/vehicles/${record!._id}`,
    brand: { "@type": "Brand", name: record!.vehicle.make },
    model: record!.vehicle.model,
    offers: {
      "@type": "Offer",
      price: record!.adverts.retailAdverts.totalPrice.amountGBP.toFixed(2),
      priceCurrency: "GBP",
      availability: "https://schema.org/InStock",
      seller: { "@type": "AutoDealer", name: "Dockside Motor Company" },
    },
  });
  expect(await page.locator('head meta[property="og:image"]').getAttribute("content")).toMatch(new RegExp(`^${baseURL}/`));

  expect(trail).toMatchObject({ "@context": "https://schema.org", "@type": "BreadcrumbList" });
  expect(
    trail.itemListElement.map(({ position, name, item }: { position: number; name: string; item: string }) => [position, name, item]),
  ).toEqual([
    [1, "Home", `${baseURL}/`],
    [2, "Vans", `${baseURL}/van-search`],
    [3, record!.vehicle.make, `${baseURL}/van-search?make=${encodeURIComponent(record!.vehicle.make).replace(/%20/g, "+")}`],
    [4, record!.vehicle.model, expect.stringMatching(new RegExp(`^${baseURL}/van-search\\?make=.+&model=.+$`))],
    [5, expect.stringContaining(record!.vehicle.model), `${baseURL}/vehicles/${record!._id}`],
  ]);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem");
  await expect(crumbs).toHaveCount(5);
  await expect(crumbs.last()).toContainText(record!.vehicle.model);
});

test.describe("error pages", () => {
  test.use({ expectedConsoleErrors: /status of 404/ });

  // A 404 must not tell crawlers it is the page to index for a mistyped address.
  test("are not given an address of their own", async ({ page }) => {
    const response = await page.goto("/vehicles/no-such-vehicle");
    expect(response?.status()).toBe(404);
    await expect(page.locator('head link[rel="canonical"]')).toHaveCount(0);
  });
});

test.describe("with SITE_URL set", () => {
  const SITE_URL = "https://www.dockside-motors.example";
  let site: BuiltSite;

  test.beforeAll(async () => {
    site = await startBuiltSite({ SITE_URL });
  });

  test.afterAll(async () => {
    await site.stop();
  });

  test("a forged Host header changes none of the addresses the site gives out", async () => {
    const host = "evil.example";
    const body = async (address: string) => {
      const response = await site.get(address, { Host: host });
      expect(response.status, address).toBe(200);
      return response.body;
    };
    const locs = [...(await body("/sitemap.xml")).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(locs.length).toBeGreaterThan(5);
    for (const loc of locs) expect(loc.startsWith(`${SITE_URL}/`), loc).toBe(true);
    expect(await body("/robots.txt")).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
    const page = await body("/cars/used");
    expect(page).toContain(`<link rel="canonical" href="${SITE_URL}/cars/used"/>`);
    expect(page).not.toContain(host);
    const [vehicle] = JSON.parse(await body("/api/vehicles/search/van?pageSize=1")) as { _id: string }[];
    const vehiclePage = await body(`/vehicles/${vehicle!._id}`);
    expect(vehiclePage).toContain(`"url":"${SITE_URL}/vehicles/${vehicle!._id}"`);
    expect(vehiclePage).not.toContain(host);
  });
});
