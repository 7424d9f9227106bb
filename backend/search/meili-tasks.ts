import type { Task } from "meilisearch";

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
