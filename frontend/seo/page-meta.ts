import type { MetaDescriptor } from "react-router";

/**
 * A page's title and description, for the browser tab and search results, and the same
 * words as Open Graph tags for link previews in messaging apps and social sites. The
 * canonical address and the site-wide tags come from <CanonicalLinks/> in the root layout.
 */
export function describePage(title: string, description: string, image?: string): MetaDescriptor[] {
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    ...(image
      ? [
          { property: "og:image", content: image },
          { name: "twitter:card", content: "summary_large_image" },
        ]
      : [{ name: "twitter:card", content: "summary" }]),
  ];
}

/** For pages that only confirm or explain something: kept out of search results. */
export const NOT_INDEXED: MetaDescriptor = { name: "robots", content: "noindex" };

/** A page whose title and description the dealer edits, kept out of search results when they say so. */
export function describeEdited(seo: { title: string; description: string; noindex: boolean }): MetaDescriptor[] {
  return [...describePage(seo.title, seo.description), ...(seo.noindex ? [NOT_INDEXED] : [])];
}

/** The meta of a page whose loader gives its edited words as `page`. */
export function describeEditedPage({ loaderData }: { loaderData?: { page: { seo: Parameters<typeof describeEdited>[0] } } }) {
  return loaderData ? describeEdited(loaderData.page.seo) : [];
}
