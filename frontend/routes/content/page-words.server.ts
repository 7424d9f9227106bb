import { data, type RouterContextProvider } from "react-router";
import { contentContext } from "../../../backend/http/request-context";
import type { ShownPage } from "../../../domain/content/site-content";

/** A content page's words as published (or as an editor previews them); a 404 for a name the site has no page of. */
export function pageWords(context: Pick<RouterContextProvider, "get">, name: string): ShownPage {
  const page = context.get(contentContext).pages[name];
  if (!page) throw data("We couldn't find that page", { status: 404 });
  return page;
}

/** The loader of a content page laid out by a module of its own (contact, chat, the finance pages): its words as `page`. */
export function pageWordsLoader(name: string) {
  return ({ context }: { context: Pick<RouterContextProvider, "get"> }) => ({ page: pageWords(context, name) });
}
