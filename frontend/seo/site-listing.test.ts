import { describe, expect, it } from "vitest";
import { mainSitemap, pageUrls, sitemapPart, type VehicleIds } from "./site-listing";
import { urlSet } from "./sitemap-xml";

const ORIGIN = "https://www.example.co.uk";

/** A stock of n vehicles with ids v1…vn, paged as the catalogue pages them. */
function stockOf(n: number): VehicleIds {
  const all = Array.from({ length: n }, (_, i) => `v${i + 1}`);
  return { ids: async (page, pageSize) => ({ total: n, ids: all.slice((page - 1) * pageSize, page * pageSize) }) };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);

describe("the sitemap", () => {
  it("lists every page and every vehicle in one file while they fit", async () => {
    const pages = pageUrls(ORIGIN);
    const xml = await mainSitemap(stockOf(3), ORIGIN, pages.length + 3);
    expect(xml).toContain("<urlset");
    expect(locs(xml)).toEqual([...pages, `${ORIGIN}/vehicles/v1`, `${ORIGIN}/vehicles/v2`, `${ORIGIN}/vehicles/v3`]);
    expect(pages).toEqual(expect.arrayContaining([`${ORIGIN}/`, `${ORIGIN}/cars/used`, `${ORIGIN}/terms`, `${ORIGIN}/car-search`]));
  });

  it("splits into an index of parts when they do not, each part within the limit", async () => {
    const stock = stockOf(250);
    const perFile = 100;
    const index = await mainSitemap(stock, ORIGIN, perFile);
    expect(index).toContain("<sitemapindex");
    expect(locs(index)).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/vehicles-1.xml`,
      `${ORIGIN}/sitemaps/vehicles-2.xml`,
      `${ORIGIN}/sitemaps/vehicles-3.xml`,
    ]);
    const vehicles: string[] = [];
    for (const part of [1, 2, 3]) {
      const listed = locs((await sitemapPart(stock, ORIGIN, `vehicles-${part}.xml`, perFile))!);
      expect(listed.length).toBeLessThanOrEqual(perFile);
      vehicles.push(...listed);
    }
    expect(new Set(vehicles).size).toBe(250);
    expect(locs((await sitemapPart(stock, ORIGIN, "pages.xml", perFile))!)).toEqual(pageUrls(ORIGIN));
  });

  it("knows no part beyond the stock or by any other name", async () => {
    const stock = stockOf(250);
    expect(await sitemapPart(stock, ORIGIN, "vehicles-4.xml", 100)).toBeUndefined();
    expect(await sitemapPart(stock, ORIGIN, "vehicles-0.xml", 100)).toBeUndefined();
    expect(await sitemapPart(stock, ORIGIN, "../etc.xml", 100)).toBeUndefined();
  });

  it("writes ids safely into addresses, and addresses safely into XML", async () => {
    const stock: VehicleIds = { ids: async () => ({ total: 1, ids: ["a&b"] }) };
    expect(await mainSitemap(stock, ORIGIN)).toContain(`${ORIGIN}/vehicles/a%26b`);
    expect(urlSet(["https://x.example/?a=1&b=2"])).toContain("<loc>https://x.example/?a=1&amp;b=2</loc>");
  });
});
