import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dealerSchema } from "../../domain/dealer";
import type { ContentRecord } from "../../domain/content/content-versions";
import { contentSeeds } from "./seed/content-seeds";
import { HOME_SEED } from "./seed/home-seed";
import { buildSiteContent } from "./site-content";
import type { DealerDetails } from "../../domain/content/content-schemas";

const dealer = dealerSchema.parse(JSON.parse(readFileSync(new URL("../../dealer.json", import.meta.url), "utf8")));
const seeds = contentSeeds(dealer);
const at = (day: number, hour = 9) => new Date(Date.UTC(2026, 11, day, hour));
const published = (key: string, body: unknown, savedAt: Date): ContentRecord => ({
  key,
  revision: 1,
  versions: [{ number: 1, body, author: { id: "acct", name: "Alex" }, savedAt, published: true, publishAt: savedAt }],
});

describe("the content buyers see", () => {
  it("is today's words on a fresh install, the dealer's details filled in", () => {
    const { content } = buildSiteContent(new Map(), seeds, dealer, at(1), 1);
    expect(content.home.hero.text).toBe(
      `{stock} in stock at ${dealer.name}, ${dealer.address.town}. Trading since ${dealer.tradingSince}.`,
    );
    expect(content.home.faq[2]!.answerHtml).toContain(`<a href="tel:${dealer.phone.replace(/\s/g, "")}">${dealer.phone}</a>`);
    expect(content.pages.privacy!.html).toContain(dealer.legalName);
    expect(content.pages.privacy!.lastUpdated).toBeUndefined();
    expect(content.categories["vans/used"]!.faq[0]!.question).toBe("Are you a lender?");
    expect(content.pages.contact!.lede).toBe(
      `Call, e-mail or message us about a vehicle, finance or a part exchange. We usually reply ${dealer.replyTime}.`,
    );
    expect(content.pages.contact!.faq.map(({ question }) => question)).toContain("Can you arrange finance?");
    expect(content.pages.chat!.html).toContain(`Our team is available ${dealer.openingHours[0]!.days}, ${dealer.openingHours[0]!.hours}.`);
    expect(content.pages["finance-prices"]!.html).toContain("Rates start from 8.9% APR.");
    expect(content.pages["finance-info"]!.html).toContain('<section id="options" aria-labelledby="options-heading">');
  });

  it("shows an offer from its start, and says when to look again", () => {
    const card = { title: "Starts tomorrow", text: "x", link: "/offers", startsAt: at(2), financeExample: false };
    const records = new Map([["home", published("home", { ...HOME_SEED, offerCards: [card] }, at(1))]]);
    const today = buildSiteContent(records, seeds, dealer, at(1, 10), 1);
    expect(today.content.home.offerCards).toEqual([]);
    expect(today.nextChange).toEqual(at(2));
    expect(buildSiteContent(records, seeds, dealer, at(2), 2).content.home.offerCards.map(({ title }) => title)).toEqual([
      "Starts tomorrow",
    ]);
  });

  it("shows a notice between its dates, and a policy's last update once staff have changed it", () => {
    const notice = { text: "Closed on Boxing Day", from: at(24, 0), until: at(28, 0) };
    const privacy = { ...(seeds.get("page:privacy") as object), body: "New words." };
    const records = new Map([
      ["notice", published("notice", notice, at(1))],
      ["page:privacy", published("page:privacy", privacy, at(3))],
    ]);
    expect(buildSiteContent(records, seeds, dealer, at(23), 1).content.notice).toBeUndefined();
    expect(buildSiteContent(records, seeds, dealer, at(25), 1).content.notice).toEqual({ text: "Closed on Boxing Day" });
    expect(buildSiteContent(records, seeds, dealer, at(28), 1).content.notice).toBeUndefined();
    expect(buildSiteContent(records, seeds, dealer, at(25), 1).content.pages.privacy!.lastUpdated).toBe("2026-12-03");
  });

  it("follows the dealer's published details everywhere they are named", () => {
    const details = {
      ...(seeds.get("dealer") as object),
      phone: "0151 496 0999",
      openingHours: [{ days: "Saturday", hours: "9am to 1pm" }],
    };
    const { content } = buildSiteContent(new Map([["dealer", published("dealer", details, at(1))]]), seeds, dealer, at(2), 1);
    expect(content.dealer.phone).toBe("0151 496 0999");
    expect(content.dealer.legalName).toBe(dealer.legalName);
    expect(content.home.faq[2]!.answerHtml).toContain('We are open Saturday, 9am to 1pm. Call us on <a href="tel:01514960999">');
  });

  it("takes a group's branches from the published details, the dealer file's when the details name none, and one site when emptied", () => {
    const group = dealerSchema.parse(JSON.parse(readFileSync(new URL("../../dealer-group.json", import.meta.url), "utf8")));
    const groupSeeds = contentSeeds(group);
    const details = groupSeeds.get("dealer") as DealerDetails;
    const [wigan, bolton] = group.branches!;
    const moved = { ...bolton!, leadEmail: "bolton-sales@example.com" };
    const shown = (body: unknown) => buildSiteContent(new Map([["dealer", published("dealer", body, at(1))]]), groupSeeds, group, at(2), 2);

    expect(buildSiteContent(new Map(), groupSeeds, group, at(1), 1).content.dealer.branches).toEqual(group.branches);
    expect(shown({ ...details, branches: [wigan, moved] }).content.dealer.branches).toEqual([wigan, moved]);
    const { branches: _branches, ...storedBeforeBranches } = details;
    expect(shown(storedBeforeBranches).content.dealer.branches).toEqual(group.branches);
    expect(shown({ ...details, branches: [] }).content.dealer).not.toHaveProperty("branches");
  });
});
