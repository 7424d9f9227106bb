import type { OutgoingHttpHeader } from "node:http";

/**
 * Rendered pages kept in memory, each under its normalised address: at most `maxBytes` of
 * them, the least recently used dropped first. Every page was made from one version of the
 * stock; the first request that names a newer version drops them all, and each page also
 * expires at the end of the minute it was rendered in, because pages say whether the
 * showroom is open now. A change of the site's content drops the pages it shows on.
 */

export interface CachedPage {
  status: number;
  /** The headers the renderer set, without those each response gets afresh (nonce, request id). */
  headers: [string, OutgoingHttpHeader][];
  /** The body cut at each place the rendering's CSP nonce stood, to be joined with the next response's. */
  parts: Buffer[];
  /** The same parts compressed (spliced-gzip.ts), so a response is not compressed again. */
  deflatedParts: Buffer[];
}

interface Entry {
  page: CachedPage;
  /** The address's path, by which a change of content finds the pages it shows on. */
  path: string;
  bytes: number;
  expiresAt: number;
}

const MINUTE_MS = 60_000;

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private version: number | undefined;
  private totalBytes = 0;

  constructor(private readonly maxBytes: number) {}

  get bytes(): number {
    return this.totalBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The page cached under `key` for this stock version, and not yet expired at `now`. */
  get(key: string, stockVersion: number, now: number): CachedPage | undefined {
    this.follow(stockVersion);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.remove(key, entry);
    if (entry.expiresAt <= now) return undefined;
    // Re-inserted, so the map's order stays least recently used first.
    this.entries.set(key, entry);
    this.totalBytes += entry.bytes;
    return entry.page;
  }

  /** Keeps a page rendered from `stockVersion`, unless the stock has moved on since or it could never fit. */
  set(key: string, page: CachedPage, stockVersion: number, now: number, path = key): void {
    this.follow(stockVersion);
    if (stockVersion !== this.version) return;
    const bytes = key.length + [...page.parts, ...page.deflatedParts].reduce((sum, part) => sum + part.length, 0);
    // One page may not crowd out most of the others.
    if (bytes > this.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, { page, path, bytes, expiresAt: (Math.floor(now / MINUTE_MS) + 1) * MINUTE_MS });
    this.totalBytes += bytes;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.totalBytes <= this.maxBytes) break;
      this.remove(oldestKey, oldest);
    }
  }

  /** Drops the pages at these paths, or every page. */
  forget(paths: ReadonlySet<string> | "all"): void {
    for (const [key, entry] of this.entries) if (paths === "all" || paths.has(entry.path)) this.remove(key, entry);
  }

  /** Drops every page when a newer stock version is seen; an older one (a render that began before it) changes nothing. */
  private follow(stockVersion: number): void {
    if (this.version !== undefined && stockVersion <= this.version) return;
    this.version = stockVersion;
    this.entries.clear();
    this.totalBytes = 0;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }
}
