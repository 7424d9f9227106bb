import { siteUrlContext } from "../../request-context";
import { siteOrigin } from "../../seo/site-origin";
import type { Route } from "./+types/robots";

/** Crawlers may read every page; the JSON API and the search form's redirect are not pages. */
export function loader({ url, context }: Route.LoaderArgs) {
  const origin = siteOrigin(context.get(siteUrlContext), url);
  const body = ["User-agent: *", "Disallow: /api/", "Disallow: /search", "", `Sitemap: ${new URL("/sitemap.xml", origin).href}`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}

export { action } from "./read-only";
