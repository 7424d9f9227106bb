/**
 * Crawling the site as a visitor's links lead: what a page links to, and which addresses to
 * open next. Search and vehicle pages link to each other without end (every filter, every
 * page of results), so each path is opened with at most a few different query strings, and
 * only so many vehicle pages: every page of the site is still reached.
 */

export interface Found {
  /** Path and query string. */
  url: string;
  /** The page that linked to it. */
  from: string;
}

export class CrawlFrontier {
  private readonly queue: Found[] = [{ url: "/", from: "(start)" }];
  private readonly seen = new Set<string>(["/"]);
  /** Each path reached, with how many addresses of it were queued. */
  readonly variants = new Map<string, number>();
  vehiclesOpened = 0;

  constructor(
    private readonly origin: string,
    private readonly limits: { variantsPerPath: number; vehiclesToOpen: number },
  ) {}

  get size(): number {
    return this.seen.size;
  }

  next(): Found | undefined {
    return this.queue.shift();
  }

  /** Queues an address found on `from`, unless it is elsewhere, already seen or past the limits. */
  enqueue(href: string, from: string): void {
    const url = new URL(href, this.origin + from);
    if (url.origin !== this.origin) return;
    url.hash = "";
    const key = url.pathname + url.search;
    if (this.seen.has(key)) return;
    const isVehicle = /^\/vehicles\/[^/]+$/.test(url.pathname);
    if (isVehicle && this.vehiclesOpened >= this.limits.vehiclesToOpen) return;
    const count = this.variants.get(url.pathname) ?? 0;
    if (count >= this.limits.variantsPerPath) return;
    this.variants.set(url.pathname, count + 1);
    if (isVehicle) this.vehiclesOpened++;
    this.seen.add(key);
    this.queue.push({ url: key, from });
  }
}

/** Addresses the HTML points a visitor at: links, GET forms, and the page's own assets. */
export function linksIn(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) found.push(decode(match[1]!));
  for (const match of html.matchAll(/<form\b([^>]*)>/g)) {
    const attributes = match[1]!;
    const method = /\smethod="([^"]*)"/.exec(attributes)?.[1] ?? "get";
    const action = /\saction="([^"]*)"/.exec(attributes)?.[1];
    if (action && method.toLowerCase() === "get") found.push(decode(action));
  }
  for (const match of html.matchAll(/<(?:link|script|img)\b[^>]*?\s(?:href|src)="([^"]*)"/g)) found.push(decode(match[1]!));
  return found.filter((href) => href && !/^(?:mailto|tel|sms|javascript):/i.test(href));
}

function decode(attribute: string): string {
  return attribute.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&#39;", "'");
}
