import { index, route, type RouteConfig } from "@react-router/dev/routes";

/** Pages with a path of their own, and where they live. */
const CONTENT_PAGES = [
  "about",
  "contact",
  "cookies",
  "complaints",
  "privacy",
  "terms",
  "tcf",
  "terms-of-sale",
  "finance-info",
  "finance-prices",
  "articles",
  "leasing",
  "reviews",
  "chat",
] as const;

/** The category landing pages of spec.md §2, one template filled from frontend/content/categories.ts. */
const CATEGORY_PAGES = [
  "cars",
  "cars/finance",
  "cars/leasing",
  "cars/new",
  "cars/used",
  "vans",
  "vans/used",
  "vans/new",
  "vans/finance",
  "vans/leasing",
  "trucks",
  "trucks/new",
  "trucks/used",
  "trucks/finance",
  "trucks/leasing",
] as const;

/**
 * Addresses the pages link to (spec.md §2) that another page serves: each answers a
 * permanent redirect there (frontend/content/redirects.ts).
 */
export const REDIRECTED_PATHS = [
  "deals",
  "savings",
  "complaint",
  "support",
  "consumer-policy",
  "finance-options",
  "valuation",
  "browse-stock",
  "stock",
  "expert-reviews",
  "cars/reviews",
  "vans/reviews",
  "awards",
  "pricing",
  "electric-vehicles",
  "leasing-info",
  "leasing-articles",
] as const;

const slug = (path: string) => path.replaceAll("/", "-");

export default [
  index("routes/home.tsx"),
  route("vehicles", "routes/vehicle-list.tsx"),
  route("vehicles/:id", "routes/vehicle-detail.tsx"),
  route("vehicles/:id/finance", "routes/vehicle-finance.tsx"),
  ...(["car", "van", "truck"] as const).map((type) => route(`${type}-search`, "routes/search.tsx", { id: `search-${type}` })),
  route("search", "routes/search-redirect.tsx"),
  route("offers", "routes/offers.tsx"),
  ...CATEGORY_PAGES.map((path) => route(path, "routes/category.tsx", { id: `category-${slug(path)}` })),
  ...CONTENT_PAGES.map((page) => route(page, `routes/content/${page}.tsx`)),
  route("newsletter", "routes/forms/newsletter.tsx"),
  route("feedback", "routes/forms/feedback.tsx"),
  route("part-exchange", "routes/forms/part-exchange.tsx"),
  ...REDIRECTED_PATHS.map((path) => route(path, "routes/redirect.tsx", { id: `redirect-${slug(path)}` })),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
