import { setTimeout as sleep } from "node:timers/promises";

export interface RetryOptions {
  /** Tries in all, the first included. */
  attempts: number;
  /** The wait before the second try; it doubles after each failure, with jitter, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs?: number;
  /** Whether a failure is worth another try (a dropped connection) or not (a rejected request). */
  isRetryable: (error: unknown) => boolean;
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  /** For tests: how to wait. */
  wait?: (ms: number) => Promise<unknown>;
  /** For tests: a number in [0, 1) spreading retries out so that many clients do not retry in step. */
  random?: () => number;
}

/** Runs `work` until it succeeds, a failure is not retryable, or the attempts run out. */
export async function withRetry<T>(work: () => Promise<T>, options: RetryOptions): Promise<T> {
  const { attempts, baseDelayMs, maxDelayMs = 30_000, isRetryable, onRetry, wait = sleep, random = Math.random } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
      const delayMs = Math.round(ceiling / 2 + (random() * ceiling) / 2);
      onRetry?.(error, attempt, delayMs);
      await wait(delayMs);
    }
  }
}

const TRANSIENT_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_SOCKET"]);

/**
 * Failures that another try may cure: the network, a server restarting, or a server saying
 * it is overloaded (HTTP 429 and 5xx). A request the server refused stays refused. An
 * engine's adapter adds what its own client throws (backend/search/meili-errors.ts).
 */
export function isTransientFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, cause } = error as Error & { code?: unknown };
  if (typeof code === "string" && TRANSIENT_CODES.has(code)) return true;
  const status = (error as { response?: { status?: unknown } }).response?.status;
  if (typeof status === "number") return status === 429 || status >= 500;
  // MongoDB's errors list their labels as an array of strings.
  const labels = (error as { errorLabels?: unknown }).errorLabels;
  if (Array.isArray(labels) && labels.some((label) => label === "RetryableWriteError" || label === "TransientTransactionError"))
    return true;
  if (["MongoNetworkError", "MongoServerSelectionError"].includes(error.name)) return true;
  return cause !== undefined && cause !== error && isTransientFailure(cause);
}
