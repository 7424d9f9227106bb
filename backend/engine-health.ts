import { MongoBulkWriteError, MongoNetworkError, MongoServerSelectionError, MongoTopologyClosedError } from "mongodb";
import type { Logger } from "./logger";
import { isTransientFailure } from "./retry";
import { traced } from "./observability/tracing";

/** The two services the site depends on: the search engine and the store of record (stock and leads). */
export type EngineRole = "search" | "store";

/**
 * How long the site waits for an engine before answering 503: a visitor would rather be told
 * quickly than watch a page spin. A lead is given longer, as it is worth more than a page.
 */
export const ENGINE_DEADLINES_MS = {
  search: 2000,
  storeRead: 3000,
  leadWrite: 5000,
} as const;

/** What a 503 asks clients to wait before trying again. */
const RETRY_AFTER_SECONDS = 10;

/**
 * An engine did not answer in time, or refused the connection: the site answers 503, not 500.
 * A search engine's adapter throws it for its own client's outages (backend/search/meili-errors.ts),
 * with the client's failure as the cause.
 */
export class EngineUnavailableError extends Error {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;
  constructor(
    readonly engine: EngineRole,
    options?: ErrorOptions,
  ) {
    super(`The ${engine === "search" ? "search engine" : "store"} is not answering`, options);
    this.name = "EngineUnavailableError";
  }
}

/**
 * An engine that answers but cannot serve this version of the site until it is set up again:
 * a search index built by an earlier version, without a setting this one asks for. For a
 * visitor it is an outage like any other (503, pages without what needs it); the one log
 * line says what to run.
 */
export class EngineNeedsSetUpError extends Error {
  constructor(
    readonly engine: EngineRole,
    readonly remedy: string,
    options?: ErrorOptions,
  ) {
    super(`The ${engine} engine needs setting up for this version of the site: ${remedy}`, options);
    this.name = "EngineNeedsSetUpError";
  }
}

/**
 * Failures that say the engine is unreachable, stalled or overloaded, rather than that the
 * request was wrong: a refused or dropped connection, a timeout, a 5xx from the engine or a
 * proxy in front of it, no MongoDB server to select or no free connection to it. A search
 * engine's adapter turns its own client's outages into EngineUnavailableError.
 */
export function isEngineOutage(error: unknown): boolean {
  return (
    error instanceof EngineUnavailableError ||
    error instanceof EngineNeedsSetUpError ||
    error instanceof MongoNetworkError ||
    error instanceof MongoServerSelectionError ||
    // Every pooled connection is stuck on a server that stopped answering (the driver does not export its class).
    (error instanceof Error && error.name === "MongoWaitQueueTimeoutError") ||
    // The client's first connection failed (MongoDB was down when the site started) and it has not connected since.
    error instanceof MongoTopologyClosedError ||
    isUnsentBulkWrite(error) ||
    isTransientFailure(error)
  );
}

/**
 * A bulk write (a lead's insertMany, say) that failed before the server judged any document:
 * the driver wraps its own failure to reach the server (no free connection in time, a dropped
 * one) in MongoBulkWriteError with no write error and no server code, and without the
 * original error's class, which a write the server refused always has.
 */
function isUnsentBulkWrite(error: unknown): boolean {
  return error instanceof MongoBulkWriteError && [error.writeErrors].flat().length === 0 && typeof error.code !== "number";
}

export type CallOutcome = "ok" | "unavailable" | "error";
export type CallWatcher = (engine: EngineRole, seconds: number, outcome: CallOutcome) => void;

export interface EngineState {
  up: boolean;
  /** When it went down, while it is down. */
  downSince?: string;
}

/**
 * Runs the site's calls to its engines within their deadlines, turns outages into
 * EngineUnavailableError, and logs once when an engine goes down and once when it is back,
 * rather than once per request. The log names the engine and the kind of failure, never a
 * query or a lead.
 */
export class EngineHealth {
  private readonly downSince = new Map<EngineRole, Date>();
  private callWatcher: CallWatcher | undefined;

  constructor(private readonly logger: Pick<Logger, "warn" | "info">) {}

  async guard<T>(engine: EngineRole, deadlineMs: number, work: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new EngineUnavailableError(engine)), deadlineMs);
    });
    const started = performance.now();
    let outcome: CallOutcome = "error";
    try {
      const result = await this.track(engine, () =>
        traced(engine, { "dealer.engine.role": engine }, () => Promise.race([work(), deadline])),
      );
      outcome = "ok";
      return result;
    } catch (error) {
      if (error instanceof EngineUnavailableError) outcome = "unavailable";
      throw error;
    } finally {
      clearTimeout(timer);
      this.callWatcher?.(engine, (performance.now() - started) / 1000, outcome);
    }
  }

  /** Tells `watcher` how long each guarded call took and how it ended (the site's metrics). */
  watchCalls(watcher: CallWatcher): void {
    this.callWatcher = watcher;
  }

  /** As `guard`, without a deadline: for background work that takes as long as it takes (a first index build). */
  async track<T>(engine: EngineRole, work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      this.markUp(engine);
      return result;
    } catch (error) {
      if (!isEngineOutage(error)) throw error;
      // An engine may be waiting on the other: the in-process index on the store it is built from.
      const down = error instanceof EngineUnavailableError ? error.engine : engine;
      this.markDown(down, error);
      throw error instanceof EngineUnavailableError ? error : new EngineUnavailableError(engine);
    }
  }

  state(engine: EngineRole): EngineState {
    const since = this.downSince.get(engine);
    return since ? { up: false, downSince: since.toISOString() } : { up: true };
  }

  private markDown(engine: EngineRole, error: unknown): void {
    if (this.downSince.has(engine)) return;
    this.downSince.set(engine, new Date());
    const remedy = error instanceof EngineNeedsSetUpError ? { remedy: error.remedy } : {};
    this.logger.warn(
      { engine, failure: failureName(error), ...remedy },
      `The ${engine} engine is unavailable: answering 503 for what needs it until it is back`,
    );
  }

  private markUp(engine: EngineRole): void {
    const since = this.downSince.get(engine);
    if (!since) return;
    this.downSince.delete(engine);
    this.logger.info({ engine, downForMs: Date.now() - since.getTime() }, `The ${engine} engine is back`);
  }
}

/** The error's class and code, and its cause's: enough to tell a refusal from a timeout, with nothing a visitor typed. */
function failureName(error: unknown): string {
  // An adapter's mapping of its client's failure says nothing the failure does not.
  if (error instanceof EngineUnavailableError && error.cause instanceof Error) error = error.cause;
  const parts: string[] = [];
  for (let current = error, depth = 0; current instanceof Error && depth < 3; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    parts.push(typeof code === "string" ? `${current.name} ${code}` : current.name);
  }
  return parts.join(" < ");
}
