import { formatApr, FINANCE_TERMS } from "../finance";
import { sitePageOf, SITE_PAGE_LEAD_KINDS } from "../lead-kinds";
import { CATEGORY_PAGES, CONTENT_PAGES, LISTED_PAGES } from "../site-pages";
import { kindOf } from "./content-documents";
import type { HomeContent, RedirectList } from "./content-schemas";

/**
 * What a document must also be, beyond its schema's shape: the rules of the regulator and of
 * the site. Each problem is named by the path of the field to fix, as the schema's are.
 */

/**
 * A monthly payment or an APR, written as a figure: "£199 a month", "monthly from £149",
 * "9.9% APR". The regulator's rule (CONC 3.5.5R) is that such a figure stands beside the
 * representative example, which an offer card shows when asked; anywhere else it is refused.
 */
const FINANCE_FIGURE = [
  /\d+(?:\.\d+)?\s*%\s*(?:APR|interest)/i,
  /\bAPR\b[^.\n]{0,20}\d/i,
  /£\s?\d[\d,]*(?:\.\d{1,2})?\s*(?:a|per|\/|each|every)\s*(?:month|mth|mo)\b/i,
  /\b(?:monthly|a month)\b[^.\n]{0,25}£\s?\d/i,
];

export function mentionsFinanceFigure(text: string): boolean {
  return FINANCE_FIGURE.some((figure) => figure.test(text));
}

/**
 * The finance terms a text may name in braces ("Rates start from {lowestApr} APR"), filled in
 * from the terms every price on the site is worked out on. A text is checked as it will read,
 * with them filled in, so a figure named in braces is held to the same rule as one typed.
 */
export const FINANCE_PLACEHOLDERS: Readonly<Record<string, string>> = {
  apr: formatApr(FINANCE_TERMS.apr),
  lowestApr: formatApr(FINANCE_TERMS.lowestApr),
};

const FINANCE_PLACEHOLDER = new RegExp(`\\{(${Object.keys(FINANCE_PLACEHOLDERS).join("|")})\\}`, "g");
const withFinanceTerms = (text: string) => text.replace(FINANCE_PLACEHOLDER, (_, name: string) => FINANCE_PLACEHOLDERS[name]!);

/** Pages that always show the representative example, above their words (frontend/routes/content/finance-*.tsx): a figure in them stands beside it. */
const PAGES_WITH_THE_EXAMPLE: ReadonlySet<string> = new Set(["page:finance-info", "page:finance-prices"]);

const FIGURE_REFUSED = "mentions a monthly payment or an APR: put it on an offer card with the representative example shown beside it";
const FIGURE_ON_CARD = "mentions a monthly payment or an APR: tick “Show the representative example beside this offer”";

/** Addresses the site answers itself, which a redirect may not take over. */
const LIVE_PREFIXES = ["/api", "/staff", "/vehicles", "/articles", "/media", "/assets", "/sitemaps"];
const LIVE_PAGES: ReadonlySet<string> = new Set([
  ...[...CONTENT_PAGES, ...CATEGORY_PAGES, ...LISTED_PAGES].map((page) => `/${page}`),
  ...SITE_PAGE_LEAD_KINDS.map((kind) => sitePageOf(kind).path),
  "/search",
  "/saved",
  "/compare",
  "/robots.txt",
  "/sitemap.xml",
  "/healthz",
]);

export function isLiveAddress(path: string): boolean {
  const bare = path.replace(/\/$/, "") || "/";
  return LIVE_PAGES.has(bare) || LIVE_PREFIXES.some((prefix) => bare === prefix || bare.startsWith(`${prefix}/`));
}

/** Problems by field path; empty when there are none. `fixedRedirects` are the code's own (domain/redirects.ts). */
export function contentRuleProblems(
  key: string,
  body: unknown,
  fixedRedirects: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const problems: Record<string, string> = {};
  const kind = kindOf(key);
  if (kind === "redirects") redirectProblems(body as RedirectList, fixedRedirects, problems);
  if (kind === "home") {
    (body as HomeContent).offerCards.forEach((card, i) => {
      if (!card.financeExample && mentionsFinanceFigure(withFinanceTerms(`${card.title} ${card.text}`)))
        problems[`offerCards.${i}.text`] = FIGURE_ON_CARD;
    });
  }
  if (PAGES_WITH_THE_EXAMPLE.has(key)) return problems;
  // Everywhere else a figure would stand without the example.
  visitText(body, "", (path, text) => {
    if (kind === "home" && /^offerCards\.\d+\.(?:title|text)$/.test(path)) return;
    if (mentionsFinanceFigure(withFinanceTerms(text))) problems[path] ??= FIGURE_REFUSED;
  });
  return problems;
}

function redirectProblems({ redirects }: RedirectList, fixed: Readonly<Record<string, string>>, problems: Record<string, string>): void {
  const targets = new Map<string, string>([...Object.entries(fixed), ...redirects.map(({ from, to }) => [from, to] as const)]);
  redirects.forEach(({ from, to }, i) => {
    if (isLiveAddress(from) || from in fixed) {
      problems[`redirects.${i}.from`] = "is a page of the site: a redirect may not hide it";
      return;
    }
    if (redirects.findIndex((other) => other.from === from) !== i) {
      problems[`redirects.${i}.from`] = "is redirected twice";
      return;
    }
    // Followed from here: back to an address already passed is a loop.
    const seen = new Set([from]);
    let next = pathOf(to);
    while (next !== undefined && targets.has(next)) {
      if (seen.has(next)) {
        problems[`redirects.${i}.to`] = "leads back to where it started: a loop";
        return;
      }
      seen.add(next);
      next = pathOf(targets.get(next)!);
    }
    if (next !== undefined && seen.has(next)) problems[`redirects.${i}.to`] = "leads back to where it started: a loop";
  });
}

/** The path of an address of this site ("/offers?x=1#a" → "/offers"); undefined for another site's. */
function pathOf(to: string): string | undefined {
  return to.startsWith("/") ? to.replace(/[?#].*$/, "").replace(/(.)\/$/, "$1") : undefined;
}

function visitText(value: unknown, path: string, visit: (path: string, text: string) => void): void {
  if (typeof value === "string") visit(path, value);
  else if (Array.isArray(value)) value.forEach((item, i) => visitText(item, `${path}${path ? "." : ""}${i}`, visit));
  else if (value && typeof value === "object" && !(value instanceof Date)) {
    for (const [name, item] of Object.entries(value)) visitText(item, `${path}${path ? "." : ""}${name}`, visit);
  }
}
