import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../backend/config";
import { loadDealer } from "../../backend/dealer-config";
import type { LeadKindName } from "../../backend/leads/lead-kinds";
import { createLogger } from "../../backend/logger";
import type { OutboxTiming } from "../../backend/outbox-worker";
import { startSite, type Site } from "../../backend/site";
import { scheduleOf, testDriveDays } from "../../domain/opening-hours";
import { validApplication } from "../support/finance-applications";
import { knownStockChange } from "../support/known-vehicles";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../support/smtp-sink";
import { startTestSite, type TestSite } from "../support/start-test-site";

/**
 * E-mail, end to end: leads posted to the running site, and what a real SMTP server on
 * 127.0.0.1 (tests/support/smtp-sink.ts) receives from it.
 */

const FAST: OutboxTiming = { pollIntervalMs: 50, retryBaseMs: 100, retryMaxMs: 400, requestTimeoutMs: 2000 };
const SITE_URL = "https://www.dockside-motors.example";
const SALES = "sales@dockside-motors.example";
const dealer = await loadDealer("dealer.json");

type SalesKind = Extract<LeadKindName, "finance-application" | "part-exchange" | "enquiry" | "test-drive" | "call-back">;

function submission(kind: SalesKind, email: string): Record<string, unknown> {
  const person = { name: "Siobhán O'Neill", phone: "07700 900123", email };
  switch (kind) {
    case "finance-application":
      return { ...validApplication(), email, postcode: "L1 8JQ" };
    case "part-exchange":
      return {
        ...person,
        registration: "MA19 ABC",
        mileage: "42,000",
        make: "Ford",
        model: "Fiesta",
        condition: "Good",
        postcode: "L1 8JQ",
        interestedIn: "focus-2021",
      };
    case "enquiry":
      return { ...person, contactMethod: "email", message: "Is it still available?", vehicleId: "fiesta-2019" };
    case "test-drive": {
      const [day] = testDriveDays(scheduleOf(dealer), new Date());
      return { ...person, day: day!.date, time: day!.times[0]!, licence: true, vehicleId: "fiesta-2019" };
    }
    case "call-back":
      return { name: person.name, phone: person.phone, bestTime: "morning", vehicleId: "fiesta-2019" };
  }
}

async function post(url: string, kind: string, body: unknown): Promise<{ id: string; reference: string }> {
  const response = await fetch(`${url}/api/${kind}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; reference: string };
}

const about = (reference: string, to: string) => (mail: ReceivedMail) => mail.subject.includes(reference) && mail.to.includes(to);

describe("e-mail about each lead, through a real SMTP server", () => {
  let sink: SmtpSink;
  let site: TestSite;
  beforeAll(async () => {
    sink = await startSmtpSink();
    site = await startTestSite(knownStockChange(), { env: { SMTP_URL: sink.url, SMTP_TLS: "none", SITE_URL }, leadForwarding: FAST });
  });
  afterAll(async () => {
    await site.close();
    await sink.stop();
  });

  it.each<SalesKind>(["finance-application", "part-exchange", "enquiry", "test-drive"])(
    "%s: the dealer is told within 60 s, with the kind, vehicle, name and link only; the buyer gets the reference, next steps and hours",
    async (kind) => {
      const buyer = `buyer-${kind}@example.com`;
      const { id, reference } = await post(site.url, kind, submission(kind, buyer));
      const notice = await sink.waitFor(about(reference, SALES));
      expect(notice.text).toContain("Siobhán O'Neill");
      expect(notice.text).toContain(`${SITE_URL}/staff/leads/${id}`);
      expect(notice.html).toContain(`href="${SITE_URL}/staff/leads/${id}"`);
      expect(notice.html).toContain("Siobhán O&#39;Neill");
      for (const personal of [buyer, "07700 900123", "900123", "L1 8JQ", "Mersey Ferries", "1990"])
        expect(notice.text).not.toContain(personal);
      expect(notice.text).toMatch(kind === "part-exchange" ? /Ford Focus/ : /Ford Fiesta.*MA19 ABC/);

      const confirmation = await sink.waitFor(about(reference, buyer));
      expect(confirmation.text).toContain(`Your reference: ${reference}`);
      expect(confirmation.text).toContain("we will be in touch within one business day");
      expect(confirmation.text).toContain("We are open Monday to Friday, 9am to 5pm.");
      expect(confirmation.text).toContain("Financial Conduct Authority (firm reference number 654321)");
      expect(confirmation.text).toContain("Dockside Motor Company, 14 Wapping Quay, Liverpool, L3 4BP");
      expect(confirmation.text).not.toContain("Siobhán");
      expect(confirmation.from).toContain(SALES);
    },
  );

  it("call-back: the dealer is told; there is no address to confirm to", async () => {
    const { reference } = await post(site.url, "call-back", submission("call-back", ""));
    await sink.waitFor(about(reference, SALES));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.received.filter((mail) => mail.subject.includes(reference))).toHaveLength(1);
  });

  it("feedback and newsletter sign-ups e-mail no one", async () => {
    const before = sink.received.length;
    await post(site.url, "feedback", { message: "Lovely site", page: "/", email: "fan@example.com" });
    await post(site.url, "newsletter", { email: "reader@example.com", consent: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.received.slice(before).filter((mail) => /fan@|reader@/.test(mail.to.join()))).toEqual([]);
  });
});

describe("with the SMTP server down", () => {
  let sink: SmtpSink;
  let first: TestSite | undefined;
  let second: Site | undefined;
  afterEach(async () => {
    await second?.stop();
    await first?.close();
    await sink.stop();
  });

  it("sends every notice once it is back, exactly once each, with nothing lost across a restart of the site", async () => {
    sink = await startSmtpSink({ listening: false });
    const env = { SMTP_URL: sink.url, SMTP_TLS: "none", SITE_URL };
    first = await startTestSite(knownStockChange(), { env, leadForwarding: FAST });
    const enquiry = await post(first.url, "enquiry", submission("enquiry", "one@example.com"));
    const finance = await post(first.url, "finance-application", submission("finance-application", "two@example.com"));
    // Several tries fail (connection refused) before the site stops with the four messages unsent.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await readdir(path.join(first.dataDir, "mail"))).toHaveLength(4);
    await first.stop();

    const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: first.dataDir, DEMO_STOCK_SIZE: "0", NODE_ENV: "test", ...env });
    second = await startSite({ config, logger: createLogger("silent"), leadForwarding: FAST });
    await sink.start();
    const expected = [
      about(enquiry.reference, SALES),
      about(enquiry.reference, "one@example.com"),
      about(finance.reference, SALES),
      about(finance.reference, "two@example.com"),
    ];
    for (const matches of expected) await sink.waitFor(matches);
    // Time for any copy to arrive: several polls and retries.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const matches of expected) expect(sink.received.filter(matches)).toHaveLength(1);
    expect(sink.received).toHaveLength(4);
    expect(new Set(sink.received.map(({ messageId }) => messageId)).size).toBe(4);
  }, 60_000);
});
