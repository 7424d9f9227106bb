import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { NEWSLETTER_CONSENT } from "../../domain/enquiry-wording";
import { FileLeadStore } from "../../backend/leads/file-lead-store";
import type { LeadKindName } from "../../domain/lead-kinds";
import type { ForwardingTiming } from "../../backend/leads/lead-forwarder";
import { capturedLogger } from "../support/captured-logger";
import { startLeadService, type LeadService } from "../support/lead-service";
import { startTestSite, type TestSite } from "../support/start-test-site";
import { storedLead, storedLeadIds } from "../support/stored-leads";

const FAST_FORWARDING: ForwardingTiming = { pollIntervalMs: 20, retryBaseMs: 20, retryMaxMs: 200, requestTimeoutMs: 2000 };
const DAY = 24 * 60 * 60_000;

type Kind = "newsletter" | "feedback" | "partExchange";
const ENDPOINTS: Record<Kind, string> = { newsletter: "/api/newsletter", feedback: "/api/feedback", partExchange: "/api/part-exchange" };
const KINDS: Record<Kind, LeadKindName> = { newsletter: "newsletter", feedback: "feedback", partExchange: "part-exchange" };

const validPartExchange = () => ({
  registration: "ma19 abc",
  mileage: "42,000",
  make: "Ford",
  model: "Fiesta",
  condition: "A scuff on the rear bumper",
  name: "Siobhán O'Neill",
  email: "siobhan@example.com",
  phone: "0151 496 0123",
  postcode: "l34bp",
  interestedIn: "focus-2021",
});

function postTo(site: TestSite, kind: Kind, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${site.url}${ENDPOINTS[kind]}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const storedFiles = (site: TestSite, kind: Kind) => storedLeadIds(site.dataDir, KINDS[kind]);
const storedFile = (site: TestSite, _kind: Kind, id: string) => storedLead(site.dataDir, id);

async function created(response: Response): Promise<string> {
  expect(response.status).toBe(201);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const body = (await response.json()) as { id: string };
  expect(Object.keys(body)).toEqual(["id", "reference"]);
  return body.id;
}

async function expectError(response: Response, status: number, code: string, field?: string) {
  const body = (await response.json()) as { error: { field?: string; fields?: Record<string, string>; message: string } };
  expect(response.status).toBe(status);
  expect(body).toMatchObject({ error: { code, message: expect.any(String), ...(field ? { field } : {}) } });
  if (field) expect(body.error.message).toBe(body.error.fields?.[field]);
  else expect(body).not.toHaveProperty("error.field");
  return body.error;
}

describe("the small forms' API", () => {
  let site: TestSite;
  const logs = capturedLogger();
  beforeAll(async () => {
    site = await startTestSite([], { logger: logs.logger });
  });
  afterAll(async () => {
    await site.close();
  });

  describe("POST /api/newsletter", () => {
    it("answers 201 once the sign-up and its consent record are on disk", async () => {
      const before = Date.now();
      const id = await created(await postTo(site, "newsletter", { email: "Jo.Bloggs@Example.com", consent: true, source: "/vans" }));
      // Read at once, from disk: the 201 came after the write, not before it.
      const stored = await storedFile(site, "newsletter", id);
      expect(stored).toMatchObject({
        id,
        data: { email: "jo.bloggs@example.com", source: "/vans", consent: { wording: NEWSLETTER_CONSENT, givenAt: stored.receivedAt } },
      });
      expect(Date.parse(stored.receivedAt as string)).toBeGreaterThanOrEqual(before);
      expect(stored).not.toHaveProperty("nextAttemptAt");
    });

    it("answers a repeated sign-up exactly as the first, and stores it once", async () => {
      const first = await postTo(site, "newsletter", { email: "sam@example.com", consent: true });
      const id = await created(first);
      const filesBefore = await storedFiles(site, "newsletter");
      const again = await Promise.all([
        postTo(site, "newsletter", { email: "SAM@example.com", consent: true, source: "/cars" }),
        postTo(site, "newsletter", { email: "sam@example.com", consent: true }),
      ]);
      for (const response of again) {
        expect(await created(response)).toBe(id);
        // Nothing tells a caller that the address was already on the list.
        expect([...response.headers.keys()].sort()).toEqual([...first.headers.keys()].sort());
      }
      expect(await storedFiles(site, "newsletter")).toEqual(filesBefore);
      expect(await storedFile(site, "newsletter", id)).not.toHaveProperty("data.source");
    });

    it.each([
      ["a bad e-mail address", { email: "jo@", consent: true }, "email", "Enter an email address like name@example.com"],
      ["no e-mail address", { consent: true }, "email", "Enter your email address"],
      ["the box not ticked", { email: "jo@example.com", consent: false }, "consent", "Tick the box to agree to receive our newsletter"],
      ["no consent at all", { email: "jo@example.com" }, "consent", "Tick the box to agree to receive our newsletter"],
      [
        "a source that is not a page of this site",
        { email: "jo@example.com", consent: true, source: "https://elsewhere.example/" },
        "source",
        undefined,
      ],
    ])("answers 400 naming the field for %s, and stores nothing", async (_case, body, field, message) => {
      const before = await storedFiles(site, "newsletter");
      const error = await expectError(await postTo(site, "newsletter", body), 400, "invalid_sign_up", field);
      if (message) expect(error.message).toBe(message);
      expect(await storedFiles(site, "newsletter")).toEqual(before);
    });
  });

  describe("POST /api/feedback", () => {
    it("answers 201 once the feedback is on disk, every time it is sent", async () => {
      const body = { message: "The search is quick on my phone", email: "", page: "/car-search" };
      const first = await created(await postTo(site, "feedback", body));
      const second = await created(await postTo(site, "feedback", body));
      expect(second).not.toBe(first);
      expect(await storedFile(site, "feedback", first)).toMatchObject({
        data: { message: "The search is quick on my phone", page: "/car-search" },
      });
      expect(await storedFile(site, "feedback", first)).not.toHaveProperty("data.email");
    });

    it.each([
      ["no message", { message: "  " }, "message"],
      ["a message over 2,000 characters", { message: "x".repeat(2001) }, "message"],
      ["a reply address that is not one", { message: "Hello", email: "jo(at)example.com" }, "email"],
    ])("answers 400 naming the field for %s, and stores nothing", async (_case, body, field) => {
      const before = await storedFiles(site, "feedback");
      await expectError(await postTo(site, "feedback", body), 400, "invalid_feedback", field);
      expect(await storedFiles(site, "feedback")).toEqual(before);
    });
  });

  describe("POST /api/part-exchange", () => {
    it("answers 201 once the request is on disk, as the schema reads it, waiting to be forwarded", async () => {
      const id = await created(await postTo(site, "partExchange", validPartExchange()));
      expect(await storedFile(site, "partExchange", id)).toMatchObject({
        id,
        forwardAttempts: 0,
        nextAttemptAt: expect.any(String),
        data: { registration: "MA19 ABC", mileage: 42000, phone: "01514960123", postcode: "L3 4BP", interestedIn: "focus-2021" },
      });
    });

    it("takes a phone number without an e-mail address", async () => {
      const { email: _email, ...phoneOnly } = validPartExchange();
      const id = await created(await postTo(site, "partExchange", phoneOnly));
      const { data } = await storedFile(site, "partExchange", id);
      expect(data).toMatchObject({ name: "Siobhán O'Neill", phone: "01514960123" });
      expect(data).not.toHaveProperty("email");
    });

    it.each([
      ["a plate that is not British", { registration: "TOO-LONG-PLATE" }, "registration"],
      ["a mileage in words", { mileage: "about forty thousand" }, "mileage"],
      ["a phone number that is not British", { phone: "+1 202 555 0100" }, "phone"],
      ["several problems: the first in the form's order", { postcode: "90210", email: "nope", mileage: -1 }, "mileage"],
    ])("answers 400 naming the field for %s, and stores nothing", async (_case, change, field) => {
      const before = await storedFiles(site, "partExchange");
      await expectError(await postTo(site, "partExchange", { ...validPartExchange(), ...change }), 400, "invalid_part_exchange", field);
      expect(await storedFiles(site, "partExchange")).toEqual(before);
    });
  });

  describe.each(Object.keys(ENDPOINTS) as Kind[])("%s: bodies that are not a form", (kind) => {
    it("answers 400 for JSON that is not an object, and for malformed JSON without quoting it", async () => {
      await expectError(await postTo(site, kind, ["siobhan@example.com"]), 400, "invalid_body");
      const response = await postTo(site, kind, '{"email": "siobhan@example.com", ');
      const text = await response.clone().text();
      await expectError(response, 400, "invalid_json");
      expect(text).not.toContain("siobhan");
    });

    it("answers 415 for a body that is not JSON, and 413 for one over 64 KiB", async () => {
      await expectError(
        await postTo(site, kind, "email=jo%40example.com", { "Content-Type": "application/x-www-form-urlencoded" }),
        415,
        "unsupported_media_type",
      );
      const empty = await fetch(`${site.url}${ENDPOINTS[kind]}`, { method: "POST" });
      await expectError(empty, 415, "unsupported_media_type");
      const before = await storedFiles(site, kind);
      const huge = await postTo(site, kind, { message: "x".repeat(65 * 1024), email: "jo@example.com" });
      expect((await expectError(huge, 413, "payload_too_large")).message).toContain("64 KB");
      expect(await storedFiles(site, kind)).toEqual(before);
    });

    it("answers 404 to anything but a POST", async () => {
      const response = await fetch(`${site.url}${ENDPOINTS[kind]}`);
      await expectError(response, 404, "not_found");
    });
  });

  it("never writes what a visitor typed to the log", async () => {
    await postTo(site, "newsletter", { email: "siobhan@example.com", consent: true });
    await postTo(site, "newsletter", { email: "siobhan@example.com", consent: true });
    await postTo(site, "newsletter", { email: "siobhan(at)example.com", consent: true });
    await postTo(site, "feedback", { message: "Wapping Quay showroom was spotless", email: "siobhan@example.com" });
    await postTo(site, "partExchange", validPartExchange());
    await postTo(site, "partExchange", { ...validPartExchange(), postcode: "90210" });
    const logged = logs.text();
    expect(logged).toContain("Newsletter sign-up stored");
    expect(logged).toContain("Part-exchange request stored");
    expect(logged).toContain('"invalidFields":["postcode"]');
    expect(logged).toContain('"url":"/api/part-exchange"');
    for (const typed of [
      "siobhan",
      "Siobhán",
      "O'Neill",
      "Wapping",
      "0151 496 0123",
      "01514960123",
      "L3 4BP",
      "l34bp",
      "MA19",
      "ma19",
      "42,000",
      "scuff",
    ]) {
      expect(logged).not.toContain(typed);
    }
  });
});

describe("the small forms' API: too many from one client", () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite([], { env: { POST_RATE_LIMIT: "3", POST_RATE_WINDOW_SECONDS: "600" } });
  });
  afterAll(async () => {
    await site.close();
  });

  it("answers 429 with Retry-After once the client has spent its POSTs on any of the forms", async () => {
    await created(await postTo(site, "newsletter", { email: "jo@example.com", consent: true }));
    await created(await postTo(site, "feedback", { message: "Hello" }));
    await created(await postTo(site, "partExchange", validPartExchange()));
    const limited = await postTo(site, "feedback", { message: "Hello again" });
    await expectError(limited, 429, "too_many_requests");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(590);
    expect(await storedFiles(site, "feedback")).toHaveLength(1);
  });
});

describe("part-exchange requests and the lead-tracking service", () => {
  let site: TestSite;
  let lead: LeadService;
  beforeAll(async () => {
    lead = await startLeadService({ answers: [503] });
    site = await startTestSite([], { env: { LEAD_WEBHOOK_URL: lead.url }, leadForwarding: FAST_FORWARDING });
  });
  afterAll(async () => {
    await site.close();
    await lead.close();
  });

  it("forwards each request once, with its id as the Idempotency-Key, retrying a service that fails", async () => {
    const id = await created(await postTo(site, "partExchange", validPartExchange()));
    await created(await postTo(site, "newsletter", { email: "jo@example.com", consent: true }));
    await created(await postTo(site, "feedback", { message: "Hello" }));
    await vi.waitFor(() => expect(lead.accepted()).toEqual([id]), { timeout: 10_000 });
    await sleep(FAST_FORWARDING.pollIntervalMs * 15);
    expect(lead.deliveries.map(({ status }) => status)).toEqual([503, 200]);
    expect(lead.deliveries[1]).toMatchObject({
      idempotencyKey: id,
      contentType: "application/json",
      body: {
        leadType: "part-exchange",
        registration: "MA19 ABC",
        mileage: 42000,
        name: "Siobhán O'Neill",
        postcode: "L3 4BP",
        interestedIn: "focus-2021",
      },
    });
    await vi.waitFor(async () =>
      expect(await storedFile(site, "partExchange", id)).toMatchObject({ forwardedAt: expect.any(String), forwardAttempts: 2 }),
    );
  });
});

describe("retention of the small forms' records", () => {
  let site: TestSite;
  const ids = { oldSignUp: "", keptSignUp: "", oldFeedback: "", oldRequest: "", keptRequest: "" };
  beforeAll(async () => {
    site = await startTestSite([], {
      env: { NEWSLETTER_RETENTION_DAYS: "730", FEEDBACK_RETENTION_DAYS: "365", PART_EXCHANGE_RETENTION_DAYS: "30" },
      async prepare(dataDir) {
        const store = await FileLeadStore.open(dataDir, capturedLogger().logger);
        const ago = (days: number) => new Date(Date.now() - days * DAY);
        const consent = { wording: NEWSLETTER_CONSENT, givenAt: ago(731).toISOString() };
        const add = async (kind: LeadKindName, data: unknown, days: number, key?: string) =>
          (await store.add({ kind, data, receivedAt: ago(days), key, forwarded: kind === "part-exchange" })).id;
        ids.oldSignUp = await add("newsletter", { email: "old@example.com", consent }, 731, "old");
        ids.keptSignUp = await add("newsletter", { email: "kept@example.com", consent }, 700, "kept");
        ids.oldFeedback = await add("feedback", { message: "Old" }, 366);
        const request = { ...validPartExchange(), registration: "MA19 ABC", mileage: 42000, phone: "01514960123", postcode: "L3 4BP" };
        ids.oldRequest = await add("part-exchange", request, 31);
        ids.keptRequest = await add("part-exchange", request, 29);
        await store.close();
      },
    });
  });
  afterAll(async () => {
    await site.close();
  });

  it("deletes each kind's records once older than its retention period, and keeps the rest", async () => {
    await vi.waitFor(async () => {
      expect(await storedFiles(site, "newsletter")).toEqual([ids.keptSignUp]);
      expect(await storedFiles(site, "feedback")).toEqual([]);
      expect(await storedFiles(site, "partExchange")).toEqual([ids.keptRequest]);
    });
  });
});
