import type { Dealer } from "../../../domain/dealer";
import type { CategoryContent } from "../../../domain/content/content-schemas";

/**
 * The category landing pages' words on a fresh install (their search forms, links and body
 * types stay in frontend/content/categories.ts). A section that states a claim of the
 * dealer's own is written in from the dealer file at the first start, or left out; a word
 * in braces ({town}) is filled in when the page is shown.
 */
interface SeedSection {
  heading: string;
  paragraphs: readonly string[];
}

interface SeedPage {
  title: string;
  description: string;
  heading: string;
  intro: string;
  copy: readonly (SeedSection | ((dealer: Dealer) => SeedSection | undefined))[];
  brands: { always: readonly string[]; more: readonly string[] };
  faq: readonly { question: string; answer: string }[];
}

/** "Every car checked": said only by a dealer whose file says what its checks are. */
const checked =
  (noun: string): ((dealer: Dealer) => SeedSection | undefined) =>
  ({ vehicleChecks }) =>
    vehicleChecks ? { heading: `Every ${noun} checked`, paragraphs: [`Every ${noun} is {vehicleChecks} before it is listed.`] } : undefined;

const CAR_BRANDS = {
  always: ["Ford", "Volkswagen", "Audi", "Mercedes-Benz"],
  more: ["BMW", "Peugeot", "Nissan", "Renault", "Honda", "Kia", "Toyota"],
};
const VAN_BRANDS = {
  always: ["Ford", "Volkswagen", "Mercedes-Benz", "Vauxhall"],
  more: ["Renault", "Peugeot", "Citroën", "Toyota", "Nissan", "Fiat", "Iveco", "Maxus"],
};
const TRUCK_BRANDS = {
  always: ["Scania", "Volvo", "Mercedes-Benz", "DAF"],
  more: ["Isuzu", "Iveco", "MAN", "Renault"],
};

const FINANCE_FAQ = [
  {
    question: "Are you a lender?",
    answer:
      "No. We are a credit broker: we introduce you to lenders, who decide. Finance is subject to status and available to UK residents aged 18 and over.",
  },
  {
    question: "Will applying affect my credit file?",
    answer:
      "A lender will search your credit file when you apply. Ask us first if you would like a quotation that uses a soft search only.",
  },
  {
    question: "Can I settle early?",
    answer:
      "Yes. You can pay off a finance agreement early at any time; the lender will tell you the settlement figure, which includes any interest due to the day you pay.",
  },
];

const LEASING_FAQ = [
  {
    question: "What happens at the end of a lease?",
    answer:
      "You hand the vehicle back. It should be within the agreed mileage and in fair condition for its age; charges apply for excess miles or damage.",
  },
  {
    question: "Can a business lease?",
    answer: "Yes. Business contract hire usually lets a VAT-registered business reclaim most of the VAT on the rentals.",
  },
  {
    question: "Is a lease the same as finance?",
    answer: "No. With a lease you never own the vehicle; with hire purchase or PCP you can own it at the end.",
  },
];

const CATEGORY_SEEDS: Record<string, SeedPage> = {
  "/cars": {
    title: "Cars for sale",
    description: "Used and new cars for sale, with photos, a full specification and an honest monthly price for each.",
    heading: "Cars",
    intro: "Hatchbacks, family SUVs, estates and electric cars, new and used, each listed with its full specification.",
    copy: [
      checked("car"),
      {
        heading: "Mileage at a glance",
        paragraphs: ["Every listing shows the mileage against the average for the car's age, so you can judge it at a glance."],
      },
    ],
    brands: CAR_BRANDS,
    faq: FINANCE_FAQ,
  },
  "/cars/finance": {
    title: "Car finance",
    description:
      "Car finance explained: hire purchase and PCP on our cars, with the representative example and a monthly price on every car.",
    heading: "Car finance",
    intro:
      "Spread the cost of your next car. Every car shows its monthly price on our representative terms, so you can compare before you apply.",
    copy: [
      {
        heading: "Hire purchase or PCP",
        paragraphs: [
          "With hire purchase you pay a deposit and fixed monthly payments, and the car is yours after the last one.",
          "With personal contract purchase the payments are lower because a final payment is deferred; at the end you pay it, hand the car back or part exchange it.",
        ],
      },
    ],
    brands: CAR_BRANDS,
    faq: FINANCE_FAQ,
  },
  "/cars/leasing": {
    title: "Car leasing",
    description:
      "Car leasing explained, and the cars we have in stock with what each costs a month on hire purchase, to compare with a lease.",
    heading: "Car leasing",
    intro:
      "Lease rentals depend on the term and mileage you choose, so ask us for a quote. To compare, choose a make and model to see the cars we have in stock and what each costs a month on hire purchase.",
    copy: [
      {
        heading: "A new car every few years",
        paragraphs: [
          "Leasing suits drivers who like to change their car every two to four years and would rather not worry about its value.",
          "You agree a term, a yearly mileage and a monthly rental; at the end you hand the car back.",
        ],
      },
    ],
    brands: CAR_BRANDS,
    faq: LEASING_FAQ,
  },
  "/cars/new": {
    title: "New cars",
    description: "New and nearly new cars: the latest models at a saving, with finance on every one.",
    heading: "New cars",
    intro: "The latest models, many pre-registered with delivery miles only, at a saving on the list price.",
    copy: [
      {
        heading: "Nearly new, nearly half the worry",
        paragraphs: [
          "Pre-registered cars carry the balance of the maker's warranty and cost less than ordering the same car from the factory.",
          "Electric cars are in stock too: see their battery range and charging time in each listing.",
        ],
      },
    ],
    brands: CAR_BRANDS,
    faq: FINANCE_FAQ,
  },
  "/cars/used": {
    title: "Used cars",
    description: "Used cars for sale, each shown with its mileage against the average for its age and an honest monthly payment.",
    heading: "Used cars",
    intro: "Every used car is listed with its full specification and its mileage against the average for its age.",
    copy: [
      checked("car"),
      ({ deliveryArea }) =>
        deliveryArea
          ? {
              heading: "Delivered to your door",
              paragraphs: [
                "All our cars are at our {town} showroom, and we deliver {deliveryArea}. Add your postcode to your search and we will tell you about delivery.",
              ],
            }
          : undefined,
    ],
    brands: CAR_BRANDS,
    faq: FINANCE_FAQ,
  },
  "/vans": {
    title: "Vans for sale",
    description: "Used and new vans for sale: panel vans, crew vans, pick-ups and more, with prices shown plus VAT.",
    heading: "Vans",
    intro: "Small, medium and large vans, pick-ups and chassis cabs, for trades and fleets.",
    copy: [
      {
        heading: "Prices plus VAT",
        paragraphs: [
          "Most van prices are shown before VAT, as businesses buy them; each listing says so plainly and shows the price with VAT too.",
        ],
      },
    ],
    brands: VAN_BRANDS,
    faq: FINANCE_FAQ,
  },
  "/vans/used": {
    title: "Used vans",
    description: "Used vans for sale: panel vans, crew vans and pick-ups, each listed with its full specification.",
    heading: "Used vans",
    intro: "Panel vans, crew vans, double cabs and chassis cabs, ready for work.",
    copy: [
      checked("van"),
      {
        heading: "Choose the right body",
        paragraphs: [
          "A panel van carries the most for its size; a crew van adds a second row of seats; a double cab pick-up tows and goes off road.",
          "Wheelbase matters as much as height: check the load length you need before you choose.",
        ],
      },
    ],
    brands: VAN_BRANDS,
    faq: FINANCE_FAQ,
  },
  "/vans/new": {
    title: "New vans",
    description: "New and nearly new vans for sale, with the balance of the maker's warranty.",
    heading: "New vans",
    intro: "The latest vans from the brands below, many with delivery miles only.",
    copy: [
      {
        heading: "Ready now",
        paragraphs: ["Vans in stock can be on the road within days rather than waiting months for a factory order."],
      },
    ],
    brands: VAN_BRANDS,
    faq: FINANCE_FAQ,
  },
  "/vans/finance": {
    title: "Van finance",
    description: "Van finance for businesses and sole traders: hire purchase on our vans, with a monthly price on every van.",
    heading: "Van finance",
    intro: "Hire purchase for businesses and sole traders, with a monthly price shown on every van.",
    copy: [
      {
        heading: "Finance that works for a business",
        paragraphs: [
          "With hire purchase the van is yours after the last payment, and a VAT-registered business can usually reclaim the VAT on the price.",
        ],
      },
    ],
    brands: VAN_BRANDS,
    faq: FINANCE_FAQ,
  },
  "/vans/leasing": {
    title: "Van leasing",
    description: "Van leasing explained, and the vans a monthly budget buys on hire purchase, to compare with a lease.",
    heading: "Van leasing",
    intro:
      "Tell us whether you are buying personally or for a business, a make, and a monthly budget: we will show the vans that budget buys on hire purchase at our representative terms, to compare with a lease.",
    copy: [
      {
        heading: "Leasing or buying",
        paragraphs: [
          "Leasing keeps the monthly cost down and hands the van back at the end; hire purchase costs more a month but the van is yours.",
        ],
      },
    ],
    brands: VAN_BRANDS,
    faq: LEASING_FAQ,
  },
  "/trucks": {
    title: "Trucks for sale",
    description: "Used and new trucks for sale: tractor units, rigids, tippers and curtainsiders.",
    heading: "Trucks",
    intro: "Tractor units, curtainsiders, box bodies, tippers and flatbeds, from 7.5 tonnes to 44.",
    copy: [
      checked("truck"),
      {
        heading: "Ready for the road",
        paragraphs: ["Each listing shows what we know of the truck's history: look for its MOT, plating and service record."],
      },
    ],
    brands: { ...TRUCK_BRANDS, more: ["Isuzu", "Iveco", "MAN", "Mitsubishi", "Renault"] },
    faq: FINANCE_FAQ,
  },
  "/trucks/new": {
    title: "New trucks",
    description: "New trucks for sale: the latest tractor units and rigids.",
    heading: "New trucks",
    intro: "The latest tractor units and rigids, with the maker's warranty.",
    copy: [
      {
        heading: "Built to order, or ready now",
        paragraphs: ["Ask us about trucks in stock and about bodies built to your specification."],
      },
    ],
    brands: TRUCK_BRANDS,
    faq: FINANCE_FAQ,
  },
  "/trucks/used": {
    title: "Used trucks",
    description: "Used trucks for sale: tractor units, rigids, tippers and curtainsiders, each listed with its full specification.",
    heading: "Used trucks",
    intro: "Used tractor units and rigids, each listed with its full specification.",
    copy: [
      {
        heading: "What to check",
        paragraphs: [
          "Look at the service record, the tachograph calibration and the plating certificate: we show what we know in each listing.",
        ],
      },
    ],
    brands: TRUCK_BRANDS,
    faq: FINANCE_FAQ,
  },
  "/trucks/finance": {
    title: "Truck finance",
    description: "Truck finance for operators: hire purchase on our trucks, with a monthly price on every listing.",
    heading: "Truck finance",
    intro: "Hire purchase for operators large and small, with a monthly price shown on every truck.",
    copy: [{ heading: "Spread the cost", paragraphs: ["Keep your working capital for the business and pay for the truck as it earns."] }],
    brands: TRUCK_BRANDS,
    faq: FINANCE_FAQ,
  },
  "/trucks/leasing": {
    title: "Truck leasing",
    description: "Truck leasing and contract hire for operators.",
    heading: "Truck leasing",
    intro: "Contract hire keeps a fleet's costs fixed; tell us what you need and we will find the trucks.",
    copy: [{ heading: "Fixed costs", paragraphs: ["A lease fixes the monthly cost of each truck for the length of the contract."] }],
    brands: TRUCK_BRANDS,
    faq: LEASING_FAQ,
  },
};

/** Every category page's words, keyed by its path ("vans/used"). */
export function categorySeeds(dealer: Dealer): Record<string, CategoryContent> {
  return Object.fromEntries(
    Object.entries(CATEGORY_SEEDS).map(([path, page]): [string, CategoryContent] => [
      path.slice(1),
      {
        heading: page.heading,
        intro: page.intro,
        copy: page.copy
          .map((section) => (typeof section === "function" ? section(dealer) : section))
          .filter((section) => section !== undefined)
          .map(({ heading, paragraphs }) => ({ heading, body: paragraphs.join("\n\n") })),
        brands: { always: [...page.brands.always], more: [...page.brands.more] },
        faq: page.faq.map((item) => ({ ...item })),
        seo: { title: page.title, description: page.description, noindex: false },
      },
    ]),
  );
}
