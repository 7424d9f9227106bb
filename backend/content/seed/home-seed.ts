import type { HomeContent } from "../../../domain/content/content-schemas";

const carSearch = (name: string) => ({ name, href: `/car-search?make=${encodeURIComponent(name)}` });
const vanSearch = (name: string) => ({ name, href: `/van-search?make=${encodeURIComponent(name)}` });

/** The home page's words on a fresh install; words in braces are filled in when the page is shown (site-content.ts). */
export const HOME_SEED: HomeContent = {
  hero: {
    heading: "Find your next car, van or truck",
    text: "{stock} in stock at {name}, {town}. Trading since {tradingSince}.",
  },
  offerCards: [],
  brands: {
    always: [carSearch("Audi"), carSearch("BMW"), vanSearch("Ford"), vanSearch("Mercedes-Benz")],
    more: [
      ...[
        "Citroën",
        "Cupra",
        "Dacia",
        "Fiat",
        "Honda",
        "Hyundai",
        "Jaguar",
        "Kia",
        "Land Rover",
        "Lexus",
        "Mazda",
        "MG",
        "MINI",
        "Nissan",
        "Peugeot",
        "Polestar",
        "Porsche",
        "Renault",
        "SEAT",
        "Skoda",
        "Suzuki",
        "Tesla",
        "Toyota",
        "Vauxhall",
        "Volkswagen",
        "Volvo",
      ].map(carSearch),
      ...["Iveco", "Isuzu", "Maxus"].map(vanSearch),
    ],
  },
  essentials: [
    { href: "/finance-info", title: "How finance works", text: "HP, PCP and leasing in plain words, with the representative example." },
    { href: "/part-exchange", title: "Part exchange", text: "Tell us about your vehicle and we will value it against your next one." },
    { href: "/articles", title: "Buying guides", text: "What to check on a used car, how to choose a van body, what a truck needs." },
    { href: "/finance-prices", title: "Monthly prices", text: "What a monthly payment buys, worked out on our representative terms." },
  ],
  faq: [
    {
      question: "Can I buy a vehicle on finance?",
      answer:
        "Yes. We are a credit broker, not a lender: we introduce you to lenders and you can apply from any vehicle's page. Finance is subject to status and for UK residents aged 18 and over. [How finance works](/finance-info).",
    },
    {
      question: "Do you take part exchanges?",
      answer:
        "We do, for cars, vans and trucks. [Tell us about your vehicle](/part-exchange) and we will come back to you with a valuation.",
    },
    {
      question: "When can I see a vehicle?",
      answer: "We are open {openingHours}. Call us on {phoneLink} to make sure the vehicle is ready for you.",
    },
  ],
  seo: {
    title: "{name}: used and new cars, vans and trucks in {town}",
    description: "Search our cars, vans and trucks, see an honest monthly price for each and apply for finance. {tagline}.",
    noindex: false,
  },
};
