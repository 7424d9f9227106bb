import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capturedLogger } from "../support/captured-logger";
import { knownStockChange } from "../support/known-vehicles";
import { startTestSite, type TestSite } from "../support/start-test-site";

/**
 * Every request has an id: the balancer's X-Request-Id when it is sane, else one made here.
 * It is in the answer's headers and in every line logged while the request is answered,
 * whichever module logs it.
 */

const log = capturedLogger();
let site: TestSite;

beforeAll(async () => {
  site = await startTestSite(knownStockChange(), { logger: log.logger });
});
afterAll(() => site?.close());

const linesOf = (fragment: string) =>
  log
    .text()
    .split("\n")
    .filter((line) => line.includes(fragment))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

function postNewsletter(headers: Record<string, string>, email: string) {
  return fetch(`${site.url}/api/newsletter`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ email, consent: true }),
  });
}

describe("request ids", () => {
  it("takes the balancer's id, answers with it, and puts it on every line the request logs", async () => {
    const id = "haproxy-7f3a:0001_ab.c";
    const response = await postNewsletter({ "X-Request-Id": id }, "ids-one@example.com");
    expect(response.status).toBe(201);
    expect(response.headers.get("x-request-id")).toBe(id);
    await log.lineContaining(`"id":"${id}"`);
    const lines = linesOf(id);
    // The lead intake's own line, logged through the site's logger and not the request's, and the request's line.
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(["Newsletter sign-up stored", "request completed"]));
    for (const line of lines.filter((entry) => entry.msg !== "request completed")) expect(line.requestId).toBe(id);
  });

  it("makes an id when the balancer sends none, too long a one or one with other characters", async () => {
    for (const incoming of [undefined, "", "x".repeat(129), "id with spaces", 'id"},{"forged":true', "../../etc"]) {
      const response = await fetch(`${site.url}/api/vehicles/fiesta-2019`, {
        headers: incoming === undefined ? {} : { "X-Request-Id": incoming },
      });
      expect(response.status).toBe(200);
      const id = response.headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(id).not.toBe(incoming);
    }
  });

  it("gives two requests at once each its own id in the lines they log", async () => {
    const [first, second] = await Promise.all([
      postNewsletter({ "X-Request-Id": "at-once-1" }, "ids-two@example.com"),
      postNewsletter({ "X-Request-Id": "at-once-2" }, "ids-three@example.com"),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    await log.lineContaining(`"id":"at-once-2"`);
    const stored = linesOf("Newsletter sign-up stored").filter((line) => String(line.requestId).startsWith("at-once-"));
    expect(stored.map((line) => line.requestId).sort()).toEqual(["at-once-1", "at-once-2"]);
  });

  it("puts no id on lines logged outside any request", () => {
    const listening = linesOf("Site is listening");
    expect(listening).toHaveLength(1);
    expect(listening[0]).not.toHaveProperty("requestId");
  });
});
