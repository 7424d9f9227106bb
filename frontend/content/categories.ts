import type { VehicleType } from "../../domain/vehicle-types";

/**
 * The category landing pages' make-up: each a hero search, links, brand tiles and
 * questions. Their words (heading, intro, sections, brands and questions) are the dealer's
 * to edit in the staff area (backend/content/seed/category-seeds.ts has a fresh install's);
 * frontend/routes/category.tsx lays them out.
 */
export interface CategoryPage {
  type: VehicleType;
  /** The search form's target: the type's search screen, unless the page searches itself. */
  searchesItself?: boolean;
  /** A field more in the search form: a postcode, or the leasing budget and buyer. */
  extraFields?: "postcode" | "leasing-budget";
  /** The condition the page's searches, make lists and links keep to (the new and used pages). */
  condition?: "New" | "Used";
  links: readonly { href: string; label: string }[];
  bodyTypes?: readonly { label: string; bodyType: string }[];
  /** Whether each brand tile links to a search of that make. */
  brands: { linked: boolean };
}

const LINKED = { linked: true };

export const CATEGORY_PAGES: Record<string, CategoryPage> = {
  "/cars": {
    type: "car",
    links: [
      { href: "/cars/used", label: "Used cars" },
      { href: "/cars/new", label: "New cars" },
      { href: "/cars/finance", label: "Car finance" },
      { href: "/cars/leasing", label: "Car leasing" },
    ],
    brands: LINKED,
  },
  "/cars/finance": {
    type: "car",
    links: [
      { href: "/finance-info", label: "How finance works" },
      { href: "/finance-options", label: "Finance options" },
      { href: "/finance-prices", label: "Monthly prices" },
    ],
    brands: LINKED,
  },
  "/cars/leasing": {
    type: "car",
    searchesItself: true,
    links: [
      { href: "/deals", label: "Deals" },
      { href: "/articles", label: "Leasing guides" },
      { href: "/about", label: "About us" },
    ],
    brands: LINKED,
  },
  "/cars/new": {
    type: "car",
    condition: "New",
    links: [
      { href: "/finance-info", label: "Finance information" },
      { href: "/awards", label: "Awards" },
      { href: "/pricing", label: "Pricing" },
      { href: "/savings", label: "Savings" },
      { href: "/vehicles", label: "All vehicles" },
      { href: "/stock", label: "Stock" },
      { href: "/electric-vehicles", label: "Electric cars" },
      { href: "/leasing", label: "Leasing" },
      { href: "/reviews", label: "Reviews" },
    ],
    brands: LINKED,
  },
  "/cars/used": {
    type: "car",
    condition: "Used",
    extraFields: "postcode",
    links: [
      { href: "/part-exchange", label: "Part exchange" },
      { href: "/valuation", label: "Free valuation" },
      { href: "/browse-stock", label: "Browse all stock" },
    ],
    brands: LINKED,
  },
  "/vans": {
    type: "van",
    links: [
      { href: "/vans/used", label: "Used vans" },
      { href: "/vans/new", label: "New vans" },
      { href: "/vans/finance", label: "Van finance" },
      { href: "/vans/leasing", label: "Van leasing" },
    ],
    brands: LINKED,
  },
  "/vans/used": {
    type: "van",
    condition: "Used",
    links: [
      { href: "/part-exchange", label: "Part exchange" },
      { href: "/valuation", label: "Free valuation" },
      { href: "/browse-stock", label: "Browse all stock" },
      { href: "/expert-reviews", label: "Expert reviews" },
    ],
    bodyTypes: [
      { label: "Panel van", bodyType: "Panel Van" },
      { label: "Double cab", bodyType: "Double Cab" },
      { label: "Chassis cab", bodyType: "Chassis Cab" },
      { label: "Crew van", bodyType: "Crew Van" },
    ],
    brands: LINKED,
  },
  "/vans/new": {
    type: "van",
    condition: "New",
    links: [{ href: "/van-search", label: "Search all vans" }],
    brands: { linked: false },
  },
  "/vans/finance": {
    type: "van",
    links: [{ href: "/finance-info", label: "How finance works" }],
    brands: LINKED,
  },
  "/vans/leasing": {
    type: "van",
    extraFields: "leasing-budget",
    links: [
      { href: "/leasing-info", label: "Leasing explained" },
      { href: "/leasing-articles", label: "Leasing guides" },
      { href: "/about", label: "About us" },
    ],
    brands: LINKED,
  },
  "/trucks": {
    type: "truck",
    links: [
      { href: "/about", label: "About us" },
      { href: "/articles", label: "Articles" },
      { href: "/reviews", label: "Reviews" },
    ],
    brands: LINKED,
  },
  "/trucks/new": {
    type: "truck",
    condition: "New",
    links: [
      { href: "/about", label: "About us" },
      { href: "/articles", label: "Articles" },
      { href: "/reviews", label: "Reviews" },
    ],
    brands: LINKED,
  },
  "/trucks/used": {
    type: "truck",
    condition: "Used",
    links: [
      { href: "/about", label: "About us" },
      { href: "/articles", label: "Articles" },
      { href: "/reviews", label: "Reviews" },
    ],
    brands: LINKED,
  },
  "/trucks/finance": {
    type: "truck",
    links: [{ href: "/finance-info", label: "How finance works" }],
    brands: LINKED,
  },
  "/trucks/leasing": {
    type: "truck",
    links: [
      { href: "/leasing", label: "Leasing explained" },
      { href: "/contact", label: "Talk to us" },
    ],
    brands: LINKED,
  },
};

/** Monthly budgets offered on the van leasing page, as monthly ranges; the first, no limit, is the default. */
export const LEASING_BUDGETS: readonly { value: string; label: string }[] = [
  { value: "", label: "Any budget" },
  { value: "-200", label: "Up to £200 a month" },
  { value: "-300", label: "Up to £300 a month" },
  { value: "300-500", label: "£300 – £500 a month" },
  { value: "500-1000", label: "£500 – £1,000 a month" },
  { value: "1000-", label: "Over £1,000 a month" },
];
