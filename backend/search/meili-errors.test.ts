import { afterEach, describe, expect, it } from "vitest";
import { Meilisearch } from "meilisearch";
import { startFailingGateway, type FailingGateway } from "../../tests/support/failing-gateway";
import { withRetry } from "../retry";
import { isMeiliTransient } from "./meili-errors";

const waits: number[] = [];
const options = {
  attempts: 4,
  baseDelayMs: 100,
  isRetryable: isMeiliTransient,
  wait: async (ms: number) => waits.push(ms),
  random: () => 0.5,
};

describe("isMeiliTransient", () => {
  it("takes every failure the generic check does", () => {
    const connectionRefused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:7700"), { code: "ECONNREFUSED" });
    expect(isMeiliTransient(connectionRefused)).toBe(true);
    expect(isMeiliTransient(Object.assign(new Error("busy"), { response: { status: 503 } }))).toBe(true);
    expect(isMeiliTransient(Object.assign(new Error("bad"), { response: { status: 400 } }))).toBe(false);
  });

  it("takes the client's own timeout, alone or as a cause", () => {
    const timedOut = Object.assign(new Error("request timed out after 30000ms"), { name: "MeilisearchRequestTimeOutError" });
    expect(isMeiliTransient(timedOut)).toBe(true);
    expect(isMeiliTransient(new Error("request failed", { cause: timedOut }))).toBe(true);
  });
});

describe("a proxy's HTML error page in front of Meilisearch", () => {
  let gateway: FailingGateway;
  afterEach(async () => {
    await gateway.close();
  });

  it("is transient, like the 502 it is, and is tried again", async () => {
    gateway = await startFailingGateway({ failures: Infinity });
    const client = new Meilisearch({ host: gateway.url, apiKey: "key" });
    const failure = await client.health().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SyntaxError);
    expect(isMeiliTransient(failure)).toBe(true);

    await expect(withRetry(() => client.health(), { ...options, attempts: 3 })).rejects.toBeInstanceOf(SyntaxError);
    expect(gateway.requests()).toBe(1 + 3);
  });

  it("is not confused with a JSON error that Meilisearch itself sent", async () => {
    const invalid = Object.assign(new Error("Invalid syntax for the filter parameter"), { response: { status: 400 } });
    expect(isMeiliTransient(invalid)).toBe(false);
    expect(isMeiliTransient(new SyntaxError("Invalid regular expression: /(/"))).toBe(false);
  });
});
