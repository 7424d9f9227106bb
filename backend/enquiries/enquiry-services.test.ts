import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { capturedLogger } from "../../tests/support/captured-logger";
import { startLeadService, type LeadService } from "../../tests/support/lead-service";
import type { ForwardingTiming } from "../finance/lead-forwarder";
import { enquiryServices, type EnquiryServices } from "./enquiry-services";
import { openFileEnquiryStores, type EnquiryStores } from "./enquiry-stores";

const FAST: ForwardingTiming = { pollIntervalMs: 10, retryBaseMs: 20, retryMaxMs: 200, requestTimeoutMs: 2000 };
const RETENTION = { NEWSLETTER_RETENTION_DAYS: 730, FEEDBACK_RETENTION_DAYS: 365, PART_EXCHANGE_RETENTION_DAYS: 90 };

let directory: string;
let stores: EnquiryStores;
let lead: LeadService;
let services: EnquiryServices | undefined;
const logs = capturedLogger();

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "enquiry-services-"));
  stores = await openFileEnquiryStores(directory, logs.logger);
  lead = await startLeadService({ answers: [503] });
});
afterEach(async () => {
  await services?.stop();
  await lead.close();
  await stores.close();
  await rm(directory, { recursive: true, force: true });
});

it("forwards part-exchange requests, marked as such and retried until taken, and nothing else", async () => {
  services = enquiryServices(stores, { LEAD_WEBHOOK_URL: lead.url, ...RETENTION }, logs.logger, FAST);
  services.start();
  const { enquiries } = services;
  await enquiries.newsletter.submit({ email: "jo@example.com", consent: true });
  await enquiries.feedback.submit({ message: "Lovely people" });
  const result = await enquiries.partExchange.submit({
    registration: "MA19ABC",
    mileage: 42000,
    name: "Jo Bloggs",
    email: "jo@example.com",
    phone: "07700900123",
    postcode: "L3 4BP",
    interestedIn: "fiesta-2019",
  });
  const { id } = result as { id: string };

  await vi.waitFor(() => expect(lead.accepted()).toEqual([id]));
  expect(lead.deliveries.map(({ status }) => status)).toEqual([503, 200]);
  expect(lead.deliveries[1]).toMatchObject({
    idempotencyKey: id,
    contentType: "application/json",
    body: { leadType: "part-exchange", receivedAt: expect.any(String), registration: "MA19 ABC", mileage: 42000, name: "Jo Bloggs", interestedIn: "fiesta-2019" },
  });
  await vi.waitFor(async () => expect((await stores.partExchange.get(id))?.forwardedAt).toBeInstanceOf(Date));
  await sleep(FAST.pollIntervalMs * 10);
  expect(lead.deliveries).toHaveLength(2);
  expect(logs.text()).toContain('"enquiryId"');
  expect(logs.text()).toContain("Part-exchange request forwarded");
});

it("keeps part-exchange requests for staff when there is no lead-tracking service", async () => {
  services = enquiryServices(stores, RETENTION, logs.logger, FAST);
  services.start();
  const result = await services.enquiries.partExchange.submit({
    registration: "MA19ABC",
    mileage: 42000,
    name: "Jo Bloggs",
    email: "jo@example.com",
    phone: "07700900123",
    postcode: "L3 4BP",
  });
  await sleep(FAST.pollIntervalMs * 5);
  expect(await stores.partExchange.get((result as { id: string }).id)).toMatchObject({ forwardAttempts: 0 });
  expect(lead.deliveries).toEqual([]);
});
