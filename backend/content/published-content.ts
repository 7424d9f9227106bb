import type { ContentRecord } from "../../domain/content/content-versions";
import type { SiteContent } from "../../domain/content/site-content";
import type { Dealer } from "../../domain/dealer";
import type { Logger } from "../logger";
import { StaleContentError, type ContentStore } from "./content-store";
import { contentSeeds, SEED_AUTHOR } from "./seed/content-seeds";
import { buildSiteContent } from "./site-content";

/** Which pages a change shows on: paths, or every page (the dealer's details and the notice are in every header and footer). */
export type ChangedPages = ReadonlySet<string> | "all";

export type ContentListener = (content: SiteContent, changed: ChangedPages) => void;

const POLL_MS = 1000;

/**
 * The content buyers see, kept in memory and made again when it changes: when the store's
 * stamp rises (a publish on this instance or any other, noticed within a second) and when
 * a scheduled version, offer or notice comes due. Until the store first answers, the pages
 * show the seeds, today's words, so the site starts and serves with its store down.
 */
export class PublishedContent {
  private readonly seeds: Map<string, unknown>;
  private records = new Map<string, ContentRecord>();
  private content: SiteContent;
  private nextChange: Date | undefined;
  private stamp: number | undefined;
  private version = 1;
  private readonly listeners: ContentListener[] = [];
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;

  constructor(
    private readonly store: ContentStore,
    private readonly dealerFile: Dealer,
    private readonly logger: Logger,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.seeds = contentSeeds(dealerFile);
    ({ content: this.content, nextChange: this.nextChange } = buildSiteContent(
      this.records,
      this.seeds,
      dealerFile,
      clock(),
      this.version,
    ));
  }

  current(): SiteContent {
    return this.content;
  }

  /** Called with the new content and the pages it changed, each time it changes. */
  onChange(listener: ContentListener): void {
    this.listeners.push(listener);
  }

  /** Stores the seed of every document not yet stored, reads the content, and follows it from then on. */
  async start(): Promise<void> {
    await this.refresh().catch((error: unknown) =>
      this.logger.warn({ err: error }, "Could not read the site's content; showing its seeds"),
    );
    this.timer = setInterval(() => void this.poll(), POLL_MS).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.polling;
  }

  /** Reads the content again now if it changed: a publish on this instance shows at once. */
  poll(): Promise<void> {
    this.polling ??= this.refresh()
      .catch((error: unknown) => this.logger.warn({ err: error }, "Could not read the site's content"))
      .finally(() => (this.polling = undefined));
    return this.polling;
  }

  /** The content as it would be with a document's latest version (a draft, say) published now: a preview, never seen by buyers. */
  async preview(key: string): Promise<SiteContent> {
    const record = await this.store.get(key);
    const latest = record?.versions.at(-1);
    return latest ? { ...this.previewWith(key, latest.body), previewOf: key } : this.content;
  }

  /** The content as it would be with one document's body changed. */
  previewWith(key: string, body: unknown): SiteContent {
    const record = this.records.get(key);
    const shown: ContentRecord = {
      key,
      revision: record?.revision ?? 0,
      versions: [
        ...(record?.versions ?? []),
        {
          number: Number.MAX_SAFE_INTEGER,
          body,
          author: { id: "preview", name: "Preview" },
          savedAt: new Date(0),
          published: true,
          publishAt: this.clock(),
        },
      ],
    };
    return buildSiteContent(new Map([...this.records, [key, shown]]), this.seeds, this.dealerFile, this.clock(), this.content.version)
      .content;
  }

  private async refresh(): Promise<void> {
    const stamp = await this.store.stamp();
    const due = this.nextChange !== undefined && this.nextChange <= this.clock();
    if (stamp === this.stamp && !due) return;
    if (this.stamp === undefined) await this.storeSeeds();
    const records = new Map((await this.store.all()).map((record) => [record.key, record]));
    // The stamp read before the records: a write since raised it, and is read at the next turn.
    this.stamp = stamp;
    this.records = records;
    const before = this.content;
    const { content, nextChange } = buildSiteContent(records, this.seeds, this.dealerFile, this.clock(), this.version + 1);
    this.nextChange = nextChange;
    const changed = changedPages(before, content);
    if (changed !== "all" && changed.size === 0) return;
    this.version = content.version;
    this.content = content;
    for (const listener of this.listeners) listener(content, changed);
  }

  private async storeSeeds(): Promise<void> {
    const stored = new Set((await this.store.all()).map(({ key }) => key));
    const now = this.clock();
    for (const [key, body] of this.seeds) {
      if (stored.has(key)) continue;
      const first = { number: 1, body, author: SEED_AUTHOR, savedAt: now, published: true, publishAt: now };
      // Another instance starting at the same moment may have stored it first: theirs is as good.
      await this.store.put(key, [first], 0).catch((error: unknown) => {
        if (!(error instanceof StaleContentError)) throw error;
      });
    }
  }
}

/** The pages whose content differs between two versions of the site's content. */
export function changedPages(before: SiteContent, after: SiteContent): ChangedPages {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(before.dealer, after.dealer) || !same(before.notice, after.notice) || !same(before.redirects, after.redirects)) return "all";
  const paths = new Set<string>();
  if (!same(before.home, after.home)) paths.add("/").add("/offers");
  for (const path of new Set([...Object.keys(before.categories), ...Object.keys(after.categories)])) {
    if (!same(before.categories[path], after.categories[path])) paths.add(`/${path}`);
  }
  for (const name of new Set([...Object.keys(before.pages), ...Object.keys(after.pages)])) {
    if (!same(before.pages[name], after.pages[name])) paths.add(`/${name}`);
  }
  if (!same(before.articles, after.articles)) {
    paths.add("/articles").add("/sitemap.xml");
    for (const article of [...before.articles, ...after.articles]) paths.add(`/articles/${article.slug}`);
  }
  return paths;
}
