import { describe, expect, it } from "vitest";
import type { Task } from "meilisearch";
import { SearchTaskFailedError, succeeded } from "./meili-tasks";

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
