import { data } from "react-router";
import { catalogueContext, contentContext, siteUrlContext } from "../../../backend/http/request-context";
import { sitemapPart, xmlResponse } from "../../seo/site-listing";
import { siteOrigin } from "../../seo/site-origin";
import type { Route } from "./+types/sitemap-part";
import { answersOutages } from "../../engine-outage.server";

/** One part of a split sitemap: /sitemaps/pages.xml or /sitemaps/vehicles-N.xml. */
export const loader = answersOutages(load);

async function load({ params, url, context }: Route.LoaderArgs) {
  const origin = siteOrigin(context.get(siteUrlContext), url);
  const articles = context
    .get(contentContext)
    .articles.filter(({ seo }) => !seo.noindex)
    .map(({ slug }) => slug);
  const body = await sitemapPart(context.get(catalogueContext), origin, params.part, undefined, articles);
  if (body === undefined) throw data("No such sitemap", { status: 404 });
  return xmlResponse(body);
}

export { action } from "./read-only";
