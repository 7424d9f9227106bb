import type { z } from "zod";
import { CATEGORY_PAGES, CONTENT_PAGES } from "../site-pages";
import {
  articleContentSchema,
  categoryContentSchema,
  dealerDetailsSchema,
  homeContentSchema,
  pageContentSchema,
  contentPhotoListSchema,
  redirectListSchema,
  siteNoticeSchema,
} from "./content-schemas";

/**
 * Every piece of content the staff area edits is one document, named by a key, with its
 * versions: the home page (`home`), a category page (`category:vans/used`), a content page
 * (`page:privacy`), an article (`article:<id>`), the site notice, the dealer's details and
 * the redirects. The key says which schema its versions follow.
 */
export const CONTENT_KINDS = {
  home: { schema: homeContentSchema, label: "Home page" },
  category: { schema: categoryContentSchema, label: "Category page" },
  page: { schema: pageContentSchema, label: "Page" },
  article: { schema: articleContentSchema, label: "Article" },
  notice: { schema: siteNoticeSchema, label: "Site notice" },
  dealer: { schema: dealerDetailsSchema, label: "Contact details and opening hours" },
  redirects: { schema: redirectListSchema, label: "Redirects" },
  photos: { schema: contentPhotoListSchema, label: "Photos" },
} as const;

export type ContentKind = keyof typeof CONTENT_KINDS;
export type ContentBody<K extends ContentKind> = z.infer<(typeof CONTENT_KINDS)[K]["schema"]>;

/** The pages whose words are policies: each shows when it was last updated, and staff can read every earlier version. */
export const POLICY_PAGES: ReadonlySet<string> = new Set(["privacy", "cookies", "complaints", "terms", "tcf", "terms-of-sale"]);

const SINGLE_KEYS = new Set(["home", "notice", "dealer", "redirects", "photos"]);
const CATEGORY_SET: ReadonlySet<string> = new Set(CATEGORY_PAGES);
const PAGE_SET: ReadonlySet<string> = new Set(CONTENT_PAGES);

/** The kind of a document key, or undefined when the key names no document the site has. */
export function kindOf(key: string): ContentKind | undefined {
  if (SINGLE_KEYS.has(key)) return key as ContentKind;
  const [kind, name] = splitKey(key);
  if (kind === "category" && CATEGORY_SET.has(name)) return "category";
  if (kind === "page" && PAGE_SET.has(name)) return "page";
  if (kind === "article" && /^[a-z0-9]{6,32}$/.test(name)) return "article";
  return undefined;
}

/** "category:vans/used" → ["category", "vans/used"]. */
export function splitKey(key: string): [string, string] {
  const colon = key.indexOf(":");
  return colon < 0 ? [key, ""] : [key.slice(0, colon), key.slice(colon + 1)];
}

export const categoryKey = (path: string) => `category:${path.replace(/^\//, "")}`;
export const pageKey = (name: string) => `page:${name}`;
export const articleKey = (id: string) => `article:${id}`;

/** Checks a body against its document's schema; throws the zod error naming each field that is wrong. */
export function parseContentBody(key: string, body: unknown): ContentBody<ContentKind> {
  const kind = kindOf(key);
  if (!kind) throw new RangeError(`There is no content called ${key}`);
  return CONTENT_KINDS[kind].schema.parse(body);
}
