import { MeilisearchApiError, type EnqueuedTask, type Meilisearch } from "meilisearch";
import { TEXT_FILTER_NAMES, type TextFilterName } from "../../domain/filters";
import type { VehicleRecord } from "../../domain/vehicle";
import type { Logger } from "../logger";
import { isTransientFailure, withRetry } from "../retry";
import { meiliSettings, SpellingBook, toMeiliDocument, type MeiliVehicleDocument } from "./meili-documents";
import { SearchTaskFailedError, succeeded } from "./meili-tasks";
import type { StockScan } from "./search-engine";

export interface MeiliIndexerOptions {
  /** Documents sent in one request. */
  batchSize?: number;
  /** How long one task may take before the indexer gives up waiting for it. */
  taskTimeoutMs?: number;
}

/**
 * Keeps a Meilisearch index in step with the store, with a key allowed to change indexes
 * (only the indexer holds one; the site searches with a search-only key). A full sync builds
 * a fresh index beside the live one and swaps them, so searches never see a half-built
 * index; an incremental sync sends just the vehicles that changed.
 */
export class MeiliIndexer {
  private readonly batchSize: number;
  private readonly taskTimeoutMs: number;

  constructor(
    private readonly client: Meilisearch,
    private readonly indexUid: string,
    private readonly logger: Pick<Logger, "info" | "warn">,
    { batchSize = 5000, taskTimeoutMs = 15 * 60_000 }: MeiliIndexerOptions = {},
  ) {
    this.batchSize = batchSize;
    this.taskTimeoutMs = taskTimeoutMs;
  }

  /** Rebuilds the index from the whole stock and swaps it in; returns the documents indexed. */
  async fullSync(scan: StockScan): Promise<number> {
    const building = `${this.indexUid}_build_${Date.now()}`;
    await this.createIndex(building);
    try {
      await this.run(() => this.client.index(building).updateSettings(meiliSettings()));
      const spellings = await SpellingBook.fromStock(scan());
      const documents = await this.sendInBatches(building, scan(), spellings);
      await this.createIndex(this.indexUid);
      // Never sent twice: a second swap after an unanswered first would swap the old index back.
      await this.run(() => this.client.swapIndexes([{ indexes: [this.indexUid, building], rename: false }]), { retry: false });
      this.logger.info({ index: this.indexUid, documents }, "Swapped a freshly built search index in");
      return documents;
    } finally {
      // After the swap this holds the old documents; before it, a half-built index.
      await this.run(() => this.client.deleteIndex(building)).catch((error: unknown) =>
        this.logger.warn({ err: error, index: building }, "Could not delete a search index left from a sync"),
      );
    }
  }

  /** Sends changed vehicles and removes sold ones, spelling values as the index already does. */
  async apply({ upserts, removedIds }: { upserts: readonly VehicleRecord[]; removedIds: readonly string[] }): Promise<void> {
    if (upserts.length > 0) {
      const spellings = await this.spellingsInIndex();
      await this.sendInBatches(this.indexUid, upserts, spellings);
    }
    for (let start = 0; start < removedIds.length; start += this.batchSize) {
      const ids = removedIds.slice(start, start + this.batchSize);
      await this.run(() => this.client.index(this.indexUid).deleteDocuments([...ids]));
    }
  }

  /** Whether the live index has any documents; an empty or missing one needs a full sync. */
  async isEmpty(): Promise<boolean> {
    try {
      const stats = await withRetry(() => this.client.index(this.indexUid).getStats(), this.retry);
      return stats.numberOfDocuments === 0;
    } catch (error) {
      if (error instanceof MeilisearchApiError && error.cause?.code === "index_not_found") return true;
      throw error;
    }
  }

  private async spellingsInIndex(): Promise<SpellingBook> {
    try {
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
    } catch (error) {
      if (error instanceof MeilisearchApiError && error.cause?.code === "index_not_found") return new SpellingBook();
      throw error;
    }
  }

  private async sendInBatches(
    indexUid: string,
    records: AsyncIterable<VehicleRecord> | Iterable<VehicleRecord>,
    spellings: SpellingBook,
  ): Promise<number> {
    const index = this.client.index<MeiliVehicleDocument>(indexUid);
    let batch: MeiliVehicleDocument[] = [];
    let sent = 0;
    const send = async () => {
      const documents = batch;
      batch = [];
      await this.run(() => index.addDocuments(documents, { primaryKey: "id" }));
      sent += documents.length;
    };
    for await (const record of records) {
      batch.push(toMeiliDocument(record, spellings));
      if (batch.length >= this.batchSize) await send();
    }
    if (batch.length > 0) await send();
    return sent;
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
    const enqueued = retry ? await withRetry(enqueue, this.retry) : await enqueue();
    succeeded(await this.client.tasks.waitForTask(enqueued, { timeout: this.taskTimeoutMs, interval: 250 }));
  }

  private readonly retry = {
    attempts: 5,
    baseDelayMs: 500,
    isRetryable: isTransientFailure,
    onRetry: (error: unknown, attempt: number, delayMs: number) =>
      this.logger.warn({ err: error, attempt, delayMs }, "Meilisearch did not answer; trying again"),
  };
}
