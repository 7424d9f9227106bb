import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../backend/config";
import { loadDealer } from "../../backend/dealer-config";
import type { LeadKindName } from "../../domain/lead-kinds";
import { createLogger } from "../../backend/logger";
import type { OutboxTiming } from "../../backend/outbox-worker";
import { startSite, type Site } from "../../backend/site";
import { scheduleOf, testDriveDays } from "../../domain/opening-hours";
import { capturedLogger } from "../support/captured-logger";
import { validApplication } from "../support/finance-applications";
import { feedRecord, knownStockChange } from "../support/known-vehicles";
import { storedLead } from "../support/stored-leads";
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
      return { ...validApplication(), email, address1: "7 Rodney Street", postcode: "L1 8JQ" };
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
/** A vehicle whose derivative repeats its model, as Mercedes-Benz's feeds write them. */
const CLA = {
  id: "cla-2022",
  record: feedRecord({
    id: "cla-2022",
    vehicle: {
      vehicleType: "car",
      make: "Mercedes-Benz",
      model: "CLA",
      derivative: "CLA 220d AMG Line Premium 4dr",
      registration: "MB22 CLA",
    },
    price: 27495,
    createdAt: "2026-10-01T09:00:00.000Z",
  }),
};
/** What a finance application holds beyond the name and the ways to reach the applicant: in no e-mail. */
const FINANCE_DETAILS = ["L1 8JQ", "7 Rodney Street", "Mersey Ferries", "Engineer", "1990", "2450", "Homeowner", "Married", "Full UK"];

describe("e-mail about each lead, through a real SMTP server", () => {
  let sink: SmtpSink;
  let site: TestSite;
  beforeAll(async () => {
    sink = await startSmtpSink();
    site = await startTestSite([...knownStockChange(), CLA], {
      env: { SMTP_URL: sink.url, SMTP_TLS: "none", SITE_URL },
      leadForwarding: FAST,
    });
  });
  afterAll(async () => {
    await site.close();
    await sink.stop();
  });

  it.each<SalesKind>(["finance-application", "part-exchange", "enquiry", "test-drive"])(
    "%s: the dealer is told within 60 s, with the kind, vehicle, name, phone, e-mail and link, replies going to the buyer; the buyer gets the reference, next steps and hours",
    async (kind) => {
      const buyer = `buyer-${kind}@example.com`;
      const { id, reference } = await post(site.url, kind, submission(kind, buyer));
      const notice = await sink.waitFor(about(reference, SALES));
      expect(notice.text).toContain("Siobhán O'Neill");
      expect(notice.text).toContain(`${SITE_URL}/staff/leads/${id}`);
      expect(notice.html).toContain(`href="${SITE_URL}/staff/leads/${id}"`);
      expect(notice.html).toContain("Siobhán O&#39;Neill");
      expect(notice.text).toContain("Phone: 07700900123");
      expect(notice.html).toContain('href="tel:+447700900123"');
      expect(notice.text).toContain(`E-mail: ${buyer}`);
      expect(notice.html).toContain(`href="mailto:${buyer}"`);
      expect(notice.replyTo).toEqual([buyer]);
      for (const detail of FINANCE_DETAILS) {
        expect(notice.text).not.toContain(detail);
        expect(notice.html).not.toContain(detail);
      }
      expect(notice.text).toMatch(kind === "part-exchange" ? /Ford Focus/ : /Ford Fiesta.*MA19 ABC/);

      const confirmation = await sink.waitFor(about(reference, buyer));
      expect(confirmation.text).toContain(`Your reference: ${reference}`);
      expect(confirmation.text).toContain("we will be in touch within one business day");
      expect(confirmation.text).toContain("We are open Monday to Friday, 9am to 5pm.");
      expect(confirmation.text).toContain("Phone: 0151 496 0000");
      expect(confirmation.html).toContain('href="tel:+441514960000"');
      expect(confirmation.text).toContain("Financial Conduct Authority (firm reference number 654321)");
      expect(confirmation.text).toContain("Dockside Motor Company, 14 Wapping Quay, Liverpool, L3 4BP");
      expect(confirmation.text).not.toContain("Siobhán");
      expect(confirmation.replyTo).toEqual([]);
      expect(confirmation.from).toContain(SALES);
    },
  );

  it("the buyer's confirmation shows the vehicle's photo, price and page, and the photo is served", async () => {
    const buyer = "photo-buyer@example.com";
    const { reference } = await post(site.url, "enquiry", submission("enquiry", buyer));
    const confirmation = await sink.waitFor(about(reference, buyer));
    const page = `${SITE_URL}/vehicles/fiesta-2019`;
    expect(confirmation.text).toContain("Vehicle: Ford Fiesta 1.0 EcoBoost Titanium 5dr, MA19 ABC\nPrice: £10,000");
    expect(confirmation.text).toContain(`See the vehicle: ${page}`);
    const photo = new RegExp(
      `<a href="${page}"><img src="${SITE_URL}(/media/photos/[^"]+/640\\.jpg)" alt="Ford Fiesta[^"]*" width="640"`,
    ).exec(confirmation.html);
    expect(photo).not.toBeNull();
    const served = await fetch(`${site.url}${photo![1]}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
  });

  it("subjects name the model once when the derivative repeats it", async () => {
    const buyer = "cla-buyer@example.com";
    const { reference } = await post(site.url, "enquiry", { ...submission("enquiry", buyer), vehicleId: CLA.id });
    const notice = await sink.waitFor(about(reference, SALES));
    expect(notice.subject).toBe(`New vehicle enquiry ${reference}: Mercedes-Benz CLA 220d AMG Line Premium 4dr, MB22 CLA`);
    const confirmation = await sink.waitFor(about(reference, buyer));
    expect(confirmation.text).toContain("Vehicle: Mercedes-Benz CLA 220d AMG Line Premium 4dr, MB22 CLA\nPrice: £27,495");
  });

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

describe("many leads to one e-mail address from several client addresses", () => {
  const CLIENTS = ["203.0.113.1", "203.0.113.2", "198.51.100.7", "198.51.100.8", "192.0.2.10", "192.0.2.11"];
  const LEADS_PER_CLIENT = 8;
  /** Spellings of one mailbox: each reaches the same inbox. */
  const spellings = (index: number) => ["victim@example.com", "Victim@Example.com", `victim+${index}@example.com`][index % 3]!;
  const logs = capturedLogger();
  let sink: SmtpSink;
  let site: TestSite;
  beforeAll(async () => {
    sink = await startSmtpSink();
    site = await startTestSite(knownStockChange(), {
      // Behind a proxy, so each X-Forwarded-For is a client of its own, each under the POST rate limit.
      env: { SMTP_URL: sink.url, SMTP_TLS: "none", SITE_URL, TRUST_PROXY: "1", MAIL_FOLD_SECONDS: "10" },
      leadForwarding: FAST,
      logger: logs.logger,
    });
  });
  afterAll(async () => {
    await site.close();
    await sink.stop();
  });

  const postFrom = async (client: string, index: number) => {
    const response = await fetch(`${site.url}/api/enquiry`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": client },
      body: JSON.stringify({ ...submission("enquiry", spellings(index)), message: `Enquiry ${index}` }),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as { id: string; reference: string };
  };

  it("sends the day's three confirmations and no more, stores every lead, and tells the dealer of the rest in one notice", async () => {
    const started = Date.now();
    const leads = await Promise.all(
      CLIENTS.flatMap((client, clientIndex) =>
        Array.from({ length: LEADS_PER_CLIENT }, (_, index) => postFrom(client, clientIndex * LEADS_PER_CLIENT + index)),
      ),
    );
    const postedAt = Date.now();
    const postingSeconds = (postedAt - started) / 1000;
    // Never lose a lead: each is stored, whatever its mail.
    for (const { id } of leads) expect(await storedLead(site.dataDir, id)).toMatchObject({ id, kind: "enquiry" });

    const folded = (mail: ReceivedMail) => mail.to.includes(SALES) && mail.subject.includes("from one e-mail address today");
    await sink.waitFor(folded, 40_000);
    // Time for anything else to arrive: a round of the notice opened by the last lead closes ten seconds after it.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, postedAt + 12_000 - Date.now())));

    const toVictim = sink.received.filter((mail) => mail.to.some((to) => /victim/i.test(to)));
    expect(toVictim).toHaveLength(3);
    const confirmed = leads.filter(({ reference }) => toVictim.some((mail) => mail.subject.includes(reference)));
    expect(confirmed).toHaveLength(3);
    const toSales = sink.received.filter((mail) => mail.to.includes(SALES));
    const notices = toSales.filter((mail) => !folded(mail));
    expect(notices.map(({ subject }) => subject.match(/[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/)?.[0]).sort()).toEqual(
      confirmed.map(({ reference }) => reference).sort(),
    );
    // The rest, each listed once, in one notice; a second only if posting outlasted the first's ten seconds.
    const foldedNotices = toSales.filter(folded);
    expect(foldedNotices.length).toBeLessThanOrEqual(1 + Math.floor(postingSeconds / 10));
    const rest = leads.filter((lead) => !confirmed.includes(lead));
    for (const { id, reference } of rest) {
      const listing = foldedNotices.filter((mail) => mail.text.includes(reference));
      expect(listing).toHaveLength(1);
      expect(listing[0]!.html).toContain(`href="${SITE_URL}/staff/leads/${id}"`);
    }
    expect(foldedNotices.reduce((listed, mail) => listed + Number(/^(\d+) more leads? /.exec(mail.subject)?.[1]), 0)).toBe(rest.length);
    // The notice names the address as one of the leads spelt it; which one came first depends on arrival order.
    expect(foldedNotices[0]!.text).toMatch(/^E-mail: victim(\+\d+)?@example\.com$/im);
    // The logs say which leads went unconfirmed, under the address's keyed hash, never the address.
    expect(await logs.lineContaining(`"leadId":"${rest[0]!.id}","recipient":"`)).toMatch(/"recipient":"[0-9a-f]{32}"/);
    expect(logs.text()).not.toMatch(/victim/i);
  }, 90_000);
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
    // Each try rewrites its message through a temporary file beside it, which the count leaves out.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const messages = (await readdir(path.join(first.dataDir, "mail"))).filter((name) => name.endsWith(".json"));
    expect(messages).toHaveLength(4);
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
