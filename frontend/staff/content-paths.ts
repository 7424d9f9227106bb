import { kindOf, splitKey } from "../../domain/content/content-documents";

/** Where a document shows on the site, for its preview and the list's links; undefined for the dealer's details, the notice and redirects, which show everywhere. */
export function publicPathOf(key: string, body?: unknown): string | undefined {
  const [kind, name] = splitKey(key);
  if (kind === "home") return "/";
  if (kind === "category" || kind === "page") return `/${name}`;
  if (kind === "article") {
    const slug = (body as { slug?: unknown } | undefined)?.slug;
    return typeof slug === "string" ? `/articles/${slug}` : undefined;
  }
  if (kind === "dealer") return "/contact";
  return "/";
}

/** The staff area's address of a document's editor: /staff/content/category/vans/used. */
export function editorPathOf(key: string): string {
  const [kind, name] = splitKey(key);
  return `/staff/content/${kind}${name ? `/${name}` : ""}`;
}

/** The document an editor's address names (/staff/content/category/vans/used → category:vans/used), if the site has it. */
export function keyOfEditorPath(splat: string): string | undefined {
  const [kind, ...rest] = splat.replace(/\/$/, "").split("/");
  const key = rest.length > 0 ? `${kind}:${rest.join("/")}` : (kind ?? "");
  return kindOf(key) ? key : undefined;
}
