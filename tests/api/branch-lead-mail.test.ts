import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDealer } from "../../backend/dealer-config";
import type { OutboxTiming } from "../../backend/outbox-worker";
import { feedRecord, KNOWN_VEHICLES } from "../support/known-vehicles";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../support/smtp-sink";
import { startTestSite, type TestSite } from "../support/start-test-site";

/**
 * A dealer group's leads, end to end: the group demo's dealer file, vehicles standing at its
 * branches, and where a real SMTP server on 127.0.0.1 receives each lead's notice.
 */

const FAST: OutboxTiming = { pollIntervalMs: 50, retryBaseMs: 100, retryMaxMs: 400, requestTimeoutMs: 2000 };
const group = await loadDealer("dealer-group.json");
const [wigan, bolton] = group.branches!;
const fiesta = KNOWN_VEHICLES.find(({ id }) => id === "fiesta-2019")!;

/** The Fiesta, standing at a branch (or at none named, when `branch` is undefined). */
function fiestaAt(id: string, branch: string | undefined) {
  return { id, record: { ...feedRecord({ ...fiesta, id }), ...(branch ? { branch } : {}) } };
}

async function enquire(url: string, body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${url}/api/enquiry`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Siobhán O'Neill", phone: "07700 900123", contactMethod: "phone", message: "Still there?", ...body }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { reference: string }).reference;
}

const noticeOf = (reference: string) => (mail: ReceivedMail) => mail.subject.startsWith("New ") && mail.subject.includes(reference);

describe("a dealer group's lead notices, through a real SMTP server", () => {
  let sink: SmtpSink;
  let site: TestSite;
  beforeAll(async () => {
    sink = await startSmtpSink();
    site = await startTestSite(
      [fiestaAt("fiesta-wigan", wigan!.code), fiestaAt("fiesta-bolton", bolton!.code), fiestaAt("fiesta-unnamed", undefined)],
      {
        env: { DEALER_CONFIG: "dealer-group.json", SMTP_URL: sink.url, SMTP_TLS: "none" },
        leadForwarding: FAST,
      },
    );
  });
  afterAll(async () => {
    await site.close();
    await sink.stop();
  });

  it("sends a lead about a vehicle at one branch to that branch's lead e-mail, and one at another to the other's", async () => {
    const fromBolton = await enquire(site.url, { vehicleId: "fiesta-bolton" });
    const fromWigan = await enquire(site.url, { vehicleId: "fiesta-wigan" });
    expect((await sink.waitFor(noticeOf(fromBolton))).to).toEqual([bolton!.leadEmail]);
    expect((await sink.waitFor(noticeOf(fromWigan))).to).toEqual([wigan!.leadEmail]);
  });

  it("sends a lead about a vehicle whose feed names no branch to the first branch, where it stands", async () => {
    const reference = await enquire(site.url, { vehicleId: "fiesta-unnamed" });
    expect((await sink.waitFor(noticeOf(reference))).to).toEqual([wigan!.leadEmail]);
  });

  it("sends a lead about a vehicle never listed to the dealer's own address", async () => {
    const response = await fetch(`${site.url}/api/part-exchange`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Jo Bloggs",
        phone: "07700 900456",
        email: "jo@example.com",
        registration: "MA19 ABC",
        mileage: "42,000",
        make: "Ford",
        model: "Fiesta",
        condition: "Good",
        postcode: "WN3 5AB",
        interestedIn: "never-listed",
      }),
    });
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    expect((await sink.waitFor(noticeOf(reference))).to).toEqual([group.email]);
  });
});
