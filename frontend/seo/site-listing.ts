import { CATEGORY_PAGES, CONTENT_PAGES, LISTED_PAGES } from "../../domain/site-pages";
import { MOST_PER_SITEMAP, sitemapIndex, urlSet } from "./sitemap-xml";

/** The catalogue as the sitemap sees it: every vehicle's id, a page at a time, in a stable order. */
export interface VehicleIds {
  ids(page: number, pageSize: number): Promise<{ total: number; ids: string[] }>;
}

/** Every page worth a search engine's visit, apart from the vehicles: the site's own, and the articles staff have published (by slug). */
export function pageUrls(origin: string, articles: readonly string[] = []): string[] {
  return [...LISTED_PAGES, ...CATEGORY_PAGES, ...CONTENT_PAGES, ...articles.map((slug) => `articles/${slug}`)].map(
    (path) => new URL(path, origin).href,
  );
}

async function vehicleUrls(stock: VehicleIds, origin: string, part: number, perFile: number): Promise<string[]> {
  const { ids } = await stock.ids(part, perFile);
  return ids.map((id) => new URL(`/vehicles/${encodeURIComponent(id)}`, origin).href);
}

/**
 * /sitemap.xml: every page and vehicle in one file while they fit, otherwise an index of
 * parts (/sitemaps/pages.xml, /sitemaps/vehicles-1.xml, …).
 */
export async function mainSitemap(
  stock: VehicleIds,
  origin: string,
  perFile = MOST_PER_SITEMAP,
  articles: readonly string[] = [],
): Promise<string> {
  const pages = pageUrls(origin, articles);
  const { total } = await stock.ids(1, 1);
  if (pages.length + total <= perFile) {
    return urlSet([...pages, ...(total > 0 ? await vehicleUrls(stock, origin, 1, total) : [])]);
  }
  const parts = Array.from({ length: Math.ceil(total / perFile) }, (_, i) => new URL(`/sitemaps/vehicles-${i + 1}.xml`, origin).href);
  return sitemapIndex([new URL("/sitemaps/pages.xml", origin).href, ...parts]);
}

/** One part of a split sitemap, named as the index names it; undefined for any other name. */
export async function sitemapPart(
  stock: VehicleIds,
  origin: string,
  name: string,
  perFile = MOST_PER_SITEMAP,
  articles: readonly string[] = [],
): Promise<string | undefined> {
  if (name === "pages.xml") return urlSet(pageUrls(origin, articles));
  const part = Number(/^vehicles-([1-9]\d{0,5})\.xml$/.exec(name)?.[1]);
  if (!Number.isInteger(part)) return undefined;
  const { total } = await stock.ids(1, 1);
  return part <= Math.ceil(total / perFile) ? urlSet(await vehicleUrls(stock, origin, part, perFile)) : undefined;
}

export const xmlResponse = (body: string) =>
  new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
