/**
 * The site's own addresses, in one place for the route table (frontend/routes.ts) and the
 * sitemap, so a page added to one cannot be missing from the other.
 */

/** Pages with a path of their own, and where they live. */
export const CONTENT_PAGES = [
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

/**
 * The content pages whose words are laid out around what the site works out itself: the
 * dealer's ways to be reached and hours (contact, chat), the representative example and the
 * table of payments (the finance pages). Each has a route module of its own; every other
 * content page is frontend/routes/content/edited-page.tsx. The words of all of them are
 * edited in the staff area.
 */
export const OWN_LAYOUT_PAGES = [
  "contact",
  "chat",
  "finance-info",
  "finance-prices",
] as const satisfies readonly (typeof CONTENT_PAGES)[number][];

/** The category landing pages, one template filled from frontend/content/categories.ts. */
export const CATEGORY_PAGES = [
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

/** Pages listed in the sitemap besides the category and content pages, and every vehicle. */
export const LISTED_PAGES = ["", "vehicles", "car-search", "van-search", "truck-search", "offers", "part-exchange", "newsletter"] as const;
