import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltSite, type BuiltSite } from "../support/built-site";
import { freePort } from "../support/free-port";
import { parseMetrics, valueOf, type Sample } from "../support/prometheus-text";
import { addStaffAccounts, staffEmail } from "../support/staff-accounts";
import { signInThroughForm } from "../support/staff-sign-in";
import { startTestSite } from "../support/start-test-site";

/**
 * The metrics of the built site after a short mixed load (pages twice over, searches, leads,
 * a rate-limited client, a guessed staff password), scraped from their own port and, with the
 * token, from the site's: each series is there with a value that fits what was done.
 */
const TOKEN = "metrics-token-for-the-test";
let site: BuiltSite;
let metricsPort: number;

beforeAll(async () => {
  metricsPort = await freePort();
  const refusingWebhook = await freePort();
  const tokenFile = path.join(await import("node:os").then(({ tmpdir }) => tmpdir()), `metrics-token-${process.pid}`);
  await writeFile(tokenFile, `${TOKEN}\n`);
  site = await startBuiltSite({
    METRICS_PORT: String(metricsPort),
    METRICS_TOKEN_FILE: tokenFile,
    RENDER_THREADS: "1",
    TRUST_PROXY: "1",
    POST_RATE_LIMIT: "10",
    // Nothing listens there: every lead waits in the outbox.
    LEAD_WEBHOOK_URL: `http://127.0.0.1:${refusingWebhook}/leads`,
  });
  await addStaffAccounts(site.dataDir, ["sales"]);
}, 60_000);
afterAll(() => site?.stop());

const json = (client: string, body: unknown) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", "X-Forwarded-For": client },
  body: JSON.stringify(body),
});

async function guessStaffPassword(client: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    await signInThroughForm(`http://127.0.0.1:${site.port}`, staffEmail("sales"), `not the password ${i}`, { "X-Forwarded-For": client });
  }
}

async function mixedLoad(): Promise<void> {
  for (const address of ["/", "/car-search", "/car-search?sort=price_asc", "/vehicles"]) {
    for (let visit = 0; visit < 2; visit++) expect((await site.get(address)).status).toBe(200);
  }
  for (const type of ["car", "van"]) expect((await site.get(`/api/vehicles/search/${type}?pageSize=5`)).status).toBe(200);
  expect((await site.get("/api/search/car?make=Ford")).status).toBe(200);
  const [vehicle] = JSON.parse((await site.get("/api/vehicles?pageSize=1")).body) as { _id: string }[];
  const enquiry = { name: "Ada Metric", email: "ada@example.com", phone: "", contactMethod: "email", message: "Still for sale?" };
  expect((await site.send("/api/enquiry", json("10.9.0.1", { ...enquiry, vehicleId: vehicle!._id }))).status).toBe(201);
  const signUps = [];
  for (let i = 0; i < 12; i++)
    signUps.push(await site.send("/api/newsletter", json("10.9.0.2", { email: `reader${i}@example.com`, consent: true })));
  expect(signUps.map((answer) => answer.status)).toEqual([...Array<number>(10).fill(201), 429, 429]);
  await guessStaffPassword("10.9.0.3", 7);
  expect((await site.get("/no-such-page")).status).toBe(404);
}

const scrape = async (url: string, headers: Record<string, string> = {}) => {
  const answer = await fetch(url, { headers });
  return { status: answer.status, type: answer.headers.get("content-type"), text: await answer.text() };
};

describe("metrics", () => {
  let samples: Sample[];
  beforeAll(async () => {
    await mixedLoad();
    const scraped = await scrape(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scraped.status).toBe(200);
    expect(scraped.type).toMatch(/^text\/plain; version=0\.0\.4/);
    samples = parseMetrics(scraped.text);
  }, 60_000);

  it("count requests and time them per kind of route, never per address", () => {
    expect(valueOf(samples, "dealer_http_requests_total", { route: "page-search", method: "GET", status: "200" })).toBe(4);
    expect(valueOf(samples, "dealer_http_requests_total", { route: "page-home", status: "200" })).toBe(2);
    expect(valueOf(samples, "dealer_http_requests_total", { route: "api-lead", status: "201" })).toBe(11);
    expect(valueOf(samples, "dealer_http_requests_total", { route: "api-lead", status: "429" })).toBe(2);
    // The load's own, and the one startBuiltSite asks to start the render threads with.
    expect(valueOf(samples, "dealer_http_requests_total", { route: "page-other", status: "404" })).toBe(2);
    expect(valueOf(samples, "dealer_http_request_duration_seconds_count", { route: "api-search" })).toBe(3);
    const searchSeconds = valueOf(samples, "dealer_http_request_duration_seconds_sum", { route: "api-search" })!;
    expect(searchSeconds).toBeGreaterThan(0);
    expect(searchSeconds).toBeLessThan(30);
    const routes = new Set(samples.filter((sample) => sample.name === "dealer_http_requests_total").map((sample) => sample.labels.route));
    for (const route of routes) expect(route).toMatch(/^[a-z-]+$/);
    expect([...routes].some((route) => route!.includes("/"))).toBe(false);
  });

  it("count the page cache's hits and misses, and the render threads' pages", () => {
    expect(valueOf(samples, "dealer_page_cache_requests_total", { result: "hit" })).toBeGreaterThanOrEqual(4);
    expect(valueOf(samples, "dealer_page_cache_requests_total", { result: "miss" })).toBeGreaterThanOrEqual(4);
    expect(valueOf(samples, "dealer_render_duration_seconds_count")).toBeGreaterThanOrEqual(4);
    expect(valueOf(samples, "dealer_render_threads")).toBe(1);
    expect(valueOf(samples, "dealer_render_queue_pages")).toBe(0);
  });

  it("time the engines' calls per engine, and say both answer", () => {
    expect(
      valueOf(samples, "dealer_engine_call_duration_seconds_count", { role: "search", engine: "embedded", outcome: "ok" }),
    ).toBeGreaterThan(3);
    expect(valueOf(samples, "dealer_engine_call_duration_seconds_count", { role: "store", engine: "file", outcome: "ok" })).toBeGreaterThan(
      0,
    );
    expect(valueOf(samples, "dealer_engine_call_duration_seconds_count", { role: "search", outcome: "unavailable" })).toBe(0);
    expect(valueOf(samples, "dealer_engine_up", { role: "search", engine: "embedded" })).toBe(1);
    expect(valueOf(samples, "dealer_engine_up", { role: "store", engine: "file" })).toBe(1);
    expect(valueOf(samples, "dealer_search_index_age_seconds")).toBeGreaterThan(0);
    expect(valueOf(samples, "dealer_search_index_rebuilding")).toBe(0);
  });

  it("show what waits in the outboxes and how long the oldest has", () => {
    expect(valueOf(samples, "dealer_outbox_waiting", { outbox: "leads" })).toBe(1);
    const oldest = valueOf(samples, "dealer_outbox_oldest_age_seconds", { outbox: "leads" })!;
    expect(oldest).toBeGreaterThan(0);
    expect(oldest).toBeLessThan(120);
    expect(valueOf(samples, "dealer_outbox_waiting", { outbox: "mail" })).toBeGreaterThanOrEqual(0);
  });

  it("show the stock console's jobs as idle", () => {
    expect(valueOf(samples, "dealer_stock_job_running", { job: "import" })).toBe(0);
    expect(valueOf(samples, "dealer_stock_job_running", { job: "rebuild" })).toBe(0);
  });

  it("count refused sign-ins by reason and rate-limited posts", () => {
    expect(valueOf(samples, "dealer_staff_sign_in_refusals_total", { reason: "wrong-password" })).toBe(5);
    expect(valueOf(samples, "dealer_staff_sign_in_refusals_total", { reason: "throttled" })).toBe(2);
    expect(valueOf(samples, "dealer_rate_limit_refusals_total")).toBe(2);
  });

  it("give the process's event-loop lag, heap and resident memory", () => {
    const lag = valueOf(samples, "nodejs_eventloop_lag_p99_seconds")!;
    expect(lag).toBeGreaterThan(0);
    expect(lag).toBeLessThan(10);
    expect(valueOf(samples, "process_resident_memory_bytes")).toBeGreaterThan(30 * 2 ** 20);
    expect(valueOf(samples, "nodejs_heap_size_used_bytes")).toBeGreaterThan(10 * 2 ** 20);
  });

  it("are on the site's own port only to the token's holder", async () => {
    const origin = `http://127.0.0.1:${site.port}`;
    expect((await scrape(`${origin}/metrics`)).status).toBe(401);
    expect((await scrape(`${origin}/metrics`, { Authorization: "Bearer not-the-token" })).status).toBe(401);
    const withToken = await scrape(`${origin}/metrics`, { Authorization: `Bearer ${TOKEN}` });
    expect(withToken.status).toBe(200);
    expect(valueOf(parseMetrics(withToken.text), "dealer_http_requests_total", { route: "page-home" })).toBe(2);
  });
});

describe("a site given no metrics settings", () => {
  it("answers /metrics on its public port as any unknown address", async () => {
    const bare = await startTestSite([]);
    try {
      const answer = await fetch(`${bare.url}/metrics`);
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain("dealer_http_requests_total");
      expect(bare.metricsUrl).toBeUndefined();
    } finally {
      await bare.close();
    }
  });
});
