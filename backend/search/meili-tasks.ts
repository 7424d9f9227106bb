import { setTimeout as sleep } from "node:timers/promises";
import { MeilisearchTaskTimeOutError, type Task } from "meilisearch";
import { withRetry, type RetryOptions } from "../retry";

/**
 * Meilisearch applies every change as a task in its own time. The indexer waits for each
 * one and treats a task that failed or was cancelled as an error with Meilisearch's reason,
 * rather than assuming that an accepted request was applied.
 */
export class SearchTaskFailedError extends Error {
  constructor(readonly task: Pick<Task, "uid" | "type" | "status" | "indexUid" | "error">) {
    super(
      `Meilisearch task ${task.uid} (${task.type}${task.indexUid ? ` on ${task.indexUid}` : ""}) ${task.status}` +
        (task.error ? `: ${task.error.message} [${task.error.code}]` : ""),
    );
  }
}

/** A finished task, checked: returned when it succeeded, thrown as SearchTaskFailedError when not. */
export function succeeded(task: Task): Task {
  if (task.status !== "succeeded") throw new SearchTaskFailedError(task);
  return task;
}

export interface TaskWaitOptions {
  /** One look at the task (the client's `tasks.getTask`). */
  getTask: (uid: number) => Promise<Task>;
  /** How long the task may take, from the first look, before waiting is given up. */
  timeoutMs: number;
  /** The longest pause between looks. */
  intervalMs: number;
  /** The first pause, doubled after each look up to `intervalMs`; `intervalMs` unless given. */
  firstIntervalMs?: number;
  /** How each look is tried again when Meilisearch does not answer. */
  retry: RetryOptions;
  /** For tests: how to pause, and the clock. */
  wait?: (ms: number) => Promise<unknown>;
  now?: () => number;
}

/**
 * Waits until Meilisearch has finished a task, and checks that it succeeded. Each look is
 * retried like any request, so a connection dropped while waiting does not fail a change
 * that Meilisearch goes on to apply. This replaces the client's `waitForTask`, which retries
 * nothing and, when a look fails, leaves its timeout armed, holding a finished command-line
 * process open for up to the whole timeout; here the only timer is the pause between looks.
 */
export async function waitForTask(uid: number, options: TaskWaitOptions): Promise<Task> {
  const { getTask, timeoutMs, intervalMs, firstIntervalMs = intervalMs, retry, wait = sleep, now = Date.now } = options;
  const deadline = now() + timeoutMs;
  for (let pause = firstIntervalMs; ; pause = Math.min(pause * 2, intervalMs)) {
    const task = await withRetry(() => getTask(uid), retry);
    if (task.status !== "enqueued" && task.status !== "processing") return succeeded(task);
    if (now() >= deadline) throw new MeilisearchTaskTimeOutError(uid, timeoutMs);
    await wait(pause);
  }
}
