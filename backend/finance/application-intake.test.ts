import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { capturedLogger } from "../../tests/support/captured-logger";
import { validApplication } from "../../tests/support/finance-applications";
import { knownRecord } from "../../tests/support/known-vehicles";
import { ApplicationIntake, UNKNOWN_VEHICLE } from "./application-intake";
import { FileApplicationStore } from "./file-application-store";

describe("ApplicationIntake", () => {
  let directory: string;
  let store: FileApplicationStore;
  let intake: ApplicationIntake;
  let nudges: number;
  const logs = capturedLogger();

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "intake-"));
    store = await FileApplicationStore.open(directory);
    nudges = 0;
    intake = new ApplicationIntake(store, async (id) => knownRecord(id), logs.logger, () => nudges++);
  });
  afterEach(async () => {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("stores a valid application as the schema reads it and asks for it to be forwarded", async () => {
    const result = await intake.submit(validApplication());
    expect(result).toEqual({ ok: true, id: expect.any(String), created: true });
    if (!result.ok) return;
    expect((await store.get(result.id))?.application).toMatchObject({ postcode: "L3 4BP", workMonths: 6, netIncome: 2450 });
    expect(nudges).toBe(1);
  });

  it("takes the vehicle's details from stock, never from what the client sent", async () => {
    const result = await intake.submit({
      ...validApplication(),
      vehicleId: "focus-2021",
      vehicleDetails: { make: "Lamborghini", model: "Huracán", registration: "L4 MBO", mileage: 1 },
    });
    if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.errors)}`);
    expect((await store.get(result.id))?.application.vehicleDetails).toEqual({ make: "Ford", model: "Focus", mileage: 18000 });
  });

  it("refuses an application for a vehicle that is not in stock, naming vehicleId, and stores nothing", async () => {
    const result = await intake.submit({ ...validApplication(), vehicleId: "no-such-vehicle", vehicleDetails: { make: "Lamborghini", model: "Huracán" } });
    expect(result).toEqual({ ok: false, firstField: "vehicleId", errors: { vehicleId: UNKNOWN_VEHICLE } });
    expect(await store.claimNextDue(new Date(), 1000)).toBeUndefined();
    expect(nudges).toBe(0);
  });

  it("names every problem in the order of the form, the first first, and stores nothing", async () => {
    const result = await intake.submit({ ...validApplication(), postcode: "12345", email: "not-an-email", dob: "2015-01-01" });
    expect(result).toEqual({
      ok: false,
      firstField: "email",
      errors: { email: expect.any(String), dob: "You must be 18 or over to apply for finance", postcode: "Enter a UK postcode, like L3 4BP" },
    });
    expect(await store.claimNextDue(new Date(), 1000)).toBeUndefined();
  });

  it("answers a repeated idempotency key with the first application's id", async () => {
    const first = await intake.submit(validApplication(), "key-1");
    const again = await intake.submit(validApplication(), "key-1");
    expect(first).toMatchObject({ ok: true, created: true });
    expect(again).toEqual({ ok: true, id: (first as { id: string }).id, created: false });
    expect(nudges).toBe(1);
  });

  it("stores a different application sent with a key already used, rather than swallow it", async () => {
    const first = await intake.submit(validApplication(), "key-1");
    const other = await intake.submit({ ...validApplication(), firstName: "Aoife" }, "key-1");
    expect(other).toMatchObject({ ok: true, created: true });
    expect((other as { id: string }).id).not.toBe((first as { id: string }).id);
  });

  it("logs ids and field names, never what the applicant typed", async () => {
    await intake.submit(validApplication(), "key-1");
    await intake.submit({ ...validApplication(), email: "siobhan(at)example.com" });
    const logged = logs.text();
    expect(logged).toContain("Finance application stored");
    expect(logged).toContain('"invalidFields":["email"]');
    for (const typed of ["Siobhán", "O'Neill", "07700", "siobhan", "1990-04-23", "Wapping", "Liverpool", "L3 4BP", "Mersey", "key-1"]) {
      expect(logged).not.toContain(typed);
    }
  });
});
