import type { PageContentInput } from "../../../domain/content/content-schemas";
import type { OWN_LAYOUT_PAGES } from "../../../domain/site-pages";

/**
 * The words of the pages laid out around what the site works out (domain/site-pages.ts,
 * OWN_LAYOUT_PAGES) on a fresh install, as those pages have always read. What is not here
 * the page writes itself: the ways to reach the dealer and the hours (contact, chat), the
 * representative example, the table of payments and the regulatory statements (the
 * finance pages).
 */
export const LAID_OUT_PAGE_SEEDS: Record<(typeof OWN_LAYOUT_PAGES)[number], PageContentInput> = {
  contact: {
    heading: "Contact us",
    lede: "Call, e-mail or message us about a vehicle, finance or a part exchange. We usually reply {replyTime}.",
    body: `## Buying or selling?

### Buying guides

What to check on a used car, van or truck, and how leasing compares with buying.

[Read our buying guides](/articles)

### Selling your vehicle

Sell your vehicle to us or part-exchange it against your next one.

[Get a valuation](/part-exchange)
`,
    faq: [
      {
        question: "How soon will you reply?",
        answer: "We usually reply {replyTime}. If it's urgent, please call us while we're open.",
      },
      {
        question: "Can I see a vehicle or take a test drive?",
        answer:
          "Yes. Get in touch first so that we can have the vehicle ready for you, and bring your driving licence if you would like to drive it.",
      },
      {
        question: "Will you take my vehicle in part exchange?",
        answer: "Very likely. Tell us about it on our [part-exchange page](/part-exchange) and we'll send you a valuation.",
      },
      {
        question: "Can you arrange finance?",
        answer:
          "Yes. We are a credit broker, not a lender, and introduce you to lenders who decide. Finance is subject to status and available to UK residents aged 18 and over. [How our finance works](/finance-info).",
      },
      {
        question: "How do I make a complaint?",
        answer:
          "Contact us in any of the ways on this page. Our [complaints procedure](/complaints) explains what happens next and how long it takes.",
      },
    ],
    seo: {
      title: "Contact us",
      description: "Call, e-mail or message us about a car, van or truck, finance or a part exchange. Our opening hours and address.",
      noindex: false,
    },
  },
  chat: {
    heading: "Chat with us",
    lede: "Ask about a vehicle, finance or your part exchange. We're open {openingHours}, and we usually reply {replyTime}.",
    body: `## When we'll answer

Our team is available {openingHours}. Messages that arrive outside those hours are answered when we're next open, and we usually reply {replyTime}.

Our address, answers to common questions and guides for buying and selling are on our [contact page](/contact).
`,
    seo: {
      title: "Chat with us",
      description: "Message, call or e-mail our team now about a vehicle, finance or a part exchange.",
      noindex: false,
    },
  },
  "finance-info": {
    heading: "How vehicle finance works",
    lede: "Finance spreads the cost of a car, van or truck over monthly payments. We are a credit broker, not a lender: we find lenders who may offer you credit, and they decide. Finance is subject to status and available to UK residents aged 18 and over.",
    body: `## Your finance options {#options}

We can arrange four kinds of finance. The right one depends on whether you want to own the vehicle and how you use it.

| Finance | Do you own it at the end? | Monthly payments | Mileage limit? |
| --- | --- | --- | --- |
| Personal Contract Purchase (PCP) | If you pay the optional final payment | Lower: part of the price is deferred | Yes |
| Hire Purchase (HP) | Yes, after the last payment | Higher: you pay off the whole price | No |
| Personal Contract Hire (PCH) | No, you hand it back | Lower: you pay for its use, not the vehicle | Yes |
| Conditional Sale (CS) | Yes, automatically with the last payment | Higher: you pay off the whole price | No |

### Personal Contract Purchase (PCP) {#pcp}

You pay a deposit, then monthly payments over two to four years. The lender sets aside part of the price as an optional final payment, based on what it expects the vehicle to be worth at the end, so your monthly payments cover less of the price than with hire purchase. You agree an annual mileage at the start.

At the end you choose to:

- pay the optional final payment and keep the vehicle;
- hand it back with nothing more to pay, as long as it's within the mileage and in fair condition for its age; or
- part-exchange it, putting any value above the final payment towards your next vehicle.

**Suits you if** you want lower monthly payments and like to change your vehicle every few years.

### Hire Purchase (HP) {#hp}

You pay a deposit, then fixed monthly payments, usually over one to five years, that pay off the whole price with interest. Once you've made the last payment and paid any option-to-purchase fee, the vehicle is yours. There's no mileage limit.

**Suits you if** you want to own the vehicle, plan to keep it for a long time, or drive a lot of miles. It is also popular for vans and trucks.

### Personal Contract Hire (PCH) {#pch}

Contract hire is leasing: you rent a new vehicle for a fixed time, usually two to four years. You pay an initial rental, often three, six or nine months' worth, then fixed monthly rentals, within an agreed annual mileage. At the end you hand the vehicle back; you never own it. Charges apply for miles over the allowance or damage beyond fair wear and tear. A maintenance package can be added.

**Suits you if** you want a new vehicle every few years for a fixed monthly cost, and don't want to own it or worry about what it will be worth. [More about leasing](/leasing).

### Conditional Sale (CS) {#cs}

Conditional sale works like hire purchase: fixed monthly payments that pay off the whole price, with no mileage limit. The difference is that the vehicle becomes yours automatically when you make the last payment, with no option-to-purchase fee.

**Suits you if** you want a simple, fixed route to owning the vehicle.

## Finance for businesses

Businesses can buy vans and trucks on hire purchase, or lease them on business contract hire. A VAT-registered business can normally reclaim the VAT on a commercial vehicle it buys, and on the rentals of one it leases; for cars the rules are stricter. Your accountant can tell you what suits your business.

The Consumer Credit Act protects sole traders and small partnerships borrowing up to £25,000 for their business, but not limited companies, so some of the rights on this page may not apply to a company.

## How to apply

1. Find a vehicle: search our [cars](/car-search), [vans](/van-search) or [trucks](/truck-search). Each vehicle shows its monthly price on our representative terms.
2. Choose "Apply for finance" on the vehicle's page and tell us about yourself, your home and your income.
3. We pass your application to lenders. The lender will search your credit file, which other lenders can see, and decides whether to lend and at what rate.
4. If you are accepted, we explain the agreement and you sign it. You can withdraw from a regulated credit agreement within 14 days of signing it.

Finance pages for each type of vehicle: [car finance](/cars/finance), [van finance](/vans/finance) and [truck finance](/trucks/finance).

## Things to know before you sign

- Think about whether you can keep up the payments if your circumstances change. Missed payments harm your credit record, and the lender can take the vehicle back. With hire purchase, conditional sale and PCP, once you've paid a third of the total amount payable the lender needs a court order to do so.
- You can pay off a hire purchase, conditional sale or PCP agreement early at any time; the lender will tell you the settlement figure. Ending contract hire early usually means paying a charge set out in the agreement.
- With hire purchase, conditional sale and PCP you can also end the agreement and hand the vehicle back once you've paid half of the total amount payable, as long as it has been looked after.
`,
    seo: {
      title: "How vehicle finance works",
      description:
        "PCP, hire purchase, personal contract hire and conditional sale explained plainly, with our representative example and how to apply.",
      noindex: false,
    },
  },
  "finance-prices": {
    heading: "Monthly finance prices",
    lede: "What borrowing different amounts would cost each month on our representative terms. Finance is subject to status and available to UK residents aged 18 and over.",
    body: `## An illustration, not an offer

These figures show how the cost of finance grows with the amount you borrow. They are not a quotation: the rate you are offered depends on your circumstances and the lender's assessment, and your payments also depend on the deposit, the term and the type of finance you choose. Rates start from {lowestApr} APR.

Every vehicle on our site shows its own monthly price on these terms: search our [cars](/car-search), [vans](/van-search) or [trucks](/truck-search). To compare the kinds of finance, read [how vehicle finance works](/finance-info).
`,
    seo: {
      title: "Monthly finance prices",
      description: "What borrowing £5,000 to £50,000 costs each month on our representative finance terms, with the total you repay.",
      noindex: false,
    },
  },
};
