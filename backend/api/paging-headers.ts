import type { Response } from "express";

/**
 * `X-Total-Count` and an RFC 8288 `Link` header, so a client can page through results
 * without knowing how URLs are built.
 */
export function setPagingHeaders(
  res: Response,
  { total, page, pageSize }: { total: number; page: number; pageSize: number },
  pageUrl: (page: number) => string,
): void {
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const links = [`<${pageUrl(1)}>; rel="first"`];
  if (page > 1) links.push(`<${pageUrl(Math.min(page - 1, lastPage))}>; rel="prev"`);
  if (page < lastPage) links.push(`<${pageUrl(page + 1)}>; rel="next"`);
  links.push(`<${pageUrl(lastPage)}>; rel="last"`);
  res.set("X-Total-Count", String(total));
  res.set("Link", links.join(", "));
}
