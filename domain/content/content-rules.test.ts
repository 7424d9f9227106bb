import { describe, expect, it } from "vitest";
import { contentRuleProblems, mentionsFinanceFigure } from "./content-rules";
import type { HomeContent } from "./content-schemas";

const HOME_SEED: HomeContent = {
  hero: { heading: "Find your next car, van or truck", text: "{stock} in stock." },
  offerCards: [],
  brands: { always: [], more: [] },
  essentials: [],
  faq: [{ question: "Can I buy on finance?", answer: "Yes. We are a credit broker, not a lender." }],
  seo: { noindex: false },
};

describe("finance figures", () => {
  it.each(["From £199 a month", "£1,250.50 per month", "monthly payments from £149", "9.9% APR", "APR of 6.9", "£99/month"])(
    "are found in %j",
    (text) => expect(mentionsFinanceFigure(text)).toBe(true),
  );
  it.each(["an honest monthly price for each", "a monthly rental", "the representative APR", "Save £500 on any van"])(
    "are not in %j",
    (text) => expect(mentionsFinanceFigure(text)).toBe(false),
  );

  it("are refused on an offer card unless the representative example shows beside it, and anywhere else", () => {
    const card = { title: "Spring offer", text: "From £199 a month", link: "/offers", financeExample: false };
    expect(contentRuleProblems("home", { ...HOME_SEED, offerCards: [card] })).toEqual({
      "offerCards.0.text": expect.stringContaining("representative example"),
    });
    expect(contentRuleProblems("home", { ...HOME_SEED, offerCards: [{ ...card, financeExample: true }] })).toEqual({});
    expect(contentRuleProblems("home", { ...HOME_SEED, faq: [{ question: "How much?", answer: "Just 9.9% APR." }] })).toEqual({
      "faq.0.answer": expect.stringContaining("offer card"),
    });
    expect(contentRuleProblems("home", HOME_SEED)).toEqual({});
  });

  it("are allowed in the words of the finance pages, which always show the representative example, and named in braces are held to the rule", () => {
    const page = { heading: "Monthly finance prices", body: "Rates start from {lowestApr} APR.", faq: [], seo: { noindex: false } };
    expect(contentRuleProblems("page:finance-prices", page)).toEqual({});
    expect(contentRuleProblems("page:finance-info", { ...page, body: "From £199 a month." })).toEqual({});
    expect(contentRuleProblems("page:about", page)).toEqual({ body: expect.stringContaining("offer card") });
    expect(contentRuleProblems("home", { ...HOME_SEED, hero: { heading: "Finance at {apr} APR", text: "x" } })).toEqual({
      "hero.heading": expect.stringContaining("offer card"),
    });
  });
});

describe("redirects", () => {
  const list = (...redirects: [string, string][]) => ({ redirects: redirects.map(([from, to]) => ({ from, to })) });

  it("may not hide a page of the site, nor one the code redirects", () => {
    expect(contentRuleProblems("redirects", list(["/contact", "/about"]))).toHaveProperty(["redirects.0.from"]);
    expect(contentRuleProblems("redirects", list(["/vehicles/abc", "/about"]))).toHaveProperty(["redirects.0.from"]);
    expect(contentRuleProblems("redirects", list(["/deals", "/about"]), { "/deals": "/offers" })).toHaveProperty(["redirects.0.from"]);
    expect(contentRuleProblems("redirects", list(["/winter-offers", "/offers"]))).toEqual({});
  });

  it("may not loop, directly or through others", () => {
    expect(contentRuleProblems("redirects", list(["/a-page", "/a-page"]))).toHaveProperty(["redirects.0.to"]);
    expect(contentRuleProblems("redirects", list(["/one", "/two?x=1"], ["/two", "/one"]))).toHaveProperty(["redirects.0.to"]);
    expect(contentRuleProblems("redirects", list(["/one", "/two"], ["/two", "/offers"]))).toEqual({});
  });
});
