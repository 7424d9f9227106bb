import { siteUrlContext } from "../../../backend/http/request-context";
import { siteOrigin } from "../../seo/site-origin";
import type { Route } from "./+types/robots";

/** Crawlers may read every public page; the JSON API, the search form's redirect and the staff area are not for them. */
export function loader({ url, context }: Route.LoaderArgs) {
  const origin = siteOrigin(context.get(siteUrlContext), url);
  const body = [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /search",
    "Disallow: /staff",
    "",
    `Sitemap: ${new URL("/sitemap.xml", origin).href}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}

export { action } from "./read-only";
