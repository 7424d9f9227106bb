import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { REDIRECTS } from "./content/redirects";
import { CATEGORY_PAGES, CONTENT_PAGES, OWN_LAYOUT_PAGES } from "../domain/site-pages";
import { SITE_PAGE_LEAD_KINDS, sitePageOf, VEHICLE_PAGE_LEAD_KINDS, vehicleSlugOf, type LeadKindName } from "../domain/lead-kinds";

const slug = (path: string) => path.replaceAll("/", "-");

/**
 * The lead kinds whose page is a module of its own; every other kind's page is made from the
 * table in domain/lead-kinds.ts: a vehicle's form by routes/vehicle-lead.tsx, a page of the
 * site's own by routes/forms/site-form.tsx.
 */
const OWN_LEAD_PAGES: Partial<Record<LeadKindName, string>> = {
  "finance-application": "routes/vehicle-finance.tsx",
  "part-exchange": "routes/forms/part-exchange.tsx",
};

export default [
  index("routes/home.tsx"),
  route("vehicles", "routes/vehicle-list.tsx"),
  route("vehicles/:id", "routes/vehicle-detail.tsx"),
  ...VEHICLE_PAGE_LEAD_KINDS.map((kind) =>
    route(`vehicles/:id/${vehicleSlugOf(kind)}`, OWN_LEAD_PAGES[kind] ?? "routes/vehicle-lead.tsx", {
      id: `vehicle-${vehicleSlugOf(kind)}`,
    }),
  ),
  ...(["car", "van", "truck"] as const).map((type) => route(`${type}-search`, "routes/search.tsx", { id: `search-${type}` })),
  route("search", "routes/search-redirect.tsx"),
  route("offers", "routes/offers.tsx"),
  route("saved", "routes/saved.tsx"),
  route("compare", "routes/compare.tsx"),
  // Saved searches and their e-mail alerts: one buyer's each, never kept by the page cache.
  route("alerts", "routes/alerts/save.tsx"),
  route("alerts/confirm", "routes/alerts/confirm.tsx"),
  route("alerts/manage", "routes/alerts/manage.tsx"),
  route("alerts/unsubscribe", "routes/alerts/unsubscribe.tsx"),
  route("alerts/open", "routes/alerts/open.ts"),
  route("branches", "routes/branches.tsx"),
  route("branches/:code", "routes/branch.tsx"),
  ...CATEGORY_PAGES.map((path) => route(path, "routes/category.tsx", { id: `category-${slug(path)}` })),
  ...CONTENT_PAGES.map((page) =>
    (OWN_LAYOUT_PAGES as readonly string[]).includes(page)
      ? route(page, `routes/content/${page}.tsx`)
      : route(page, "routes/content/edited-page.tsx", { id: `page-${page}` }),
  ),
  route("articles/:slug", "routes/content/article.tsx"),
  ...SITE_PAGE_LEAD_KINDS.map((kind) =>
    route(sitePageOf(kind).path.slice(1), OWN_LEAD_PAGES[kind] ?? "routes/forms/site-form.tsx", { id: `form-${kind}` }),
  ),
  // The staff area: signed-in staff only, its pages in their own bundles (frontend/routes/staff).
  route("staff", "routes/staff/layout.tsx", [
    index("routes/staff/inbox.tsx"),
    route("sign-in", "routes/staff/sign-in.tsx"),
    route("sign-in/code", "routes/staff/sign-in-code.tsx"),
    route("sign-out", "routes/staff/sign-out.tsx"),
    route("set-password", "routes/staff/set-password.tsx"),
    route("leads/:id", "routes/staff/lead.tsx"),
    route("diary", "routes/staff/diary.tsx"),
    route("erasure", "routes/staff/erasure.tsx"),
    route("account", "routes/staff/account.tsx"),
    route("accounts", "routes/staff/accounts.tsx"),
    route("audit", "routes/staff/audit.tsx"),
    route("stock", "routes/staff/stock-table.tsx"),
    route("stock/import", "routes/staff/stock-import.tsx"),
    route("stock/import/:id/rejected.csv", "routes/staff/stock-import-rejected.ts"),
    route("stock/search-index", "routes/staff/stock-search-index.tsx"),
    route("stock/demand", "routes/staff/stock-demand.tsx"),
    route("stock/vehicles", "routes/staff/stock-vehicles.tsx"),
    route("stock/vehicles/:id", "routes/staff/stock-vehicle.tsx"),
    route("stock/photos", "routes/staff/stock-photos.tsx"),
    route("stock/sold/:id", "routes/staff/stock-sold.tsx"),
    route("content", "routes/staff/content.tsx"),
    route("content/preview", "routes/staff/content-preview.tsx"),
    route("content/photos", "routes/staff/content-photos.tsx"),
    route("content/*", "routes/staff/content-edit.tsx"),
    route("stock/feeds", "routes/staff/stock-feeds.tsx"),
    route("dashboard", "routes/staff/dashboard.tsx"),
    route("dashboard/csv/:table", "routes/staff/dashboard-csv.ts"),
  ]),
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("sitemaps/:part", "routes/seo/sitemap-part.ts"),
  // Addresses the pages link to that another page serves: each redirects there for good.
  ...Object.keys(REDIRECTS).map((path) => route(path.slice(1), "routes/redirect.tsx", { id: `redirect${slug(path)}` })),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
