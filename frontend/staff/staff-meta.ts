import type { MetaDescriptor } from "react-router";
import { NOT_INDEXED } from "../seo/page-meta";

/** A staff page's title, and the tag that keeps it out of search engines whatever reaches it. */
export function staffPageMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | Staff` }, NOT_INDEXED];
}
