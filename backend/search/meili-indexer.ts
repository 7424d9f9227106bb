import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { MeilisearchApiError, type EnqueuedTask, type IndexObject, type Meilisearch, type Settings } from "meilisearch";
import { TEXT_FILTER_NAMES, type TextFilterName } from "../../domain/filters";
import type { VehicleRecord } from "../../domain/vehicle";
import type { Logger } from "../logger";
import { withRetry } from "../retry";
import { abandonedBuildIndexes, buildIndexUid } from "./build-indexes";
import type { BranchPlaces } from "../branches/branch-places";
import { meiliSettings, SpellingBook, toMeiliDocument, type MeiliVehicleDocument } from "./meili-documents";
import { VERSION_DOCUMENT_ID, versionIndexUid, type IndexVersionDocument } from "./meili-index-version";
import { isMeiliTransient } from "./meili-errors";
import { ensureSearchKey } from "./meili-keys";
import { SearchTaskFailedError, waitForTask } from "./meili-tasks";
import { SearchIndexNeedsFullSyncError, type IndexChanges, type IndexState, type SearchIndexWriter, type StockScan } from "./search-engine";
import { settingsDrift } from "./settings-drift";

export interface MeiliIndexerOptions {
  /** Documents sent in one request. */
  batchSize?: number;
  /** How long one task may take before the indexer gives up waiting for it. */
  taskTimeoutMs?: number;
  /** Where `npm run stock:setup` writes the site's search-only key (MEILI_SEARCH_KEY_FILE), if anywhere. */
  searchKeyFile?: string;
  /** The dealer's branches: each document then names its vehicle's branch and where it is (`_geo`). */
  places?: BranchPlaces;
}

/**
 * A task is looked at after 25 ms, then twice as long each time up to 250 ms: a small change
 * (one vehicle's price, the version document) is applied in tens of milliseconds, and the
 * stock console's change answers, and shows on every instance, that much sooner than after a
 * first look at 250 ms, while a long task is still asked after only four times a second.
 */
const TASK_FIRST_POLL_MS = 25;
const TASK_POLL_INTERVAL_MS = 250;
const INDEX_LIST_PAGE = 100;

/**
 * Keeps a Meilisearch index in step with the store, with a key allowed to change indexes
 * (only the indexer holds one; the site searches with a search-only key). A full sync builds
 * a fresh index beside the live one and swaps them, so searches never see a half-built
 * index; an incremental sync sends just the vehicles that changed.
 */
export class MeiliIndexer implements SearchIndexWriter {
  private readonly batchSize: number;
  private readonly taskTimeoutMs: number;
  private readonly searchKeyFile: string | undefined;
  private readonly places: BranchPlaces | undefined;

  constructor(
    private readonly client: Meilisearch,
    private readonly indexUid: string,
    private readonly logger: Pick<Logger, "info" | "warn">,
    { batchSize = 5000, taskTimeoutMs = 15 * 60_000, searchKeyFile, places }: MeiliIndexerOptions = {},
  ) {
    this.places = places;
    this.batchSize = batchSize;
    this.taskTimeoutMs = taskTimeoutMs;
    this.searchKeyFile = searchKeyFile;
  }

  /** Rebuilds the index from the whole stock and swaps it in; returns the documents indexed. */
  async fullSync(scan: StockScan): Promise<number> {
    await this.deleteAbandonedBuilds();
    const building = buildIndexUid(this.indexUid);
    await this.createIndex(building);
    try {
      await this.run(() => this.client.index(building).updateSettings(meiliSettings()));
      const spellings = await SpellingBook.fromStock(scan());
      const { sent: documents } = await this.sendInBatches(building, scan(), async () => spellings);
      await this.createIndex(this.indexUid);
      // Never sent twice: a second swap after an unanswered first would swap the old index back.
      await this.run(() => this.client.swapIndexes([{ indexes: [this.indexUid, building], rename: false }]), { retry: false });
      await this.markChanged();
      this.logger.info({ index: this.indexUid, documents }, "Swapped a freshly built search index in");
      return documents;
    } finally {
      // After the swap this holds the old documents; before it, a half-built index.
      await this.run(() => this.client.deleteIndex(building)).catch((error: unknown) =>
        this.logger.warn({ err: error, index: building }, "Could not delete a search index left from a sync"),
      );
    }
  }

  /**
   * Sends changed vehicles and removes sold ones (and hidden ones, which stay in stock but
   * not in search), spelling values as the index already does. Refuses
   * (SearchIndexNeedsFullSyncError) a live index that is missing or out of date.
   */
  async apply(changes: IndexChanges): Promise<{ upserted: number; removed: number }> {
    const problem = await this.liveIndexProblem();
    if (problem) throw new SearchIndexNeedsFullSyncError(this.indexUid, problem);
    // Read once per change, and only when it has vehicles to send.
    let spellings: Promise<SpellingBook> | undefined;
    const { sent: upserted, hiddenIds } = await this.sendInBatches(
      this.indexUid,
      changes.upserts,
      () => (spellings ??= this.spellingsInIndex()),
    );
    const removedIds = [...changes.removedIds, ...hiddenIds];
    for (let start = 0; start < removedIds.length; start += this.batchSize) {
      const ids = removedIds.slice(start, start + this.batchSize);
      await this.run(() => this.client.index(this.indexUid).deleteDocuments([...ids]));
    }
    if (upserted + removedIds.length > 0) await this.markChanged();
    return { upserted, removed: removedIds.length };
  }

  /** Whether only a full sync can bring the live index up to date: missing, out of date, or empty. */
  async needsFullSync(): Promise<boolean> {
    const problem = (await this.liveIndexProblem()) ?? ((await this.documentCount()) === 0 ? "is empty" : undefined);
    if (problem) this.logger.info({ index: this.indexUid, problem }, "The search index needs a full sync");
    return problem !== undefined;
  }

  /** Why the live index cannot take changes one by one (missing, or set up by another version), or undefined when it can. */
  async liveIndexProblem(): Promise<string | undefined> {
    let settings: Settings;
    try {
      settings = await withRetry(() => this.client.index(this.indexUid).getSettings(), this.retry);
    } catch (error) {
      if (isIndexNotFound(error)) return "does not exist";
      throw error;
    }
    const drift = settingsDrift(meiliSettings(), settings);
    return drift.length > 0 ? `has settings other than this version sets (${drift.join(", ")})` : undefined;
  }

  /** The index's documents, when it was made (each full sync makes it afresh), its problem if any, and Meilisearch's latest failed tasks. */
  async state(failedTasksShown: number): Promise<IndexState> {
    const index = this.client.index(this.indexUid);
    const [stats, info, failed, problem] = await Promise.all([
      index.getStats().catch(() => undefined),
      index.getRawInfo().catch(() => undefined),
      this.client.tasks.getTasks({ statuses: ["failed"], limit: failedTasksShown }),
      this.liveIndexProblem(),
    ]);
    return {
      ...(stats ? { documents: stats.numberOfDocuments } : {}),
      ...(info ? { builtAt: new Date(info.createdAt) } : {}),
      ...(problem ? { problem } : {}),
      failedTasks: failed.results.map((task) => ({
        uid: task.uid,
        type: task.type,
        error: task.error?.message ?? "failed",
        ...(task.finishedAt ? { finishedAt: new Date(task.finishedAt) } : {}),
      })),
    };
  }

  /** Makes the site's search-only key (the master key may) and writes it where the site reads it. */
  async prepareForSite(): Promise<string | undefined> {
    if (!this.searchKeyFile) return undefined;
    const key = await ensureSearchKey(this.client, this.indexUid);
    await writeFile(this.searchKeyFile, `${key}\n`, { mode: 0o640 });
    return `Wrote the site's search-only key to ${this.searchKeyFile}.`;
  }

  private async documentCount(): Promise<number> {
    try {
      return (await withRetry(() => this.client.index(this.indexUid).getStats(), this.retry)).numberOfDocuments;
    } catch (error) {
      if (isIndexNotFound(error)) return 0;
      throw error;
    }
  }

  /**
   * Deletes build indexes that a killed process left behind, each a copy of the stock.
   * Only those over a day old: a younger one may be another sync's, still building.
   */
  private async deleteAbandonedBuilds(): Promise<void> {
    try {
      const indexes: IndexObject[] = [];
      for (let offset = 0; ; offset += INDEX_LIST_PAGE) {
        const page = await withRetry(() => this.client.getRawIndexes({ offset, limit: INDEX_LIST_PAGE }), this.retry);
        indexes.push(...page.results);
        if (page.results.length < INDEX_LIST_PAGE) break;
      }
      for (const uid of abandonedBuildIndexes(indexes, this.indexUid)) {
        await this.run(() => this.client.deleteIndex(uid));
        this.logger.info({ index: uid }, "Deleted a search index left by a sync that never finished");
      }
    } catch (error) {
      // Only disk space is at stake: the sync goes on.
      this.logger.warn({ err: error }, "Could not clear search indexes left by earlier syncs");
    }
  }

  private async spellingsInIndex(): Promise<SpellingBook> {
    const response = await withRetry(
      () => this.client.index(this.indexUid).search("", { limit: 0, facets: [...TEXT_FILTER_NAMES] }),
      this.retry,
    );
    const distribution = response.facetDistribution ?? {};
    return SpellingBook.fromOptions(
      Object.fromEntries(TEXT_FILTER_NAMES.map((name) => [name, Object.keys(distribution[name] ?? {})])) as Record<
        TextFilterName,
        string[]
      >,
    );
  }

  private async sendInBatches(
    indexUid: string,
    records: Iterable<VehicleRecord> | AsyncIterable<VehicleRecord>,
    spellings: () => Promise<SpellingBook>,
  ): Promise<{ sent: number; hiddenIds: string[] }> {
    const index = this.client.index<MeiliVehicleDocument>(indexUid);
    let batch: VehicleRecord[] = [];
    let sent = 0;
    const hiddenIds: string[] = [];
    const send = async () => {
      const book = await spellings();
      const documents = batch.map((record) => toMeiliDocument(record, book, this.places));
      batch = [];
      await this.run(() => index.addDocuments(documents, { primaryKey: "id" }));
      sent += documents.length;
    };
    for await (const record of records) {
      if (record.hidden) {
        hiddenIds.push(record._id);
        continue;
      }
      batch.push(record);
      if (batch.length >= this.batchSize) await send();
    }
    if (batch.length > 0) await send();
    return { sent, hiddenIds };
  }

  /** A new version token, once the live index has changed, so that no site reuses an answer computed before. */
  private async markChanged(): Promise<void> {
    const document: IndexVersionDocument = { id: VERSION_DOCUMENT_ID, version: randomUUID() };
    await this.run(() => this.client.index(versionIndexUid(this.indexUid)).addDocuments([document], { primaryKey: "id" }));
  }

  /** Creates an index with its primary key, or accepts one that already exists. */
  private async createIndex(uid: string): Promise<void> {
    try {
      await this.run(() => this.client.createIndex(uid, { primaryKey: "id" }));
    } catch (error) {
      if (!(error instanceof SearchTaskFailedError && error.task.error?.code === "index_already_exists")) throw error;
    }
  }

  /** Sends a change (again, if the connection fails) and waits until Meilisearch has applied it. */
  private async run(enqueue: () => Promise<EnqueuedTask>, { retry = true } = {}): Promise<void> {
    const { taskUid } = retry ? await withRetry(enqueue, this.retry) : await enqueue();
    await waitForTask(taskUid, {
      getTask: (uid) => this.client.tasks.getTask(uid),
      timeoutMs: this.taskTimeoutMs,
      intervalMs: TASK_POLL_INTERVAL_MS,
      firstIntervalMs: TASK_FIRST_POLL_MS,
      retry: this.retry,
    });
  }

  private readonly retry = {
    attempts: 5,
    baseDelayMs: 500,
    isRetryable: isMeiliTransient,
    onRetry: (error: unknown, attempt: number, delayMs: number) =>
      this.logger.warn({ err: error, attempt, delayMs }, "Meilisearch did not answer; trying again"),
  };
}

function isIndexNotFound(error: unknown): boolean {
  return error instanceof MeilisearchApiError && error.cause?.code === "index_not_found";
}
