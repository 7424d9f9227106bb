import type { OutgoingHttpHeader } from "node:http";

/**
 * Rendered pages kept in memory, each under its normalised address: at most `maxBytes` of
 * them, the least recently used dropped first. Every page was made from one version of the
 * stock; the first request that names a newer version drops them all, and each page also
 * expires at the end of the minute it was rendered in, because pages say whether the
 * showroom is open now. A page shows the vehicles it links to (a vehicle page links to
 * itself): when vehicles change, the pages showing them are forgotten at once, before the
 * search index has caught up (page-cache-follower.ts), and a page whose rendering began
 * before a change was forgotten is not kept. A change of the site's content drops the pages
 * it shows on.
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
  /** The ids of the vehicles the page links to. */
  vehicles: ReadonlySet<string>;
}

/** Where the cache stood when a page's rendering began (`renderStart`): what `set` keeps the page against. */
export interface RenderStart {
  stockVersion: number;
  forgets: number;
}

const MINUTE_MS = 60_000;
const VEHICLE_LINK = /\/vehicles\/([A-Za-z0-9][A-Za-z0-9_-]{0,63})/g;

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private version: number | undefined;
  private totalBytes = 0;
  /** Rises with every forgetting: a page whose rendering began before one may show what was forgotten. */
  private forgets = 0;

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

  /** To be called as a page's rendering begins, from the catalogue's stock version then. */
  renderStart(stockVersion: number): RenderStart {
    return { stockVersion, forgets: this.forgets };
  }

  /**
   * Keeps a page whose rendering began at `start`, unless the stock has moved on since,
   * pages were forgotten since, or it could never fit. `path` is the address's path, by
   * which a change of content finds it.
   */
  set(key: string, page: CachedPage, start: RenderStart, now: number, path = key): void {
    this.follow(start.stockVersion);
    if (start.stockVersion !== this.version || start.forgets !== this.forgets) return;
    const bytes = key.length + [...page.parts, ...page.deflatedParts].reduce((sum, part) => sum + part.length, 0);
    // One page may not crowd out most of the others.
    if (bytes > this.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, { page, path, bytes, expiresAt: (Math.floor(now / MINUTE_MS) + 1) * MINUTE_MS, vehicles: vehiclesLinked(page) });
    this.totalBytes += bytes;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.totalBytes <= this.maxBytes) break;
      this.remove(oldestKey, oldest);
    }
  }

  /** Drops every page that shows one of these vehicles: its own page, and any list, search or page linking to it. */
  forget(vehicleIds: Iterable<string>): void {
    const ids = new Set(vehicleIds);
    if (ids.size === 0) return;
    this.forgets++;
    for (const [key, entry] of this.entries) {
      for (const id of entry.vehicles) {
        if (!ids.has(id)) continue;
        this.remove(key, entry);
        break;
      }
    }
  }

  /** Drops the pages at these paths (a change of the site's content), or every page. */
  forgetPaths(paths: ReadonlySet<string> | "all"): void {
    if (paths === "all") return this.forgetAll();
    this.forgets++;
    for (const [key, entry] of this.entries) if (paths.has(entry.path)) this.remove(key, entry);
  }

  /** Drops every page (the stock changed in ways that cannot be told vehicle by vehicle). */
  forgetAll(): void {
    this.forgets++;
    this.entries.clear();
    this.totalBytes = 0;
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

/** The vehicles a page links to, by their pages' addresses in its HTML. */
function vehiclesLinked(page: CachedPage): Set<string> {
  const vehicles = new Set<string>();
  for (const part of page.parts) for (const [, id] of part.toString("latin1").matchAll(VEHICLE_LINK)) vehicles.add(id!);
  return vehicles;
}
