import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NEWSLETTER_CONSENT } from "../../domain/enquiry-wording";
import { capturedLogger } from "../../tests/support/captured-logger";
import { EnquiryIntake } from "./enquiry-intake";
import { FEEDBACK, NEWSLETTER, PART_EXCHANGE } from "./enquiry-kinds";
import { openFileEnquiryStores, type EnquiryStores } from "./enquiry-stores";

const partExchange = {
  registration: "ma19 abc",
  mileage: "42,000",
  make: "Ford",
  condition: "One scuff on the rear bumper",
  name: "Siobhán O'Neill",
  email: "siobhan@example.com",
  phone: "07700 900123",
  postcode: "l34bp",
};

describe("EnquiryIntake", () => {
  let directory: string;
  let stores: EnquiryStores;
  let nudges: number;
  const logs = capturedLogger();

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "enquiry-intake-"));
    stores = await openFileEnquiryStores(directory, logs.logger);
    nudges = 0;
  });
  afterEach(async () => {
    await stores.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("stores a newsletter sign-up with the wording consented to and when", async () => {
    const before = Date.now();
    const newsletter = new EnquiryIntake(NEWSLETTER, stores.newsletter, logs.logger);
    const result = await newsletter.submit({ email: "Jo@Example.com", consent: "yes", source: "/vans" });
    expect(result).toEqual({ ok: true, id: expect.any(String), created: true });
    const stored = await stores.newsletter.get((result as { id: string }).id);
    expect(stored?.enquiry).toEqual({ email: "jo@example.com", source: "/vans", consent: { wording: NEWSLETTER_CONSENT, givenAt: stored!.receivedAt.toISOString() } });
    expect(stored!.receivedAt.getTime()).toBeGreaterThanOrEqual(before);
  });

  it("answers a repeated sign-up, in any case, with the first one's id and keeps the first consent record", async () => {
    const newsletter = new EnquiryIntake(NEWSLETTER, stores.newsletter, logs.logger);
    const first = await newsletter.submit({ email: "jo@example.com", consent: true, source: "/cars" });
    const again = await Promise.all([
      newsletter.submit({ email: "JO@example.com", consent: "yes", source: "/vans" }),
      newsletter.submit({ email: " jo@EXAMPLE.com ", consent: true }),
    ]);
    expect(again).toEqual([
      { ok: true, id: (first as { id: string }).id, created: false },
      { ok: true, id: (first as { id: string }).id, created: false },
    ]);
    expect((await stores.newsletter.get((first as { id: string }).id))?.enquiry).toMatchObject({ source: "/cars" });
    expect((await new EnquiryIntake(NEWSLETTER, stores.newsletter, logs.logger).submit({ email: "sam@example.com", consent: true })).ok).toBe(true);
  });

  it("names every problem in the order of the form, the first first, and stores nothing", async () => {
    const intake = new EnquiryIntake(PART_EXCHANGE, stores.partExchange, logs.logger, () => nudges++);
    const result = await intake.submit({ ...partExchange, mileage: "lots", postcode: "90210", registration: "" });
    expect(result).toEqual({
      ok: false,
      firstField: "registration",
      errors: {
        registration: "Enter your vehicle's registration",
        mileage: "Enter the mileage as a whole number, like 42000",
        postcode: "Enter a UK postcode, like L3 4BP",
      },
    });
    expect(await intake.submit("not an object")).toMatchObject({ ok: false, firstField: "" });
    expect(await stores.partExchange.claimNextDue(new Date(), 1000)).toBeUndefined();
    expect(nudges).toBe(0);
  });

  it("stores a part-exchange request as the schema reads it and asks for it to be forwarded", async () => {
    const intake = new EnquiryIntake(PART_EXCHANGE, stores.partExchange, logs.logger, () => nudges++);
    const result = await intake.submit(partExchange);
    expect(result).toMatchObject({ ok: true, created: true });
    expect((await stores.partExchange.get((result as { id: string }).id))?.enquiry).toMatchObject({
      registration: "MA19 ABC",
      mileage: 42000,
      phone: "07700900123",
      postcode: "L3 4BP",
    });
    expect(nudges).toBe(1);
  });

  it("stores each piece of feedback, the same words twice included", async () => {
    const intake = new EnquiryIntake(FEEDBACK, stores.feedback, logs.logger);
    const first = await intake.submit({ message: "Great site", page: "/" });
    const second = await intake.submit({ message: "Great site", page: "/" });
    expect([first, second]).toMatchObject([{ ok: true, created: true }, { ok: true, created: true }]);
    expect((first as { id: string }).id).not.toBe((second as { id: string }).id);
    expect((await stores.feedback.get((first as { id: string }).id))?.enquiry).toEqual({ message: "Great site", page: "/" });
  });

  it("logs ids and field names, never what the visitor typed", async () => {
    const newsletter = new EnquiryIntake(NEWSLETTER, stores.newsletter, logs.logger);
    const feedback = new EnquiryIntake(FEEDBACK, stores.feedback, logs.logger);
    const intake = new EnquiryIntake(PART_EXCHANGE, stores.partExchange, logs.logger);
    await newsletter.submit({ email: "siobhan@example.com", consent: true });
    await newsletter.submit({ email: "siobhan@example.com", consent: true });
    await newsletter.submit({ email: "siobhan(at)example.com", consent: true });
    await feedback.submit({ message: "Mersey views from the forecourt", email: "siobhan@example.com" });
    await intake.submit(partExchange);
    await intake.submit({ ...partExchange, phone: "not-a-phone" });
    const logged = logs.text();
    expect(logged).toContain("Newsletter sign-up already stored");
    expect(logged).toContain('"invalidFields":["email"]');
    expect(logged).toContain('"invalidFields":["phone"]');
    expect(logged).toContain("Part-exchange request stored");
    for (const typed of ["siobhan", "Siobhán", "O'Neill", "07700 900123", "07700900123", "L3 4BP", "l34bp", "MA19", "ma19", "42,000", "Mersey", "scuff", "Ford", "not-a-phone"]) {
      expect(logged).not.toContain(typed);
    }
  });
});
