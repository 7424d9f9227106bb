import { createWriteStream } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { formatCount } from "../../domain/format";
import { UPLOAD_FILE_MODE } from "../upload-file-mode";
import type { Logger } from "../logger";
import { MemoryFeedTurns, type FeedRun, type FeedTurns } from "./feed-turns";
import type { ImportMode } from "./import-job";
import type { StockImports } from "./stock-imports";

/**
 * The dealer's stock system publishes its feed at an address; the site fetches it every so
 * many minutes and imports it through the console's imports, with the same validation,
 * summary, mass-removal guard and history. A feed that cannot be fetched or read changes
 * nothing, and the console shows the schedule as failing until a run succeeds. Every
 * instance of the site keeps the schedule, and each period only the one that takes the turn
 * (feed-turns.ts) fetches the feed; the console of any instance shows the last run.
 */

export interface FeedSchedule {
  url: string;
  /** A file holding the bearer token the feed asks for; read at each run, so it can be rotated. */
  tokenFile?: string;
  everyMinutes: number;
  mode: ImportMode;
}

export interface FeedStatus {
  /** The feed's address without its query, which may hold a key. */
  source: string;
  everyMinutes: number;
  mode: ImportMode;
  lastRun?: FeedRun;
  nextAt?: Date;
}

/** The feed could not be fetched; nothing was changed. */
class FeedFetchError extends Error {}

const FETCH_TIMEOUT_MS = 5 * 60_000;

export class ScheduledFeed {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private nextAt: Date | undefined;

  constructor(
    private readonly imports: StockImports,
    private readonly schedule: FeedSchedule,
    private readonly logger: Pick<Logger, "info" | "warn">,
    private readonly turns: FeedTurns = new MemoryFeedTurns(),
  ) {}

  /** Fetches the feed now, then every `everyMinutes`. */
  start(): void {
    this.runAfter(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  async status(): Promise<FeedStatus> {
    const url = new URL(this.schedule.url);
    const lastRun = await this.turns.lastRun();
    return {
      source: `${url.origin}${url.pathname}`,
      everyMinutes: this.schedule.everyMinutes,
      mode: this.schedule.mode,
      ...(lastRun ? { lastRun } : {}),
      ...(this.nextAt ? { nextAt: this.nextAt } : {}),
    };
  }

  /** One run: fetch, import, and remember how it went. */
  async runOnce(): Promise<FeedRun> {
    const at = new Date();
    const run = await this.fetchAndImport().then(
      (outcome) => ({ at, ...outcome }),
      (error: unknown) => {
        if (!(error instanceof FeedFetchError)) throw error;
        return { at, ok: false, message: error.message };
      },
    );
    await this.turns.record(run);
    (run.ok ? this.logger.info : this.logger.warn).call(
      this.logger,
      { ok: run.ok, reason: run.ok ? undefined : run.message },
      "Scheduled stock feed ran",
    );
    return run;
  }

  private runAfter(delayMs: number): void {
    if (this.stopped) return;
    this.nextAt = new Date(Date.now() + delayMs);
    this.timer = setTimeout(() => {
      this.running = this.turns
        .claim(this.schedule.everyMinutes * 60_000)
        .then(async (mine) => {
          if (mine) await this.runOnce();
        })
        .catch(async (error: unknown) => {
          this.logger.warn({ err: error }, "Scheduled stock feed failed unexpectedly");
          const failed = { at: new Date(), ok: false, message: "The feed stopped with an unexpected error; nothing more was changed." };
          await this.turns.record(failed).catch(() => undefined);
        })
        .finally(() => this.runAfter(this.schedule.everyMinutes * 60_000));
    }, delayMs);
    this.timer.unref();
  }

  private async fetchAndImport(): Promise<Omit<FeedRun, "at">> {
    if (!(await this.imports.isFree()))
      return { ok: true, message: "Skipped: another import was under way; the next run fetches the feed again." };
    const upload = await this.download();
    const job = await this.imports.runScheduled(upload, this.schedule.mode);
    if (job.phase !== "done" || !job.result) return { ok: false, message: job.failure ?? "The import did not finish." };
    const { added, updated, unchanged, removed, rejected } = job.result;
    const counts = `${formatCount(added)} added, ${formatCount(updated)} updated, ${formatCount(unchanged)} unchanged, ${formatCount(removed)} removed, ${formatCount(rejected.length)} rejected`;
    return job.searchFailure ? { ok: false, message: `${counts}. ${job.searchFailure}` } : { ok: true, message: `Imported: ${counts}.` };
  }

  /** The feed, streamed to an upload file of the console's, within its size limit. */
  private async download(): Promise<{ path: string; name: string; size: number }> {
    const url = new URL(this.schedule.url);
    const where = `The feed at ${url.origin}${url.pathname}`;
    const token = this.schedule.tokenFile ? await this.token(this.schedule.tokenFile) : undefined;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new FeedFetchError(
        `${where} could not be fetched (${cause?.code ?? cause?.message ?? (error as Error).message}); nothing was changed.`,
      );
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new FeedFetchError(
        `${where} answered HTTP ${response.status}${response.status === 401 || response.status === 403 ? " (check STOCK_FEED_TOKEN_FILE)" : ""}; nothing was changed.`,
      );
    }
    const filePath = await this.imports.uploadPath();
    const maxBytes = this.imports.settings.maxUploadBytes;
    let size = 0;
    try {
      await pipeline(
        Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>),
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            if (size > maxBytes)
              throw new FeedFetchError(
                `${where} is larger than the limit of ${Math.floor(maxBytes / (1 << 20))} MB (STOCK_UPLOAD_MAX_MB); nothing was changed.`,
              );
            yield chunk;
          }
        },
        createWriteStream(filePath, { mode: UPLOAD_FILE_MODE }),
      );
    } catch (error) {
      await rm(filePath, { force: true });
      if (error instanceof FeedFetchError) throw error;
      throw new FeedFetchError(`${where} broke off while it was being fetched (${(error as Error).message}); nothing was changed.`);
    }
    return { path: filePath, name: decodeURIComponent(url.pathname.split("/").pop() || "feed"), size };
  }

  private async token(file: string): Promise<string> {
    try {
      return (await readFile(file, "utf8")).trim();
    } catch (error) {
      throw new FeedFetchError(
        `STOCK_FEED_TOKEN_FILE ${file} cannot be read (${(error as NodeJS.ErrnoException).code}); the feed was not fetched.`,
      );
    }
  }
}
