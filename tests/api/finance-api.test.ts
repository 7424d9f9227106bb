import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { financeApplicationSchema } from "../../domain/finance-application";
import { FileLeadStore } from "../../backend/leads/file-lead-store";
import type { ForwardingTiming } from "../../backend/leads/lead-forwarder";
import { capturedLogger } from "../support/captured-logger";
import { validApplication } from "../support/finance-applications";
import { knownStockChange } from "../support/known-vehicles";
import { freePort } from "../support/free-port";
import { startLeadService, type LeadService } from "../support/lead-service";
import { sellVehicle, startTestSite, type TestSite } from "../support/start-test-site";
import { storedLead, storedLeadIds } from "../support/stored-leads";

const FAST_FORWARDING: ForwardingTiming = { pollIntervalMs: 20, retryBaseMs: 20, retryMaxMs: 200, requestTimeoutMs: 2000 };
const DAY = 24 * 60 * 60_000;

/** What the test applicant typed, in every spelling the site might store or echo it. */
const PERSONAL_DATA = [
  "Siobhán",
  "O'Neill-Smith",
  "07700 900123",
  "07700900123",
  "siobhan@example.com",
  "1990-04-23",
  "14 Wapping Quay",
  "Liverpool",
  "L3 4BP",
  "l34bp",
  "Mersey Ferries",
];

function postTo(site: TestSite, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${site.url}/api/finance-application`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const storedFile = (site: TestSite, id: string) => storedLead(site.dataDir, id);
const storedIds = (site: TestSite) => storedLeadIds(site.dataDir, "finance-application");

function expectError(body: unknown, status: number, response: Response, code: string, field?: string) {
  expect(response.status).toBe(status);
  expect(body).toMatchObject({ error: { code, message: expect.any(String), ...(field ? { field } : {}) } });
  if (!field) expect(body).not.toHaveProperty("error.field");
}

describe("POST /api/finance-application", () => {
  let site: TestSite;
  const post = (body: unknown, headers?: Record<string, string>) => postTo(site, body, headers);
  beforeAll(async () => {
    site = await startTestSite(knownStockChange(), { prepare: sellVehicle("volvo-fh-2019") });
  });
  afterAll(async () => {
    await site.close();
  });

  it("answers 201 with the id and a reference to quote once the application is stored on disk", async () => {
    const response = await post(validApplication());
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; reference: string };
    expect(Object.keys(body)).toEqual(["id", "reference"]);
    expect(body.reference).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    // Read at once, from disk: the 201 came after the write, not before it.
    const stored = await storedFile(site, body.id);
    expect(stored).toMatchObject({ id: body.id, kind: "finance-application", reference: body.reference, forwardAttempts: 0 });
    expect(stored.data).toEqual(financeApplicationSchema.parse(validApplication()));
    expect(stored.data).toMatchObject({ vehicleDetails: { make: "Ford", model: "Fiesta", registration: "MA19 ABC", mileage: 32000 } });
    expect(stored.data).toMatchObject({ postcode: "L3 4BP", phone: "07700900123", workYears: 4, workMonths: 6, netIncome: 2450 });
    expect(stored.vehicle).toEqual({
      id: "fiesta-2019",
      inStock: true,
      make: "Ford",
      model: "Fiesta",
      derivative: "1.0 EcoBoost Titanium 5dr",
      registration: "MA19 ABC",
      mileage: 32000,
      priceGBP: 10000,
    });
  });

  it.each([
    ["a bad e-mail address", { email: "siobhan@" }, "email"],
    ["an applicant under 18", { dob: new Date(Date.now() - 17 * 365.25 * DAY).toISOString().slice(0, 10) }, "dob"],
    ["a postcode outside the UK format", { postcode: "90210" }, "postcode"],
    ["a phone number that is not British", { phone: "+1 202 555 0100" }, "phone"],
    ["income in words", { netIncome: "lots" }, "netIncome"],
    ["no vehicle make", { vehicleDetails: { model: "Fiesta" } }, "vehicleDetails.make"],
    ["several problems: the first in the form's order", { postcode: "90210", email: "nope", licenseType: "Jet" }, "licenseType"],
    ["a term the calculator does not offer", { deposit: "1,500", termMonths: 72 }, "termMonths"],
    ["a vehicle never listed", { vehicleId: "no-such-vehicle", vehicleDetails: { make: "Lamborghini", model: "Huracán" } }, "vehicleId"],
    [
      "a previous address with a postcode outside the UK format",
      { previousAddresses: [{ address1: "2 Dock Road", city: "Leeds", postcode: "90210" }] },
      "previousAddresses.0.postcode",
    ],
  ])("answers 400 naming the field for %s, and stores nothing", async (_case, change, field) => {
    const before = await storedIds(site);
    const response = await post({ ...validApplication(), ...change });
    const body = (await response.json()) as { error: { fields: Record<string, string>; message: string } };
    expectError(body, 400, response, "invalid_application", field);
    expect(Object.keys(body.error.fields)[0]).toBe(field);
    expect(body.error.message).toBe(body.error.fields[field]);
    expect(await storedIds(site)).toEqual(before);
  });

  it("keeps the previous addresses an applicant gave, beside the contract's fields", async () => {
    const previousAddresses = [
      { address1: "2 Dock Road", city: "Leeds", postcode: "ls1 1aa", residenceYears: "1", residenceMonths: 6 },
      { address1: "Flat 3", address2: "9 Mill Lane", city: "York", postcode: "YO1 7HH", residenceYears: 1 },
    ];
    const response = await post({ ...validApplication(), residenceYears: 0, residenceMonths: 8, previousAddresses });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect((await storedFile(site, id)).data).toMatchObject({
      residenceYears: 0,
      residenceMonths: 8,
      previousAddresses: [
        { address1: "2 Dock Road", city: "Leeds", postcode: "LS1 1AA", residenceYears: 1, residenceMonths: 6 },
        { address1: "Flat 3", address2: "9 Mill Lane", city: "York", postcode: "YO1 7HH", residenceYears: 1 },
      ],
    });
  });

  it("carries the deposit and term chosen in the calculator", async () => {
    const response = await post({ ...validApplication(), deposit: "£1,500", termMonths: "48" });
    const { id } = (await response.json()) as { id: string };
    expect((await storedFile(site, id)).data).toMatchObject({ deposit: 1500, termMonths: 48 });
  });

  it("keeps an application for a vehicle sold since its page was opened, saying so, with the details it was listed with", async () => {
    const response = await post({
      ...validApplication(),
      vehicleId: "volvo-fh-2019",
      vehicleDetails: { make: "Lamborghini", model: "Huracán" },
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string };
    expect(body).toMatchObject({ id: expect.any(String), reference: expect.any(String), vehicleInStock: false });
    const stored = await storedFile(site, body.id);
    expect(stored.vehicle).toMatchObject({
      id: "volvo-fh-2019",
      inStock: false,
      make: "Volvo",
      model: "FH",
      priceGBP: 55000,
      soldAt: expect.any(String),
    });
    expect(stored.data).toMatchObject({ vehicleDetails: { make: "Volvo", model: "FH", mileage: 380000 } });
  });

  it("answers 400 for a body that is JSON but not an application, without naming a field", async () => {
    const response = await post([validApplication()]);
    expectError(await response.json(), 400, response, "invalid_body");
  });

  it("answers 400 for malformed JSON without quoting it back", async () => {
    const response = await post('{"firstName": "Siobhán", "email": ');
    const text = await response.text();
    expectError(JSON.parse(text), 400, response, "invalid_json");
    expect(text).not.toContain("Siobhán");
  });

  it("answers 415 for a body that is not JSON", async () => {
    for (const [contentType, body] of [
      ["text/plain", JSON.stringify(validApplication())],
      ["application/x-www-form-urlencoded", "firstName=Siobh%C3%A1n"],
    ] as const) {
      const response = await post(body, { "Content-Type": contentType });
      expectError(await response.json(), 415, response, "unsupported_media_type");
    }
    const empty = await fetch(`${site.url}/api/finance-application`, { method: "POST" });
    expectError(await empty.json(), 415, empty, "unsupported_media_type");
  });

  it("answers 413 for a body over 64 KiB", async () => {
    const before = await storedIds(site);
    const body = JSON.stringify({ ...validApplication(), address2: "x".repeat(65 * 1024) });
    const response = await post(body);
    const answer = (await response.json()) as { error: { message: string } };
    expectError(answer, 413, response, "payload_too_large");
    expect(answer.error.message).toContain("64 KB");
    expect(await storedIds(site)).toEqual(before);
  });

  it("stores a resubmission with the same Idempotency-Key once, answering 201 with the first id", async () => {
    const before = (await storedIds(site)).length;
    const key = "b9f3c2d4-5e6f-4a1b-9c8d-7e6f5a4b3c2d";
    const first = await post(validApplication(), { "Idempotency-Key": key });
    const again = await post(validApplication(), { "Idempotency-Key": key });
    expect([first.status, again.status]).toEqual([201, 201]);
    const [firstBody, againBody] = [await first.json(), await again.json()];
    expect(againBody).toEqual(firstBody);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await storedIds(site)).length).toBe(before + 1);

    const withoutKey = await Promise.all([post(validApplication()), post(validApplication())]);
    const ids = await Promise.all(withoutKey.map(async (response) => ((await response.json()) as { id: string }).id));
    expect(new Set(ids).size).toBe(2);
  });

  it("stores a second application for the same vehicle from the same person, marked as likely repeating the first", async () => {
    const applicant = { ...validApplication(), email: "repeat@example.com", phone: "07700 900777" };
    const idOf = async (response: Response) => {
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const firstId = await idOf(await post(applicant));
    const secondId = await idOf(await post({ ...applicant, email: "Repeat@Example.com" }));
    const otherPersonId = await idOf(await post({ ...applicant, email: "someone.else@example.com", phone: "07700 900888" }));
    const otherVehicleId = await idOf(await post({ ...applicant, vehicleId: "focus-2021" }));
    const first = await storedFile(site, firstId);
    expect(first).not.toHaveProperty("likelyDuplicateOf");
    // Stored whole, and waiting to be forwarded like any other.
    const second = await storedFile(site, secondId);
    expect(second).toMatchObject({ kind: "finance-application", forwardAttempts: 0, data: { email: "Repeat@Example.com" } });
    expect(second.likelyDuplicateOf).toEqual({ id: firstId, reference: first.reference, receivedAt: first.receivedAt });
    expect(await storedFile(site, otherPersonId)).not.toHaveProperty("likelyDuplicateOf");
    expect(await storedFile(site, otherVehicleId)).not.toHaveProperty("likelyDuplicateOf");
  });

  it("answers 400 for an Idempotency-Key no client would generate", async () => {
    const response = await post(validApplication(), { "Idempotency-Key": "k".repeat(256) });
    expectError(await response.json(), 400, response, "invalid_idempotency_key");
  });

  it("lets one client send at least 30 POSTs in a few moments", async () => {
    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push((await post({})).status);
    expect(statuses.every((status) => status === 400)).toBe(true);
  });
});

describe("POST /api/finance-application: too many from one client", () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite(knownStockChange(), { env: { POST_RATE_LIMIT: "3", POST_RATE_WINDOW_SECONDS: "600" } });
  });
  afterAll(async () => {
    await site.close();
  });

  it("answers 429 with Retry-After once the client has spent its POSTs, and still serves reads", async () => {
    for (let i = 0; i < 3; i++) expect((await postTo(site, validApplication())).status).toBe(201);
    const limited = await postTo(site, validApplication());
    expectError(await limited.json(), 429, limited, "too_many_requests");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(590);
    expect((await storedIds(site)).length).toBe(3);
    expect((await fetch(`${site.url}/api/vehicles`)).status).toBe(200);
  });
});

describe("forwarding to the lead-tracking service", () => {
  let site: TestSite;
  let leadPort: number;
  let lead: LeadService | undefined;
  const logs = capturedLogger();
  beforeAll(async () => {
    // Nothing listens on this port yet: the service is down, and connections are refused.
    leadPort = await freePort();
    site = await startTestSite(knownStockChange(), {
      env: { LEAD_WEBHOOK_URL: `http://127.0.0.1:${leadPort}/leads` },
      logger: logs.logger,
      leadForwarding: FAST_FORWARDING,
    });
  });
  afterAll(async () => {
    await site.close();
    await lead?.close();
  });

  it("takes applications while the service is down, and delivers each exactly once when it is back", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await postTo(site, validApplication());
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { id: string }).id);
    }
    // Refused: every application has been tried at least once, and kept.
    await vi.waitFor(async () => {
      for (const id of ids) expect(await storedFile(site, id)).toMatchObject({ forwardAttempts: expect.toSatisfy((n: number) => n >= 1) });
    });

    // Up, but overloaded for its first few requests, then taking them.
    lead = await startLeadService({ port: leadPort, answers: [503, 503, 503] });
    await vi.waitFor(() => expect(lead!.accepted()).toHaveLength(3), { timeout: 10_000 });
    // Many poll intervals later, nothing has been sent twice.
    await sleep(FAST_FORWARDING.pollIntervalMs * 15);
    expect(lead.accepted().sort()).toEqual([...ids].sort());
    expect(lead.deliveries.filter(({ status }) => status === 503)).toHaveLength(3);
    for (const delivery of lead.deliveries) {
      expect(delivery.contentType).toBe("application/json");
      expect(delivery.body).toMatchObject({ firstName: "Siobhán", postcode: "L3 4BP", vehicleId: "fiesta-2019" });
    }
    for (const id of ids) expect(await storedFile(site, id)).toMatchObject({ forwardedAt: expect.any(String) });
  });

  it("never writes what an applicant typed to the log", async () => {
    const accepted = await postTo(site, validApplication(), { "Idempotency-Key": "log-check-1" });
    await postTo(site, validApplication(), { "Idempotency-Key": "log-check-1" });
    await postTo(site, { ...validApplication(), email: "siobhan(at)example.com" });
    await postTo(site, '{"firstName": "Siobhán", "email": ');
    await postTo(site, JSON.stringify({ ...validApplication(), address2: "Wapping ".repeat(9000) }));
    const { id } = (await accepted.json()) as { id: string };
    await vi.waitFor(() => expect(lead!.accepted()).toContain(id));

    const logged = logs.text();
    // The log did capture this traffic: ids, counts and statuses.
    expect(logged).toContain(`"leadId":"${id}"`);
    expect(logged).toContain("Finance application forwarded");
    expect(logged).toContain('"reason":"ECONNREFUSED"');
    expect(logged).toContain('"status":503');
    expect(logged).toContain('"url":"/api/finance-application"');
    for (const typed of PERSONAL_DATA) expect(logged).not.toContain(typed);
  });
});

describe("retention of finance applications, with no lead-tracking service", () => {
  let site: TestSite;
  const ids = { expired: "", recent: "" };
  const logs = capturedLogger();
  beforeAll(async () => {
    site = await startTestSite(knownStockChange(), {
      env: { FINANCE_RETENTION_DAYS: "30" },
      logger: logs.logger,
      async prepare(dataDir) {
        const store = await FileLeadStore.open(dataDir);
        const data = financeApplicationSchema.parse(validApplication());
        const add = async (days: number) =>
          (await store.add({ kind: "finance-application", data, receivedAt: new Date(Date.now() - days * DAY), forwarded: true })).id;
        ids.expired = await add(31);
        ids.recent = await add(29);
        await store.close();
      },
    });
  });
  afterAll(async () => {
    await site.close();
  });

  it("deletes applications older than FINANCE_RETENTION_DAYS and keeps the rest", async () => {
    await vi.waitFor(async () => expect(await storedIds(site)).toEqual([ids.recent]));
  });

  it("keeps applications for staff when LEAD_WEBHOOK_URL is unset, and says so once", async () => {
    const response = await postTo(site, validApplication());
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await storedFile(site, id)).toMatchObject({ forwardAttempts: 0 });
    const warnings = logs
      .text()
      .split("\n")
      .filter((line) => line.includes('"level":40'));
    // Once at start-up, beside the one saying no mail goes (backend/mail/): nothing per application.
    expect(warnings).toHaveLength(2);
    expect(warnings.filter((line) => line.includes("LEAD_WEBHOOK_URL is not set"))).toHaveLength(1);
    expect(warnings.filter((line) => line.includes("No SMTP server is set"))).toHaveLength(1);
  });
});
