import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltSite, type BuiltSite } from "../support/built-site";

/**
 * Requests no browser sends, made to the built site (pages included) as an attacker or a
 * broken client would: each gets a plain 4xx at once, and the log stays free of stack traces.
 */
let site: BuiltSite;
beforeAll(async () => {
  site = await startBuiltSite({ LOG_LEVEL: "info" });
});
afterAll(async () => {
  await site.stop();
});

const stackTraces = () =>
  site
    .log()
    .split("\n")
    .filter((line) => line.includes('"stack"'));

describe("a Host header that is not a host name", () => {
  const MALFORMED = ["a b", "x:99999", "%", "[::1", 'evil"><x', "user@example.com", "example.com/path"];

  it.each(MALFORMED)("%j is a 400, not a 500, on pages and the API alike", async (host) => {
    for (const address of ["/", "/car-search?make=Ford", "/api/vehicles/search/car"]) {
      const answer = await site.get(address, { Host: host, Accept: "text/html" });
      expect(answer.status, `${address} with Host ${host}`).toBe(400);
      expect(answer.body).toContain("Host header is not a valid host name");
    }
    expect(stackTraces()).toEqual([]);
  });

  it("leaves real host names alone, with or without a port", async () => {
    for (const host of ["www.example.co.uk", "127.0.0.1:8080", "[::1]:3000", "EXAMPLE.com"]) {
      expect((await site.get("/", { Host: host })).status, host).toBe(200);
    }
  });
});

describe("absurd paths", () => {
  const manySegments = (count: number) => `/${"x/".repeat(count)}`;

  it("answers a path of thousands of segments at once, without holding up other visitors", async () => {
    const started = performance.now();
    const absurd = Array.from({ length: 4 }, () => site.get(manySegments(8000)));
    const health = site.get("/healthz").then((answer) => ({ ...answer, ms: performance.now() - started }));
    const [healthAnswer, ...answers] = await Promise.all([health, ...absurd]);
    for (const answer of answers) expect(answer.status).toBe(414);
    expect(healthAnswer.status).toBe(200);
    // Before paths were capped, four of these held /healthz for 15 s.
    expect(healthAnswer.ms).toBeLessThan(2000);
  });

  it("answers 404 to a short path with more segments than any page has, and 414 to an overlong one", async () => {
    expect((await site.get(manySegments(40))).status).toBe(404);
    const tooLong = await site.get(`/vehicles/${"a".repeat(3000)}`, { Accept: "application/json" });
    expect(tooLong.status).toBe(414);
    expect(JSON.parse(tooLong.body)).toEqual({ error: { code: "uri_too_long", message: expect.stringContaining("2048 characters") } });
  });
});

describe("methods a page does not take", () => {
  it("answers a POST to robots.txt or a sitemap with the API's error shape", async () => {
    for (const address of ["/robots.txt", "/sitemap.xml", "/sitemaps/pages.xml"]) {
      const answer = await site.get(address, { "Content-Length": "0" }, "POST");
      expect(answer.status, address).toBe(405);
      expect(answer.headers.allow).toBe("GET, HEAD");
      expect(JSON.parse(answer.body)).toEqual({ error: { code: "method_not_allowed", message: expect.any(String) } });
    }
  });

  it("answers other methods with 405 and the methods it takes, and a POST to a page without a form in words", async () => {
    const put = await site.get("/about", { Accept: "application/json" }, "PUT");
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe("GET, HEAD, POST");
    expect(JSON.parse(put.body)).toEqual({ error: { code: "method_not_allowed", message: expect.stringContaining("PUT") } });

    const post = await site.get("/about", { "Content-Length": "0", Accept: "text/html" }, "POST");
    expect(post.status).toBe(405);
    expect(post.body).toContain("Nothing can be sent here");
    expect(stackTraces()).toEqual([]);
  });
});

describe("a test drive's day that is not a date", () => {
  const BAD_DAYS = ["x", "", "2026-11"];
  const vehicleId = async () => (JSON.parse((await site.get("/api/vehicles?pageSize=1")).body) as { _id: string }[])[0]!._id;
  const booking = { name: "Siobhán O'Neill", phone: "07700 900123", email: "siobhan@example.com", time: "10:00", licence: "yes" };

  it.each(BAD_DAYS)("%j is a 400 naming the day from the API", async (day) => {
    const answer = await site.send("/api/test-drive", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ ...booking, day, vehicleId: await vehicleId() }),
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({
      error: { code: "invalid_test_drive", field: "day", message: "Choose a day for your test drive" },
    });
    expect(stackTraces()).toEqual([]);
  });

  it.each(BAD_DAYS)("%j gives the form without JavaScript back with the problem beside the day and everything typed", async (day) => {
    const answer = await site.send(`/vehicles/${await vehicleId()}/test-drive`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://127.0.0.1:${site.port}`, Accept: "text/html" },
      body: new URLSearchParams({ ...booking, day }).toString(),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatch(/<p id="test-drive-day-error"[^>]*>.*Choose a day for your test drive<\/p>/);
    for (const typed of ['value="Siobhán O&#x27;Neill"', 'value="07700 900123"', 'value="siobhan@example.com"'])
      expect(answer.body).toContain(typed);
    expect(stackTraces()).toEqual([]);
  });
});
