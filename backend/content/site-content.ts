import { CONTENT_KINDS, kindOf, POLICY_PAGES, splitKey, type ContentBody } from "../../domain/content/content-documents";
import { FINANCE_PLACEHOLDERS } from "../../domain/content/content-rules";
import { liveVersion, nextScheduledChange, type ContentRecord } from "../../domain/content/content-versions";
import type { SiteContent, ShownFaq, ShownSeo } from "../../domain/content/site-content";
import { dealerDetailsSchema, type DealerDetails, type SearchVisibility } from "../../domain/content/content-schemas";
import type { Dealer } from "../../domain/dealer";
import { postalAddress } from "../../domain/dealer-address";
import { openingHoursText } from "../../domain/opening-hours";
import { markdownText, renderMarkdown } from "./markdown";
import { SEED_AUTHOR } from "./seed/content-seeds";

/**
 * What buyers see at `now`, made from every document's live version (or its seed, for a
 * document not yet stored) and the dealer file: Markdown rendered, the dealer's details put
 * in where a text names them in braces ("{phone}", "{openingHours}"), offers and the notice
 * kept to their dates. Also says when that will next change of itself (a version scheduled,
 * an offer starting), so the site can make it again then.
 */
export function buildSiteContent(
  records: ReadonlyMap<string, ContentRecord>,
  seeds: ReadonlyMap<string, unknown>,
  dealerFile: Dealer,
  now: Date,
  version: number,
): { content: SiteContent; nextChange: Date | undefined } {
  let nextChange: Date | undefined;
  const soonest = (moment: Date | undefined) => {
    if (moment && moment > now && (!nextChange || moment < nextChange)) nextChange = moment;
  };
  const live = (key: string) => {
    const record = records.get(key);
    if (!record) return seeds.has(key) ? { body: seeds.get(key), publishedAt: undefined, edited: false } : undefined;
    soonest(nextScheduledChange(record, now));
    const shown = liveVersion(record, now);
    if (!shown) return undefined;
    return { body: shown.body, publishedAt: shown.publishAt ?? shown.savedAt, edited: shown.author.id !== SEED_AUTHOR.id };
  };
  const bodyOf = <K extends keyof typeof CONTENT_KINDS>(kind: K, key: string) => {
    const found = live(key);
    return found && { ...found, body: CONTENT_KINDS[kind].schema.parse(found.body) as ContentBody<K> };
  };

  const dealer = withDetails(dealerFile, bodyOf("dealer", "dealer")?.body);
  const fill = fillerFor(dealer);
  const seo = (given: SearchVisibility, title: string, description = ""): ShownSeo => ({
    title: fill.text(given.title ?? title),
    description: fill.text(given.description ?? description),
    noindex: given.noindex,
  });
  const faq = (items: readonly { question: string; answer: string }[]): ShownFaq[] =>
    items.map(({ question, answer }) => ({ question: fill.text(question), answerHtml: fill.markdown(answer) }));

  const home = bodyOf("home", "home")!.body;
  const offerCards = home.offerCards.filter(({ startsAt, endsAt }) => {
    soonest(startsAt);
    soonest(endsAt);
    return (!startsAt || startsAt <= now) && (!endsAt || endsAt > now);
  });

  const categories: SiteContent["categories"] = {};
  const pages: SiteContent["pages"] = {};
  const articles: SiteContent["articles"] = [];
  for (const key of new Set([...seeds.keys(), ...records.keys()])) {
    const [kind, name] = splitKey(key);
    if (kindOf(key) === "category") {
      const page = bodyOf("category", key)?.body;
      if (!page) continue;
      categories[name] = {
        heading: fill.text(page.heading),
        intro: fill.text(page.intro),
        copy: page.copy.map((section) => ({ heading: fill.text(section.heading), html: fill.markdown(section.body) })),
        brands: page.brands,
        faq: faq(page.faq),
        seo: seo(page.seo, page.heading),
      };
    } else if (kindOf(key) === "page") {
      const found = bodyOf("page", key);
      if (!found) continue;
      const page = found.body;
      pages[name] = {
        heading: fill.text(page.heading),
        ...(page.lede && { lede: fill.text(page.lede) }),
        html: fill.markdown(page.body),
        faq: faq(page.faq),
        seo: seo(page.seo, page.heading),
        ...(POLICY_PAGES.has(name) && found.edited && found.publishedAt && { lastUpdated: found.publishedAt.toISOString().slice(0, 10) }),
      };
    } else if (kind === "article") {
      const article = bodyOf("article", key)?.body;
      if (!article) continue;
      articles.push({
        id: name,
        slug: article.slug,
        title: fill.text(article.title),
        date: article.date,
        author: article.author,
        summary: fill.text(article.summary),
        photo: article.photo,
        html: fill.markdown(article.body),
        seo: seo(article.seo, article.title, article.summary),
      });
    }
  }
  articles.sort((a, b) => (a.date === b.date ? a.id.localeCompare(b.id) : b.date.localeCompare(a.date)));

  const notice = bodyOf("notice", "notice")?.body;
  if (notice) {
    soonest(notice.from);
    soonest(notice.until);
  }
  const noticeShown = notice && notice.from <= now && notice.until > now;

  return {
    content: {
      version,
      dealer,
      ...(noticeShown && { notice: { text: fill.text(notice.text), ...(notice.link && { link: notice.link }) } }),
      home: {
        hero: { heading: fill.text(home.hero.heading), text: fill.text(home.hero.text) },
        offerCards: offerCards.map(({ title, text, link, photo, financeExample }) => ({
          title: fill.text(title),
          text: fill.text(text),
          link,
          financeExample,
          ...(photo && { photo }),
        })),
        brands: home.brands,
        essentials: home.essentials.map((card) => ({ ...card, title: fill.text(card.title), text: fill.text(card.text) })),
        faq: faq(home.faq),
        seo: seo(home.seo, home.hero.heading),
      },
      categories,
      pages,
      articles,
      redirects: bodyOf("redirects", "redirects")?.body.redirects ?? [],
    },
    nextChange,
  };
}

/**
 * The dealer file with the details the staff area owns (phone, hours, branches, …) in place
 * of its own: branches emptied there make a dealer with one branch, and details stored
 * before branches were edited there keep the file's.
 */
function withDetails(dealerFile: Dealer, details: DealerDetails | undefined): Dealer {
  if (!details) return dealerFile;
  const { branches, ...contact } = details;
  const { branches: filed, ...dealer } = { ...dealerFile, ...contact };
  const shown = branches ?? filed;
  return shown && shown.length > 0 ? { ...dealer, branches: shown } : dealer;
}

/**
 * The dealer as published at `now`, from the stored details alone: for what writes to buyers
 * outside the site's pages (`npm run staff`'s e-mails). The dealer file's own details until
 * the staff area has stored any.
 */
export function publishedDealer(details: ContentRecord | undefined, dealerFile: Dealer, now: Date): Dealer {
  const shown = details && liveVersion(details, now);
  return withDetails(dealerFile, shown && dealerDetailsSchema.parse(shown.body));
}

/** The dealer's details and the finance terms a text may name in braces. "{stock}" is left for the home page, which knows the count. */
function placeholdersOf(dealer: Dealer): Record<string, string> {
  return {
    ...FINANCE_PLACEHOLDERS,
    name: dealer.name,
    legalName: dealer.legalName,
    tagline: dealer.tagline,
    tradingSince: String(dealer.tradingSince),
    town: dealer.address.town,
    address: postalAddress(dealer),
    registeredOffice: dealer.registeredOffice,
    registeredIn: dealer.registeredIn,
    companyNumber: dealer.companyNumber,
    fcaFirmReference: dealer.fcaFirmReference,
    phone: dealer.phone,
    email: dealer.email,
    messagingUrl: dealer.messagingUrl,
    openingHours: openingHoursText(dealer),
    replyTime: dealer.replyTime,
    deliveryArea: dealer.deliveryArea ?? "",
    vehicleChecks: dealer.vehicleChecks ?? "",
  };
}

function fillerFor(dealer: Dealer) {
  const values = placeholdersOf(dealer);
  const links: Record<string, string> = {
    phoneLink: `[${markdownText(dealer.phone)}](tel:${dealer.phone.replace(/\s+/g, "")})`,
    emailLink: `[${markdownText(dealer.email)}](mailto:${dealer.email})`,
  };
  const replace = (text: string, value: (name: string) => string | undefined) =>
    text.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => value(name) ?? whole);
  return {
    text: (text: string) => replace(text, (name) => values[name] ?? (name in links ? values[name.replace("Link", "")] : undefined)),
    markdown: (markdown: string) =>
      renderMarkdown(
        replace(markdown, (name) => {
          if (name in links) return links[name];
          const value = values[name];
          if (value === undefined) return undefined;
          // Inside a link's address a detail goes in as it is (mailto:{email}); in words, escaped.
          return name === "email" || name === "messagingUrl" ? value : markdownText(value);
        }),
      ),
  };
}
