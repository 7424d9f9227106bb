import { catalogueContext, contentContext, siteUrlContext } from "../../../backend/http/request-context";
import { mainSitemap, xmlResponse } from "../../seo/site-listing";
import { siteOrigin } from "../../seo/site-origin";
import type { Route } from "./+types/sitemap";
import { answersOutages } from "../../engine-outage.server";

export const loader = answersOutages(load);

async function load({ url, context }: Route.LoaderArgs) {
  const articles = context
    .get(contentContext)
    .articles.filter(({ seo }) => !seo.noindex)
    .map(({ slug }) => slug);
  return xmlResponse(await mainSitemap(context.get(catalogueContext), siteOrigin(context.get(siteUrlContext), url), undefined, articles));
}

export { action } from "./read-only";
