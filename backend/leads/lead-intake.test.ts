import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NEWSLETTER_CONSENT } from "../../domain/enquiry-wording";
import { capturedLogger } from "../../tests/support/captured-logger";
import { validApplication } from "../../tests/support/finance-applications";
import { knownLeadVehicle, SOLD_LATELY, WEEKDAY_SCHEDULE } from "../../tests/support/lead-vehicles";
import { EngineHealth } from "../engine-health";
import { FileLeadStore } from "./file-lead-store";
import { LeadIntake } from "./lead-intake";
import { LEAD_HANDLING } from "./lead-handling";
import { REFERENCE_PATTERN } from "./lead-reference";

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

describe("LeadIntake", () => {
  let dataDir: string;
  let store: FileLeadStore;
  let intake: LeadIntake;
  let nudges: number;
  const logs = capturedLogger();
  const dataOf = async (result: Awaited<ReturnType<LeadIntake["submit"]>>) => (result.ok ? (await store.get(result.id))?.data : undefined);

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "lead-intake-"));
    store = await FileLeadStore.open(dataDir, logs.logger);
    nudges = 0;
    intake = new LeadIntake(store, knownLeadVehicle, logs.logger, () => nudges++, WEEKDAY_SCHEDULE, new EngineHealth(logs.logger));
  });
  afterEach(async () => {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  describe("finance applications", () => {
    it("stores a valid application as the schema reads it, with a reference to quote, and asks for it to be forwarded", async () => {
      const result = await intake.submit("finance-application", validApplication());
      expect(result).toEqual({
        ok: true,
        id: expect.any(String),
        reference: expect.stringMatching(REFERENCE_PATTERN),
        created: true,
        vehicle: expect.objectContaining({ id: "fiesta-2019", inStock: true }),
      });
      expect(await dataOf(result)).toMatchObject({ postcode: "L3 4BP", workMonths: 6, netIncome: 2450 });
      expect(nudges).toBe(1);
    });

    it("takes the vehicle's details from stock, never from what the client sent", async () => {
      const result = await intake.submit("finance-application", {
        ...validApplication(),
        vehicleId: "focus-2021",
        vehicleDetails: { make: "Lamborghini", model: "Huracán", registration: "L4 MBO", mileage: 1 },
      });
      expect(await dataOf(result)).toMatchObject({ vehicleDetails: { make: "Ford", model: "Focus", mileage: 18000 } });
      expect(result.ok && (await store.get(result.id))?.vehicle).toMatchObject({
        id: "focus-2021",
        inStock: true,
        make: "Ford",
        priceGBP: 15495,
      });
    });

    it("keeps an application for a vehicle sold since its page was opened, with the details it was listed with", async () => {
      const result = await intake.submit("finance-application", {
        ...validApplication(),
        vehicleId: SOLD_LATELY.id,
        vehicleDetails: { make: "Lamborghini", model: "Huracán" },
      });
      expect(result).toMatchObject({ ok: true, vehicle: { id: SOLD_LATELY.id, inStock: false, soldAt: SOLD_LATELY.soldAt } });
      expect(await dataOf(result)).toMatchObject({
        vehicleDetails: { make: "Volkswagen", model: "Golf", registration: "MF20 GLF", mileage: 21000 },
      });
      expect(result.ok && (await store.get(result.id))?.vehicle).toEqual({ ...SOLD_LATELY, inStock: false });
    });

    it("refuses an application for a vehicle never listed, naming vehicleId, and stores nothing", async () => {
      const result = await intake.submit("finance-application", {
        ...validApplication(),
        vehicleId: "no-such-vehicle",
        vehicleDetails: { make: "Lamborghini", model: "Huracán" },
      });
      expect(result).toEqual({
        ok: false,
        firstField: "vehicleId",
        errors: { vehicleId: LEAD_HANDLING["finance-application"].vehicle!.unknown },
      });
      expect(await store.claimNextDue(new Date(), 1000)).toBeUndefined();
      expect(nudges).toBe(0);
    });

    it("names every problem in the order of the form, the first first, and stores nothing", async () => {
      const result = await intake.submit("finance-application", {
        ...validApplication(),
        postcode: "12345",
        email: "not-an-email",
        dob: "2015-01-01",
      });
      expect(result).toEqual({
        ok: false,
        firstField: "email",
        errors: {
          email: expect.any(String),
          dob: "You must be 18 or over to apply for finance",
          postcode: "Enter a UK postcode, like L3 4BP",
        },
      });
      expect(await store.claimNextDue(new Date(), 1000)).toBeUndefined();
    });

    it("answers a repeated idempotency key with the first application's id and reference, but stores a different application sent with it", async () => {
      const first = await intake.submit("finance-application", validApplication(), "key-1");
      const again = await intake.submit("finance-application", validApplication(), "key-1");
      expect(first).toMatchObject({ ok: true, created: true });
      expect(again).toEqual({ ...first, created: false });
      expect(nudges).toBe(1);
      const other = await intake.submit("finance-application", { ...validApplication(), firstName: "Aoife" }, "key-1");
      expect(other).toMatchObject({ ok: true, created: true });
    });
  });

  describe("a repeat within a day", () => {
    const MINUTE = 60_000;
    let clock: Date;
    const at = (minutes: number) => new Date(Date.UTC(2030, 0, 7, 10) + minutes * MINUTE);
    const submitAt = (minutes: number, kind: Parameters<LeadIntake["submit"]>[0], input: unknown) => {
      clock = at(minutes);
      return intake.submit(kind, input);
    };
    const storedOf = async (result: Awaited<ReturnType<LeadIntake["submit"]>>) => {
      if (!result.ok) throw new Error("not stored");
      return (await store.get(result.id))!;
    };
    beforeEach(() => {
      intake = new LeadIntake(
        store,
        knownLeadVehicle,
        logs.logger,
        () => nudges++,
        WEEKDAY_SCHEDULE,
        new EngineHealth(logs.logger),
        () => clock,
      );
    });

    it("stores and forwards a second application for the same vehicle from the same person, marked with the first", async () => {
      const first = await submitAt(0, "finance-application", validApplication());
      const second = await submitAt(3, "finance-application", { ...validApplication(), email: " SIOBHAN@example.com" });
      const third = await submitAt(20, "finance-application", validApplication());
      const firstLead = await storedOf(first);
      expect(firstLead.likelyDuplicateOf).toBeUndefined();
      const mark = { id: firstLead.id, reference: firstLead.reference, receivedAt: at(0) };
      expect((await storedOf(second)).likelyDuplicateOf).toEqual(mark);
      // Each repeat names the first, the one staff are working.
      expect((await storedOf(third)).likelyDuplicateOf).toEqual(mark);
      expect(nudges).toBe(3);
      expect((await store.list({ page: 1, pageSize: 10 })).total).toBe(3);
    });

    it("takes the same phone number, however written, for the same person", async () => {
      const first = await submitAt(0, "finance-application", validApplication());
      const second = await submitAt(1, "finance-application", {
        ...validApplication(),
        email: "s.oneill@example.org",
        phone: "+44 7700 900123",
      });
      expect((await storedOf(second)).likelyDuplicateOf).toMatchObject({ id: first.ok && first.id });
    });

    it("leaves unmarked another person, another vehicle, another kind, and a repeat a day later", async () => {
      await submitAt(0, "finance-application", validApplication());
      const otherPerson = await submitAt(1, "finance-application", {
        ...validApplication(),
        email: "aoife@example.com",
        phone: "07700 900456",
      });
      // Found by the search's beginnings of words, and not the same address.
      const longerAddress = await submitAt(2, "finance-application", {
        ...validApplication(),
        email: "siobhan@example.com.au",
        phone: "07700 900999",
      });
      const otherVehicle = await submitAt(3, "finance-application", { ...validApplication(), vehicleId: "focus-2021" });
      const dayLater = await submitAt(24 * 60 + 1, "finance-application", validApplication());
      for (const result of [otherPerson, longerAddress, otherVehicle, dayLater]) {
        expect((await storedOf(result)).likelyDuplicateOf).toBeUndefined();
      }
      const enquiry = {
        name: "Siobhán O'Neill",
        email: "siobhan@example.com",
        contactMethod: "email",
        message: "Still there?",
        vehicleId: "fiesta-2019",
      };
      expect((await storedOf(await submitAt(24 * 60 + 2, "enquiry", enquiry))).likelyDuplicateOf).toBeUndefined();
      const again = await submitAt(24 * 60 + 30, "enquiry", { ...enquiry, message: "Is it still there?" });
      expect((await storedOf(again)).likelyDuplicateOf).toMatchObject({ receivedAt: at(24 * 60 + 2) });
    });
    it("stores the lead unmarked when the store cannot search for an earlier one", async () => {
      const searchFails = Object.assign(Object.create(store) as FileLeadStore, {
        list: () => Promise.reject(new Error("search failed")),
      });
      intake = new LeadIntake(
        searchFails,
        knownLeadVehicle,
        logs.logger,
        () => nudges++,
        WEEKDAY_SCHEDULE,
        new EngineHealth(logs.logger),
        () => clock,
      );
      await submitAt(0, "finance-application", validApplication());
      const second = await submitAt(1, "finance-application", validApplication());
      expect(second.ok).toBe(true);
      expect((await storedOf(second)).likelyDuplicateOf).toBeUndefined();
      expect(nudges).toBe(2);
    });
  });

  describe("the small forms", () => {
    it("stores a newsletter sign-up with the wording consented to and when, kept only for staff", async () => {
      const before = Date.now();
      const result = await intake.submit("newsletter", { email: "Jo@Example.com", consent: "yes", source: "/vans" });
      expect(result).toMatchObject({ ok: true, created: true });
      const stored = result.ok ? await store.get(result.id) : undefined;
      expect(stored?.data).toEqual({
        email: "jo@example.com",
        source: "/vans",
        consent: { wording: NEWSLETTER_CONSENT, givenAt: stored!.receivedAt.toISOString() },
      });
      expect(stored!.receivedAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(nudges).toBe(0);
    });

    it("answers a repeated sign-up, in any case, with the first one's id and keeps the first consent record", async () => {
      const first = await intake.submit("newsletter", { email: "jo@example.com", consent: true, source: "/cars" });
      const again = await Promise.all([
        intake.submit("newsletter", { email: "JO@example.com", consent: "yes", source: "/vans" }),
        intake.submit("newsletter", { email: " jo@EXAMPLE.com ", consent: true }),
      ]);
      expect(again).toEqual([
        { ...first, created: false },
        { ...first, created: false },
      ]);
      expect(await dataOf(first)).toMatchObject({ source: "/cars" });
      expect((await intake.submit("newsletter", { email: "sam@example.com", consent: true })).ok).toBe(true);
    });

    it("names every problem of a part-exchange request in the order of the form, and stores nothing", async () => {
      const result = await intake.submit("part-exchange", { ...partExchange, mileage: "lots", postcode: "90210", registration: "" });
      expect(result).toEqual({
        ok: false,
        firstField: "registration",
        errors: {
          registration: "Enter your vehicle's registration",
          mileage: "Enter the mileage as a whole number, like 42000",
          postcode: "Enter a UK postcode, like L3 4BP",
        },
      });
      expect(await intake.submit("part-exchange", "not an object")).toMatchObject({ ok: false, firstField: "" });
      expect(await store.claimNextDue(new Date(), 1000)).toBeUndefined();
      expect(nudges).toBe(0);
    });

    it("stores a part-exchange request as the schema reads it and asks for it to be forwarded", async () => {
      const result = await intake.submit("part-exchange", partExchange);
      expect(result).toMatchObject({ ok: true, created: true });
      expect(await dataOf(result)).toMatchObject({ registration: "MA19 ABC", mileage: 42000, phone: "07700900123", postcode: "L3 4BP" });
      expect(nudges).toBe(1);
    });

    it("stores each piece of feedback, the same words twice included", async () => {
      const first = await intake.submit("feedback", { message: "Great site", page: "/" });
      const second = await intake.submit("feedback", { message: "Great site", page: "/" });
      expect([first, second]).toMatchObject([
        { ok: true, created: true },
        { ok: true, created: true },
      ]);
      expect(first.ok && second.ok && first.id !== second.id).toBe(true);
      expect(await dataOf(first)).toEqual({ message: "Great site", page: "/" });
    });
  });

  it("logs ids, kinds and field names, never what the visitor typed", async () => {
    await intake.submit("newsletter", { email: "siobhan@example.com", consent: true });
    await intake.submit("newsletter", { email: "siobhan@example.com", consent: true });
    await intake.submit("newsletter", { email: "siobhan(at)example.com", consent: true });
    await intake.submit("feedback", { message: "Mersey views from the forecourt", email: "siobhan@example.com" });
    await intake.submit("part-exchange", partExchange);
    await intake.submit("part-exchange", { ...partExchange, phone: "not-a-phone" });
    await intake.submit("finance-application", validApplication(), "key-1");
    await intake.submit("finance-application", { ...validApplication(), email: "siobhan(at)example.com" });
    const logged = logs.text();
    expect(logged).toContain("Newsletter sign-up already stored");
    expect(logged).toContain('"invalidFields":["email"]');
    expect(logged).toContain('"invalidFields":["phone"]');
    expect(logged).toContain("Part-exchange request stored");
    expect(logged).toContain("Finance application stored");
    for (const typed of [
      "siobhan",
      "Siobhán",
      "O'Neill",
      "07700 900123",
      "07700900123",
      "L3 4BP",
      "l34bp",
      "MA19",
      "ma19",
      "42,000",
      "Mersey",
      "scuff",
      "not-a-phone",
      "1990-04-23",
      "Wapping",
      "Liverpool",
      "key-1",
    ]) {
      expect(logged).not.toContain(typed);
    }
  });
});
