import { describe, expect, it } from "vitest";
import { MongoServerError } from "mongodb";
import { isTransientFailure, withRetry } from "./retry";

const waits: number[] = [];
const options = {
  attempts: 4,
  baseDelayMs: 100,
  isRetryable: isTransientFailure,
  wait: async (ms: number) => waits.push(ms),
  random: () => 0.5,
};

function failing(times: number, error: Error) {
  let calls = 0;
  const work = async () => {
    calls++;
    if (calls <= times) throw error;
    return "done";
  };
  return { work, calls: () => calls };
}

const connectionRefused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:7700"), { code: "ECONNREFUSED" });

describe("withRetry", () => {
  it("tries again after transient failures, waiting longer each time", async () => {
    waits.length = 0;
    const { work, calls } = failing(2, connectionRefused);
    await expect(withRetry(work, options)).resolves.toBe("done");
    expect(calls()).toBe(3);
    expect(waits).toEqual([75, 150]);
  });

  it("gives up after the last attempt with the last failure", async () => {
    const { work, calls } = failing(10, connectionRefused);
    await expect(withRetry(work, options)).rejects.toBe(connectionRefused);
    expect(calls()).toBe(4);
  });

  it("does not retry a refused request", async () => {
    const refused = Object.assign(new Error("invalid filter"), { response: { status: 400 } });
    const { work, calls } = failing(1, refused);
    await expect(withRetry(work, options)).rejects.toBe(refused);
    expect(calls()).toBe(1);
  });

  it("caps the wait", async () => {
    waits.length = 0;
    const { work } = failing(3, connectionRefused);
    await withRetry(work, { ...options, maxDelayMs: 120 });
    expect(Math.max(...waits)).toBeLessThanOrEqual(120);
  });
});

describe("isTransientFailure", () => {
  it.each([
    ["a refused connection", connectionRefused, true],
    ["an overloaded server", Object.assign(new Error("busy"), { response: { status: 503 } }), true],
    ["too many requests", Object.assign(new Error("slow down"), { response: { status: 429 } }), true],
    ["a MongoDB network error", Object.assign(new Error("socket closed"), { name: "MongoNetworkError" }), true],
    ["a retryable MongoDB write", new MongoServerError({ message: "primary stepped down", errorLabels: ["RetryableWriteError"] }), true],
    [
      "a transient MongoDB transaction",
      new MongoServerError({ message: "write conflict", errorLabels: ["TransientTransactionError"] }),
      true,
    ],
    [
      "a MongoDB error with other labels",
      new MongoServerError({ message: "duplicate key", code: 11000, errorLabels: ["NoWritesPerformed"] }),
      false,
    ],
    ["a cause that is transient", new Error("fetch failed", { cause: connectionRefused }), true],
    ["a bad request", Object.assign(new Error("bad"), { response: { status: 400 } }), false],
    ["a plain error", new Error("bug"), false],
    ["not an error", "text", false],
  ])("%s: %s", (_label, error, expected) => {
    expect(isTransientFailure(error)).toBe(expected);
  });
});
