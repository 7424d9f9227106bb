import { z } from "zod";
import { branchListSchema, dealerSchema } from "../dealer";
import { photoSchema } from "../vehicle-photo-schema";

/**
 * What the dealer edits from the staff area: one schema per block, shared by the staff
 * forms, the content service that stores them and the pages that show them. Text fields
 * are plain words (shown as text, never as markup); fields named `body` or `answer` are
 * Markdown, rendered on the server to sanitised HTML (backend/content/markdown.ts).
 */

const words = (max: number) => z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);
const optionalWords = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).optional();
export const markdownSchema = z.string().trim().min(1, "must not be empty").max(60_000, "must be at most 60,000 characters");

/**
 * Where a link may go: a page of this site ("/vans/used", "/articles#cars"), or an http(s),
 * mailto or tel address. Nothing else: a javascript: or data: address would run in the page.
 */
export const linkSchema = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(2048)
  .refine(isSafeLink, "must be a page of this site (/…) or an http(s), mailto: or tel: address");

export function isSafeLink(href: string): boolean {
  if (/^\/(?![/\\])/.test(href)) return !/[\s<>"\\]/.test(href);
  if (/^#[\w-]+$/.test(href)) return true;
  if (!URL.canParse(href)) return false;
  return ["http:", "https:", "mailto:", "tel:"].includes(new URL(href).protocol);
}

/** A photo from the photo library, with the words a screen reader reads in its place. */
export const contentPhotoSchema = photoSchema.extend({
  alt: words(250).describe("the photo's description for people who cannot see it"),
});

/** How a page is described to search engines. */
export const searchVisibilitySchema = z.object({
  title: optionalWords(70),
  description: optionalWords(160),
  noindex: z.boolean().default(false),
});

const instant = z.coerce.date({ error: "must be a date and time" });

export const offerCardSchema = z
  .object({
    title: words(80),
    text: words(300),
    link: linkSchema,
    photo: contentPhotoSchema.optional(),
    /** The representative example shown beside the offers: required when the card names a monthly payment or an APR. */
    financeExample: z.boolean().default(false),
    /** Shown from this moment (at once when unset) until `endsAt` (for good when unset). */
    startsAt: instant.optional(),
    endsAt: instant.optional(),
  })
  .refine(({ startsAt, endsAt }) => !startsAt || !endsAt || endsAt > startsAt, { message: "must end after it starts", path: ["endsAt"] });

export const brandTileSchema = z.object({ name: words(40), href: linkSchema });
export const essentialCardSchema = z.object({ title: words(80), text: words(200), href: linkSchema });
export const faqItemSchema = z.object({ question: words(200), answer: markdownSchema });
export const copySectionSchema = z.object({ heading: words(120), body: markdownSchema });

/**
 * The home page's blocks. The hero's text may say `{stock}`, which reads "1,234 vehicles"
 * (or "Cars, vans and trucks" while the count is unknown).
 */
export const homeContentSchema = z.object({
  hero: z.object({ heading: words(120), text: words(400) }),
  offerCards: z.array(offerCardSchema).max(12),
  brands: z.object({ always: z.array(brandTileSchema).max(12), more: z.array(brandTileSchema).max(60) }),
  essentials: z.array(essentialCardSchema).max(8),
  faq: z.array(faqItemSchema).max(30),
  seo: searchVisibilitySchema,
});

/** A category landing page's blocks; its search form, links and body types stay the code's. */
export const categoryContentSchema = z.object({
  heading: words(120),
  intro: words(600),
  copy: z.array(copySectionSchema).max(12),
  brands: z.object({ always: z.array(words(40)).max(12), more: z.array(words(40)).max(60) }),
  faq: z.array(faqItemSchema).max(30),
  seo: searchVisibilitySchema,
});

/**
 * A content page (about, contact, the policies, the finance and leasing pages, …): its
 * heading, opening words, Markdown body and questions. What the site works out itself (the
 * dealer's details and hours, the representative example, the regulatory statements) is
 * laid out around these words by the page, never written in them.
 */
export const pageContentSchema = z.object({
  heading: words(120),
  lede: optionalWords(600),
  body: markdownSchema,
  faq: z.array(faqItemSchema).max(30).default([]),
  seo: searchVisibilitySchema,
});

export const articleSlugSchema = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lower-case letters and digits joined by hyphens, like winter-tyres-guide");

/** A news item or guide at /articles/{slug}. */
export const articleContentSchema = z.object({
  title: words(120),
  slug: articleSlugSchema,
  date: z.iso.date({ error: "must be a date" }),
  author: words(80),
  summary: words(300),
  photo: contentPhotoSchema,
  body: markdownSchema,
  seo: searchVisibilitySchema,
});

/** A line across the top of every page between two moments: "Closed on Boxing Day". */
export const siteNoticeSchema = z
  .object({
    text: words(200),
    link: z.object({ href: linkSchema, label: words(60) }).optional(),
    from: instant,
    until: instant,
  })
  .refine(({ from, until }) => until > from, { message: "must end after it starts", path: ["until"] });

/**
 * The dealer's details the staff area owns: how to reach the showroom, when it is open, and
 * a dealer group's branches (the dealer file's are the first start's). Who the dealer is in
 * law (names, FCA and company numbers) stays in the dealer file. An empty list (the form's
 * emptied) is a dealer with one branch, made from the details above; no list at all
 * (details stored before branches were edited here), the dealer file's branches.
 */
export const dealerDetailsSchema = dealerSchema
  .pick({
    phone: true,
    email: true,
    messagingUrl: true,
    address: true,
    openingHours: true,
    closedOn: true,
    replyTime: true,
    leadReplyTime: true,
  })
  .extend({ branches: branchListSchema.optional() });

/** Addresses the editor sends elsewhere for good (301). */
export const redirectListSchema = z.object({
  redirects: z
    .array(
      z.object({
        from: z
          .string()
          .trim()
          .regex(/^\/[a-z0-9][a-z0-9\-/]*$/, "must be an address of this site, like /winter-offers"),
        to: linkSchema,
      }),
    )
    .max(200),
});

/** The photos uploaded for the site's content, newest last: the choices of every photo field, and what Markdown names as photo:<id>. */
export const contentPhotoListSchema = z.object({
  photos: z.array(photoSchema.extend({ name: words(120) })).max(1000),
});

export type ContentPhoto = z.infer<typeof contentPhotoSchema>;
export type SearchVisibility = z.infer<typeof searchVisibilitySchema>;
export type OfferCard = z.infer<typeof offerCardSchema>;
export type BrandTile = z.infer<typeof brandTileSchema>;
export type FaqContent = z.infer<typeof faqItemSchema>;
export type HomeContent = z.infer<typeof homeContentSchema>;
export type CategoryContent = z.infer<typeof categoryContentSchema>;
export type PageContent = z.infer<typeof pageContentSchema>;
/** A page's words as written, before its schema fills in what may be left out (no questions). */
export type PageContentInput = z.input<typeof pageContentSchema>;
export type ArticleContent = z.infer<typeof articleContentSchema>;
export type SiteNotice = z.infer<typeof siteNoticeSchema>;
export type DealerDetails = z.infer<typeof dealerDetailsSchema>;
export type RedirectList = z.infer<typeof redirectListSchema>;
