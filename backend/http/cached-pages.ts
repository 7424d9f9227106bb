import type { OutgoingHttpHeader } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import { isbot } from "isbot";
import { KNOWN_PARAMS } from "../../domain/parse-search-request";
import { searchCameFrom } from "../../domain/search-referer";
import { CATEGORY_PAGES, CONTENT_PAGES } from "../../domain/site-pages";
import type { CachedPage, PageCache } from "./page-cache";
import { cspNonceOf } from "./security-headers";
import { signedInStaff } from "./staff-area";
import { gzipJoined, joined, splicePage, type SplicedPage } from "./spliced-gzip";

/**
 * The public pages that are the same for every visitor at one address: home, the search
 * and vehicle pages, the listing, offers, the category and content pages, and a shared saved
 * list or comparison (their ids are in the address; what they show comes from the stock
 * alone, and a visitor's own saved list is read by the browser). An allow-list, so
 * a page added later is rendered for each request until someone decides otherwise. Left
 * out: the staff area, and every page with a form that shows what a visitor sent (the
 * finance application, a vehicle's enquiry, test-drive and call-back pages, newsletter,
 * feedback, part-exchange).
 */
const CACHEABLE_PATH = new RegExp(
  `^/(?:|(?:car|van|truck)-search|vehicles|vehicles/[^/]+|offers|saved|compare|articles/[a-z0-9-]+|${[...CATEGORY_PAGES, ...CONTENT_PAGES].join("|")})$`,
);

/**
 * What those pages read from the query: a search's filters, sort and page, the search page's
 * delivery note (postcode), the vehicle page's calculator (domain/finance-calculator.ts), and
 * the vehicles a saved list or comparison names (ids).
 */
export const PAGE_PARAMS: ReadonlySet<string> = new Set([...KNOWN_PARAMS, "postcode", "deposit", "term", "ids"]);

/** Headers each response gets afresh or that describe its transfer, never the page. */
const UNSTORED_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "vary", "x-page-cache"]);

export interface PageRequest {
  method: string;
  path: string;
  /** The query string, without its "?". */
  query: string;
  /** Everything pages build their own address from: protocol, Host, X-Forwarded-Host. */
  origin: string;
  referer: string | undefined;
  /** A search engine's crawler, which frontend/entry.server.tsx sends the whole page at once rather than streamed. */
  crawler: boolean;
  /** A member of staff signed in (their session looked up, not just a cookie of its name): what is rendered for them is theirs alone. */
  staffSignedIn: boolean;
}

/**
 * The address a page is cached under, or undefined when this request's page must be
 * rendered for it alone. Parameters no page reads (utm_source, fbclid) are left out and the
 * rest sorted, so one page is one entry however a link spells it.
 */
export function pageCacheKey(request: PageRequest): string | undefined {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined;
  // React Router's data requests (page.data) answer client-side navigations; they carry no nonce and are not kept.
  if (request.staffSignedIn || !CACHEABLE_PATH.test(request.path) || request.path.endsWith(".data")) return undefined;
  const params = [...new URLSearchParams(request.query)].filter(([name]) => PAGE_PARAMS.has(name));
  // Stable: a parameter given twice keeps its values in order (the page refuses it either way).
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${request.origin} ${request.path}?${new URLSearchParams(params)} ${vehiclePageReferer(request)}${request.crawler ? " crawler" : ""}`;
}

/**
 * A vehicle page links back to the search its Referer names: that Referer, whatever its
 * host, is part of the page's address here (a finer split than the page makes, never a
 * coarser one).
 */
function vehiclePageReferer({ path, referer }: PageRequest): string {
  if (!path.startsWith("/vehicles/") || !referer || !URL.canParse(referer)) return "";
  return searchCameFrom(referer, [new URL(referer).host]) ? referer : "";
}

/** What `pageCacheKey` reads of an Express request, after the staff area has looked up who is signed in. */
function pageRequestOf(req: Request, res: Response): PageRequest {
  return {
    method: req.method,
    path: req.path,
    query: req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?") + 1) : "",
    origin: [req.protocol, req.get("host"), req.get("x-forwarded-host")].join(" "),
    referer: req.get("referer"),
    crawler: isbot(req.get("user-agent")),
    staffSignedIn: signedInStaff(res) !== undefined,
  };
}

/** Whether this request's page is the same for every visitor at its address: one the cache may keep, and a render thread may render. */
export function isSharedPage(req: Request, res: Response): boolean {
  return pageCacheKey(pageRequestOf(req, res)) !== undefined;
}

export interface CachedPagesOptions {
  /** Where pages are kept (PAGE_CACHE_MB); undefined renders every page for its request. */
  cache: PageCache | undefined;
  /** The catalogue's stock version: pages rendered from an older one are dropped. */
  stockVersion: () => number;
  /** The site's content (backend/content/published-content.ts): a change drops the pages it shows on, and a page rendered from older content is not kept. */
  content?: { version(): number; onChange(listener: (changed: ReadonlySet<string> | "all") => void): void };
}

/**
 * In front of the page renderer: a page rendered for one GET is kept (when it is a 200 of
 * HTML that sets no cookie) and answers later GETs and HEADs of its address, each with the
 * nonce of its own Content-Security-Policy written where the rendering's stood. Requests
 * for a page being rendered wait for it rather than render it again.
 */
export function cachedPages({ cache, stockVersion, content }: CachedPagesOptions): RequestHandler {
  if (!cache) return (_req, _res, next) => next();
  content?.onChange((changed) => cache.forgetPaths(changed));
  const rendering = new Map<string, Promise<void>>();
  return async (req, res, next) => {
    const key = pageCacheKey(pageRequestOf(req, res));
    if (key === undefined) return next();
    await rendering.get(key);
    const page = cache.get(key, stockVersion(), Date.now());
    if (page) return sendCached(req, res, page);
    res.setHeader("X-Page-Cache", "miss");
    if (req.method !== "GET" || rendering.has(key)) return next();

    const start = cache.renderStart(stockVersion());
    const contentVersion = content?.version();
    // Those waiting are let go once the page is rendered (or the response ends unfinished),
    // not when a slow client has received it.
    let rendered!: () => void;
    rendering.set(
      key,
      new Promise<void>((resolve) => (rendered = resolve)).then(() => void rendering.delete(key)),
    );
    res.once("close", () => rendered());
    holdUntilWritten(res, (body, headers, send) => {
      if (!storable(res) || content?.version() !== contentVersion) {
        rendered();
        return send(body);
      }
      // Compressed once, here or by a render thread, and kept so: this response and every later one are assembled from it.
      const spliced = (res.locals as { splicedPage?: SplicedPage }).splicedPage ?? splicePage(body, cspNonceOf(res));
      const page: CachedPage = { status: res.statusCode, headers, ...spliced };
      cache.set(key, page, start, Date.now(), req.path);
      rendered();
      sendPage(req, res, page, send);
    });
    next();
  };
}

/** The body about to be sent, already cut at the nonce and compressed by a render thread: the cache keeps it as it is. */
export function keepSplicedPage(res: Response, page: SplicedPage): void {
  (res.locals as { splicedPage?: SplicedPage }).splicedPage = page;
}

/** A cached page with this response's nonce and status, and the headers the renderer set. */
function sendCached(req: Request, res: Response, page: CachedPage): void {
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("X-Page-Cache", "hit");
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  sendPage(req, res, page, (body) => res.end(body));
}

/** The page's body with this response's nonce: gzipped when the client takes it (the compression middleware then leaves it be). */
function sendPage(req: Request, res: Response, page: CachedPage, send: (body: Buffer) => void): void {
  const nonce = Buffer.from(cspNonceOf(res) ?? "");
  if (req.acceptsEncodings("gzip")) {
    res.setHeader("Content-Encoding", "gzip");
    send(gzipJoined(page, nonce));
  } else {
    send(joined(page, nonce));
  }
}

/** A page for anyone: a whole 200 of HTML, setting no cookie, that its renderer did not mark private. */
function storable(res: Response): boolean {
  const cacheControl = String(res.getHeader("cache-control") ?? "");
  return (
    res.statusCode === 200 &&
    !res.hasHeader("set-cookie") &&
    String(res.getHeader("content-type") ?? "").startsWith("text/html") &&
    !/no-store|private/.test(cacheControl)
  );
}

/**
 * Holds the response's body until the renderer has written all of it, then calls
 * `whenWritten` with the body, the headers set after this point, and the means to send a
 * body after all; a response cut short never calls it.
 */
function holdUntilWritten(
  res: Response,
  whenWritten: (body: Buffer, headers: [string, OutgoingHttpHeader][], send: (body: Buffer) => void) => void,
): void {
  const earlier = new Set(res.getHeaderNames());
  const chunks: Buffer[] = [];
  const hold = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === "string") chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  const end = res.end;
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    hold(chunk, rest[0]);
    const callback = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
    callback?.();
    return true;
  } as Response["write"];
  res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
    if (typeof chunk !== "function") hold(chunk, rest[0]);
    res.end = end;
    const headers = Object.entries(res.getHeaders())
      .filter(([name, value]) => value !== undefined && !earlier.has(name) && !UNSTORED_HEADERS.has(name))
      .map(([name, value]) => [name, value] as [string, OutgoingHttpHeader]);
    whenWritten(Buffer.concat(chunks), headers, (body) => (end as (body: Buffer) => Response).call(this, body));
    return this;
  } as Response["end"];
}
