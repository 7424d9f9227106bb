import type { VehicleType } from "../../domain/vehicle-types";

/** The header's category menus: each type's pages, in the order a buyer looks for them. */
export const CATEGORY_MENUS: readonly { type: VehicleType; label: string; links: readonly { href: string; label: string }[] }[] = [
  {
    type: "car",
    label: "Cars",
    links: [
      { href: "/car-search", label: "Search all cars" },
      { href: "/cars/used", label: "Used cars" },
      { href: "/cars/new", label: "New cars" },
      { href: "/cars/finance", label: "Car finance" },
      { href: "/cars/leasing", label: "Car leasing" },
    ],
  },
  {
    type: "van",
    label: "Vans",
    links: [
      { href: "/van-search", label: "Search all vans" },
      { href: "/vans/used", label: "Used vans" },
      { href: "/vans/new", label: "New vans" },
      { href: "/vans/finance", label: "Van finance" },
      { href: "/vans/leasing", label: "Van leasing" },
    ],
  },
  {
    type: "truck",
    label: "Trucks",
    links: [
      { href: "/truck-search", label: "Search all trucks" },
      { href: "/trucks/used", label: "Used trucks" },
      { href: "/trucks/new", label: "New trucks" },
      { href: "/trucks/finance", label: "Truck finance" },
      { href: "/trucks/leasing", label: "Truck leasing" },
    ],
  },
];

/** The footer's four sections, one open at a time. */
export const FOOTER_SECTIONS: readonly { title: string; links: readonly { href: string; label: string }[] }[] = [
  {
    title: "Products and services",
    links: [
      { href: "/cars/used", label: "Used cars" },
      { href: "/cars/new", label: "New cars" },
      { href: "/vans", label: "Vans" },
      { href: "/trucks", label: "Trucks" },
      { href: "/cars/finance", label: "Finance" },
      { href: "/leasing", label: "Leasing" },
      { href: "/part-exchange", label: "Part exchange and valuation" },
      { href: "/offers", label: "Offers" },
    ],
  },
  {
    title: "Buying advice",
    links: [
      { href: "/finance-info", label: "How finance works" },
      { href: "/finance-prices", label: "Monthly prices explained" },
      { href: "/articles", label: "Buying guides" },
      { href: "/reviews", label: "Reviews" },
      { href: "/terms-of-sale", label: "Terms of sale" },
    ],
  },
  {
    title: "Quick search",
    links: [
      { href: "/car-search", label: "All cars" },
      { href: "/van-search", label: "All vans" },
      { href: "/truck-search", label: "All trucks" },
      { href: "/car-search?fuelType=Electric", label: "Electric cars" },
      { href: "/van-search?bodyType=Panel+Van", label: "Panel vans" },
      { href: "/vehicles", label: "All stock" },
    ],
  },
  {
    title: "Dealers",
    links: [
      { href: "/about", label: "About us" },
      { href: "/contact", label: "Contact us" },
      { href: "/chat", label: "Chat with us" },
      { href: "/newsletter", label: "Newsletter" },
    ],
  },
];

export const LEGAL_LINKS: readonly { href: string; label: string }[] = [
  { href: "/terms", label: "Terms and conditions" },
  { href: "/privacy", label: "Privacy policy" },
  { href: "/cookies", label: "Cookie policy" },
  { href: "/complaints", label: "Complaints" },
  { href: "/tcf", label: "Treating customers fairly" },
];
