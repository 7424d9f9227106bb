import { describe, expect, it } from "vitest";
import { MeilisearchTaskTimeOutError, type Task } from "meilisearch";
import { isMeiliTransient } from "./meili-errors";
import { SearchTaskFailedError, succeeded, waitForTask } from "./meili-tasks";

/** A task as Meilisearch reports it when polled to its end. */
function finished(status: Task["status"], error: Task["error"] = null): Task {
  return { uid: 42, indexUid: "vehicles_build", type: "documentAdditionOrUpdate", status, error } as Task;
}

describe("succeeded", () => {
  it("passes a task that succeeded", () => {
    expect(succeeded(finished("succeeded"))).toMatchObject({ uid: 42, status: "succeeded" });
  });

  it("reports a failed task with Meilisearch's reason", () => {
    const error = { message: "Document identifier `a b` is invalid.", code: "invalid_document_id", type: "invalid_request", link: "" };
    expect(() => succeeded(finished("failed", error))).toThrow(SearchTaskFailedError);
    expect(() => succeeded(finished("failed", error))).toThrow(
      "Meilisearch task 42 (documentAdditionOrUpdate on vehicles_build) failed: Document identifier `a b` is invalid. [invalid_document_id]",
    );
  });

  it("treats a cancelled task as not applied", () => {
    expect(() => succeeded(finished("canceled"))).toThrow("Meilisearch task 42 (documentAdditionOrUpdate on vehicles_build) canceled");
  });

  it("keeps the task for the caller to inspect", () => {
    const error = { message: "Index `vehicles` already exists.", code: "index_already_exists", type: "invalid_request", link: "" };
    try {
      succeeded(finished("failed", error));
    } catch (failure) {
      expect((failure as SearchTaskFailedError).task.error?.code).toBe("index_already_exists");
    }
    expect.assertions(1);
  });
});

describe("waitForTask", () => {
  const connectionReset = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });

  /** A getTask that answers from a script, one entry per look; an Error entry is a failed look. */
  function scripted(answers: (Task["status"] | Error)[]) {
    const looks: number[] = [];
    const getTask = async (uid: number) => {
      looks.push(uid);
      const answer = answers[Math.min(looks.length, answers.length) - 1]!;
      if (answer instanceof Error) throw answer;
      return { ...finished(answer), uid };
    };
    return { getTask, looks };
  }

  /** A clock that moves only when the poller pauses. */
  function pausingClock() {
    let time = 0;
    const pauses: number[] = [];
    return {
      now: () => time,
      wait: async (ms: number) => {
        pauses.push(ms);
        time += ms;
      },
      pauses,
    };
  }

  const retry = { attempts: 3, baseDelayMs: 10, isRetryable: isMeiliTransient, wait: async () => {}, random: () => 0 };

  it("looks until the task has finished, pausing between looks", async () => {
    const { getTask, looks } = scripted(["enqueued", "processing", "processing", "succeeded"]);
    const clock = pausingClock();
    const task = await waitForTask(7, { getTask, timeoutMs: 10_000, intervalMs: 250, retry, ...clock });
    expect(task).toMatchObject({ uid: 7, status: "succeeded" });
    expect(looks).toEqual([7, 7, 7, 7]);
    expect(clock.pauses).toEqual([250, 250, 250]);
  });

  it("looks again soon at first, then less often, so a small change is seen done at once and a long one is not asked after too often", async () => {
    const { getTask } = scripted(["enqueued", "processing", "processing", "processing", "processing", "processing", "succeeded"]);
    const clock = pausingClock();
    await waitForTask(7, { getTask, timeoutMs: 10_000, intervalMs: 250, firstIntervalMs: 25, retry, ...clock });
    expect(clock.pauses).toEqual([25, 50, 100, 200, 250, 250]);
  });

  it("tries a look again when Meilisearch does not answer it", async () => {
    const { getTask, looks } = scripted(["processing", connectionReset, "succeeded"]);
    const clock = pausingClock();
    await expect(waitForTask(7, { getTask, timeoutMs: 10_000, intervalMs: 250, retry, ...clock })).resolves.toMatchObject({
      status: "succeeded",
    });
    expect(looks).toHaveLength(3);
  });

  it("gives up on a look that keeps failing, with its failure", async () => {
    const { getTask } = scripted([connectionReset]);
    const clock = pausingClock();
    await expect(waitForTask(7, { getTask, timeoutMs: 10_000, intervalMs: 250, retry, ...clock })).rejects.toBe(connectionReset);
  });

  it("reports a task that failed with Meilisearch's reason", async () => {
    const { getTask } = scripted(["processing", "failed"]);
    const clock = pausingClock();
    await expect(waitForTask(7, { getTask, timeoutMs: 10_000, intervalMs: 250, retry, ...clock })).rejects.toBeInstanceOf(
      SearchTaskFailedError,
    );
  });

  it("stops waiting at the deadline", async () => {
    const { getTask, looks } = scripted(["processing"]);
    const clock = pausingClock();
    const waiting = waitForTask(7, { getTask, timeoutMs: 1000, intervalMs: 250, retry, ...clock });
    await expect(waiting).rejects.toBeInstanceOf(MeilisearchTaskTimeOutError);
    expect(looks).toHaveLength(5);
  });
});
