import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { DEFAULT_RETENTION_DAYS } from "../../domain/lead-kinds";
import { capturedLogger } from "../../tests/support/captured-logger";
import { validApplication } from "../../tests/support/finance-applications";
import { knownLeadVehicle, WEEKDAY_SCHEDULE } from "../../tests/support/lead-vehicles";
import { startLeadService, type LeadService } from "../../tests/support/lead-service";
import { FileLeadStore } from "./file-lead-store";
import type { ForwardingTiming } from "./lead-forwarder";
import { leadServices, type LeadServices } from "./lead-services";

const FAST: ForwardingTiming = { pollIntervalMs: 10, retryBaseMs: 20, retryMaxMs: 200, requestTimeoutMs: 2000 };
// Every kind kept for its default number of days (domain/lead-kinds.ts).
const RETENTION = DEFAULT_RETENTION_DAYS;
const PART_EXCHANGE = {
  registration: "MA19ABC",
  mileage: 42000,
  name: "Jo Bloggs",
  email: "jo@example.com",
  phone: "07700900123",
  postcode: "L3 4BP",
};

let dataDir: string;
let store: FileLeadStore;
let lead: LeadService;
let services: LeadServices | undefined;
const logs = capturedLogger();
const open = (settings: Parameters<typeof leadServices>[3]) =>
  leadServices(store, knownLeadVehicle, WEEKDAY_SCHEDULE, settings, logs.logger, FAST);

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "lead-services-"));
  store = await FileLeadStore.open(dataDir, logs.logger);
  lead = await startLeadService({ answers: [503] });
});
afterEach(async () => {
  await services?.stop();
  await lead.close();
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

it("forwards finance applications and part-exchange requests, each marked with its kind and retried until taken, and nothing else", async () => {
  services = open({ LEAD_WEBHOOK_URL: lead.url, ...RETENTION });
  services.start();
  const { leads } = services;
  await leads.submit("newsletter", { email: "jo@example.com", consent: true });
  await leads.submit("feedback", { message: "Lovely people" });
  const exchange = await leads.submit("part-exchange", { ...PART_EXCHANGE, interestedIn: "focus-2021" });
  const finance = await leads.submit("finance-application", validApplication());
  if (!exchange.ok || !finance.ok) throw new Error("refused");

  await vi.waitFor(() => expect(lead.accepted().sort()).toEqual([exchange.id, finance.id].sort()));
  const bodies = Object.fromEntries(
    lead.deliveries.filter(({ status }) => status === 200).map(({ idempotencyKey, body }) => [idempotencyKey, body]),
  );
  expect(bodies[exchange.id]).toMatchObject({
    leadType: "part-exchange",
    reference: exchange.reference,
    registration: "MA19 ABC",
    interestedIn: "focus-2021",
  });
  expect(bodies[finance.id]).toMatchObject({
    leadType: "finance-application",
    reference: finance.reference,
    firstName: "Siobhán",
    vehicleId: "fiesta-2019",
  });
  await vi.waitFor(async () => expect((await store.get(exchange.id))?.forwardedAt).toBeInstanceOf(Date));
  await sleep(FAST.pollIntervalMs * 10);
  expect(lead.deliveries).toHaveLength(3);
  expect(logs.text()).toContain("Part-exchange request forwarded");
});

it("keeps what a part-exchange request says of the vehicle wanted from stock, or that it is no longer in stock", async () => {
  services = open(RETENTION);
  const wanted = await services.leads.submit("part-exchange", { ...PART_EXCHANGE, interestedIn: "focus-2021" });
  const gone = await services.leads.submit("part-exchange", { ...PART_EXCHANGE, interestedIn: "sold-last-week" });
  if (!wanted.ok || !gone.ok) throw new Error("refused");
  expect((await store.get(wanted.id))?.vehicle).toEqual({
    id: "focus-2021",
    inStock: true,
    make: "Ford",
    model: "Focus",
    derivative: "1.5 EcoBlue Titanium Estate",
    mileage: 18000,
    priceGBP: 15495,
  });
  expect((await store.get(gone.id))?.vehicle).toEqual({ id: "sold-last-week", inStock: false });
});

it("keeps leads for staff when there is no lead-tracking service", async () => {
  services = open(RETENTION);
  services.start();
  const result = await services.leads.submit("part-exchange", PART_EXCHANGE);
  await sleep(FAST.pollIntervalMs * 5);
  expect(await store.get((result as { id: string }).id)).toMatchObject({ forwardAttempts: 0 });
  expect(lead.deliveries).toEqual([]);
});
