import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ForwardingTiming } from "../../backend/leads/lead-forwarder";
import { validApplication } from "../support/finance-applications";
import { knownStockChange } from "../support/known-vehicles";
import { startLeadService, type LeadService } from "../support/lead-service";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { startTestSite, type TestSite } from "../support/start-test-site";

/**
 * A finance application's previous addresses are for the dealer's staff alone: kept with the
 * application, but in no e-mail (to the dealer or to the applicant) and not forwarded to the
 * lead-tracking service, whose body stays the public contract's.
 */

const FAST: ForwardingTiming = { pollIntervalMs: 20, retryBaseMs: 20, retryMaxMs: 200, requestTimeoutMs: 2000 };
const PREVIOUS = { address1: "2 Dock Road", address2: "Holbeck", city: "Leeds", postcode: "LS11 5AA", residenceYears: 2 };
const SALES = "sales@dockside-motors.example";

describe("a finance application with previous addresses", () => {
  let sink: SmtpSink;
  let lead: LeadService;
  let site: TestSite;
  beforeAll(async () => {
    sink = await startSmtpSink();
    lead = await startLeadService();
    site = await startTestSite(knownStockChange(), {
      env: { SMTP_URL: sink.url, SMTP_TLS: "none", SITE_URL: "https://www.dockside-motors.example", LEAD_WEBHOOK_URL: lead.url },
      leadForwarding: FAST,
    });
  });
  afterAll(async () => {
    await site.close();
    await lead.close();
    await sink.stop();
  });

  it("names none of them in any e-mail, and forwards none of them", async () => {
    const applicant = "previous.addresses@example.com";
    const response = await fetch(`${site.url}/api/finance-application`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...validApplication(), email: applicant, residenceYears: 1, previousAddresses: [PREVIOUS] }),
    });
    expect(response.status).toBe(201);
    const { id, reference } = (await response.json()) as { id: string; reference: string };

    const mails = [
      await sink.waitFor((mail) => mail.subject.includes(reference) && mail.to.includes(SALES)),
      await sink.waitFor((mail) => mail.subject.includes(reference) && mail.to.includes(applicant)),
    ];
    for (const mail of mails)
      for (const part of ["Dock Road", "Holbeck", "Leeds", "LS11"]) expect(`${mail.text}${mail.html}`).not.toContain(part);

    await vi.waitFor(() => expect(lead.accepted()).toContain(id));
    const delivery = lead.deliveries.find(({ idempotencyKey }) => idempotencyKey === id)!;
    expect(delivery.body).not.toHaveProperty("previousAddresses");
    expect(delivery.body).not.toHaveProperty("residenceYears");
    expect(JSON.stringify(delivery.body)).not.toContain("Dock Road");
  });
});
