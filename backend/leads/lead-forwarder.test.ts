import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { financeApplicationSchema } from "../../domain/finance-application";
import { capturedLogger } from "../../tests/support/captured-logger";
import { validApplication } from "../../tests/support/finance-applications";
import { startLeadService, type LeadAnswer, type LeadService } from "../../tests/support/lead-service";
import { FileLeadStore } from "./file-lead-store";
import { backoffDelayMs } from "../outbox-worker";
import { LeadForwarder, type ForwardingTiming } from "./lead-forwarder";

const FAST: ForwardingTiming = { pollIntervalMs: 5, retryBaseMs: 20, retryMaxMs: 1000, requestTimeoutMs: 2000 };
const application = financeApplicationSchema.parse({
  ...validApplication(),
  residenceYears: 1,
  residenceMonths: "2",
  previousAddresses: [{ address1: "2 Dock Road", city: "Leeds", postcode: "LS1 1AA", residenceYears: 2 }],
});

describe("backoffDelayMs", () => {
  it("doubles from the base up to the cap, between half and all of each step", () => {
    const timing = { ...FAST, retryBaseMs: 1000, retryMaxMs: 5000 };
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelayMs(attempt, timing, 0))).toEqual([500, 1000, 2000, 2500, 2500]);
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelayMs(attempt, timing, 1))).toEqual([1000, 2000, 4000, 5000, 5000]);
    expect(backoffDelayMs(2000, timing, 1)).toBe(5000);
  });
});

describe("LeadForwarder", () => {
  let directory: string;
  let store: FileLeadStore;
  let service: LeadService | undefined;
  let forwarder: LeadForwarder | undefined;
  const logs = capturedLogger();

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "forwarder-"));
    store = await FileLeadStore.open(directory);
  });
  afterEach(async () => {
    await forwarder?.stop();
    await service?.close();
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  async function forwardTo(answers: LeadAnswer[]): Promise<{ id: string; service: LeadService }> {
    service = await startLeadService({ answers });
    const { id } = await store.add({ kind: "finance-application", receivedAt: new Date(), data: application, forwarded: true });
    forwarder = new LeadForwarder(store, service.url, logs.logger, FAST, () => 0.5);
    forwarder.start();
    return { id, service };
  }

  it("sends the application's fields as JSON, marked with its kind and reference, with its id as the Idempotency-Key, then marks it forwarded", async () => {
    const { id, service } = await forwardTo([]);
    await vi.waitFor(async () => expect((await store.get(id))?.forwardedAt).toBeInstanceOf(Date));
    // The time at the address and the addresses before it are asked for the dealer's staff alone.
    const { residenceYears, residenceMonths, previousAddresses, ...fields } = application;
    expect([residenceYears, residenceMonths, previousAddresses?.length]).toEqual([1, 2, 1]);
    const { reference, receivedAt } = (await store.get(id))!;
    expect(service.deliveries).toEqual([
      {
        idempotencyKey: id,
        contentType: "application/json",
        body: { leadType: "finance-application", reference, receivedAt: receivedAt.toISOString(), ...fields },
        status: 200,
        receivedAt: expect.any(Number),
      },
    ]);
    expect(await store.get(id)).toMatchObject({ forwardAttempts: 1 });
  });

  it("retries a failing service, waiting longer each time, until it takes the application", async () => {
    const { id, service } = await forwardTo([503, 500, 429]);
    await vi.waitFor(async () => expect((await store.get(id))?.forwardedAt).toBeInstanceOf(Date));
    expect(service.deliveries.map(({ status }) => status)).toEqual([503, 500, 429, 200]);
    expect(service.accepted()).toEqual([id]);
    const gaps = service.deliveries.slice(1).map((delivery, index) => delivery.receivedAt - service.deliveries[index]!.receivedAt);
    [15, 30, 60].forEach((wait, index) => expect(gaps[index]).toBeGreaterThanOrEqual(wait - 1));
    expect(await store.get(id)).toMatchObject({ forwardAttempts: 4 });
    expect(logs.text()).toContain('"status":503');
  });

  it("logs a refusal as an error that someone must look at, and keeps the application to try again", async () => {
    const { id, service } = await forwardTo([401]);
    await vi.waitFor(() => expect(service.accepted()).toEqual([id]));
    const refusal = logs
      .text()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.status === 401);
    expect(refusal).toMatchObject({ level: 50, leadId: id, kind: "finance-application", attempt: 1 });
  });

  it("stops without waiting for a service that does not answer, leaving the application to send again", async () => {
    const { id, service } = await forwardTo(["no answer"]);
    await vi.waitFor(() => expect(service.deliveries).toHaveLength(1));
    const started = Date.now();
    await forwarder!.stop();
    expect(Date.now() - started).toBeLessThan(FAST.requestTimeoutMs);
    expect(await store.get(id)).toEqual(expect.not.objectContaining({ forwardedAt: expect.anything() }));
    expect(await store.claimNextDue(new Date(Date.now() + 60_000), 1000)).toMatchObject({ id, forwardAttempts: 1 });
  });
});
