import { catalogueContext, siteUrlContext } from "../../../backend/http/request-context";
import { mainSitemap, xmlResponse } from "../../seo/site-listing";
import { siteOrigin } from "../../seo/site-origin";
import type { Route } from "./+types/sitemap";
import { answersOutages } from "../../engine-outage.server";

export const loader = answersOutages(load);

async function load({ url, context }: Route.LoaderArgs) {
  return xmlResponse(await mainSitemap(context.get(catalogueContext), siteOrigin(context.get(siteUrlContext), url)));
}

export { action } from "./read-only";
