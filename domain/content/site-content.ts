import type { Dealer } from "../dealer";
import type { BrandTile, ContentPhoto } from "./content-schemas";

/**
 * The content buyers see at one moment, as the pages read it: every live version, its
 * Markdown already rendered to sanitised HTML and the dealer's details filled in. Made on
 * the main thread (backend/content/site-content.ts) and handed to the render threads whole,
 * so a page never waits on a store.
 */
export interface SiteContent {
  /** Rises with every change to what buyers see: a page rendered from an older one is not kept. */
  version: number;
  /** The dealer file, with the details the staff area owns (phone, hours, …) as last published. */
  dealer: Dealer;
  notice?: ShownNotice;
  home: ShownHome;
  /** By path without its slash: "vans/used". */
  categories: Record<string, ShownCategory>;
  /** By page name: "privacy". */
  pages: Record<string, ShownPage>;
  /** Newest first. */
  articles: ShownArticle[];
  redirects: { from: string; to: string }[];
  /** Set on a member of staff's preview: the document shown as its latest version, which buyers may not see yet. */
  previewOf?: string;
}

export interface ShownSeo {
  title: string;
  description: string;
  noindex: boolean;
}

export interface ShownFaq {
  question: string;
  answerHtml: string;
}

export interface ShownOfferCard {
  title: string;
  text: string;
  link: string;
  photo?: ContentPhoto;
  /** The card names a monthly payment or an APR: the representative example shows beside the offers. */
  financeExample: boolean;
}

export interface ShownHome {
  hero: { heading: string; text: string };
  offerCards: ShownOfferCard[];
  brands: { always: BrandTile[]; more: BrandTile[] };
  essentials: { title: string; text: string; href: string }[];
  faq: ShownFaq[];
  seo: ShownSeo;
}

export interface ShownCategory {
  heading: string;
  intro: string;
  copy: { heading: string; html: string }[];
  brands: { always: string[]; more: string[] };
  faq: ShownFaq[];
  seo: ShownSeo;
}

export interface ShownPage {
  heading: string;
  lede?: string;
  html: string;
  faq: ShownFaq[];
  seo: ShownSeo;
  /** YYYY-MM-DD the live version was published, for a policy page whose words staff have changed. */
  lastUpdated?: string;
}

export interface ShownArticle {
  id: string;
  slug: string;
  title: string;
  date: string;
  author: string;
  summary: string;
  photo: ContentPhoto;
  html: string;
  seo: ShownSeo;
}

export interface ShownNotice {
  text: string;
  link?: { href: string; label: string };
}
