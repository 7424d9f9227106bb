import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { REDIRECTS } from "./content/redirects";
import { CATEGORY_PAGES, CONTENT_PAGES } from "../domain/site-pages";

const slug = (path: string) => path.replaceAll("/", "-");

export default [
  index("routes/home.tsx"),
  route("vehicles", "routes/vehicle-list.tsx"),
  route("vehicles/:id", "routes/vehicle-detail.tsx"),
  route("vehicles/:id/finance", "routes/vehicle-finance.tsx"),
  ...["enquire", "test-drive", "call-back"].map((form) => route(`vehicles/:id/${form}`, "routes/vehicle-lead.tsx", { id: `vehicle-${form}` })),
  ...(["car", "van", "truck"] as const).map((type) => route(`${type}-search`, "routes/search.tsx", { id: `search-${type}` })),
  route("search", "routes/search-redirect.tsx"),
  route("offers", "routes/offers.tsx"),
  route("saved", "routes/saved.tsx"),
  route("compare", "routes/compare.tsx"),
  ...CATEGORY_PAGES.map((path) => route(path, "routes/category.tsx", { id: `category-${slug(path)}` })),
  ...CONTENT_PAGES.map((page) => route(page, `routes/content/${page}.tsx`)),
  route("newsletter", "routes/forms/newsletter.tsx"),
  route("feedback", "routes/forms/feedback.tsx"),
  route("part-exchange", "routes/forms/part-exchange.tsx"),
  // The staff area: signed-in staff only, its pages in their own bundles (frontend/routes/staff).
  route("staff", "routes/staff/layout.tsx", [
    index("routes/staff/inbox.tsx"),
    route("sign-in", "routes/staff/sign-in.tsx"),
    route("sign-in/code", "routes/staff/sign-in-code.tsx"),
    route("sign-out", "routes/staff/sign-out.tsx"),
    route("set-password", "routes/staff/set-password.tsx"),
    route("leads/:id", "routes/staff/lead.tsx"),
    route("erasure", "routes/staff/erasure.tsx"),
    route("account", "routes/staff/account.tsx"),
    route("accounts", "routes/staff/accounts.tsx"),
    route("audit", "routes/staff/audit.tsx"),
    route("stock/import", "routes/staff/stock-import.tsx"),
    route("stock/import/:id/rejected.csv", "routes/staff/stock-import-rejected.ts"),
    route("stock/search-index", "routes/staff/stock-search-index.tsx"),
    route("stock/vehicles", "routes/staff/stock-vehicles.tsx"),
    route("stock/vehicles/:id", "routes/staff/stock-vehicle.tsx"),
  ]),
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("sitemaps/:part", "routes/seo/sitemap-part.ts"),
  // Addresses the pages link to that another page serves: each redirects there for good.
  ...Object.keys(REDIRECTS).map((path) => route(path.slice(1), "routes/redirect.tsx", { id: `redirect${slug(path)}` })),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
