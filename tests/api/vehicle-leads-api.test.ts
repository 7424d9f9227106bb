import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadDealer } from "../../backend/dealer-config";
import type { LeadKindName } from "../../domain/lead-kinds";
import type { ForwardingTiming } from "../../backend/leads/lead-forwarder";
import { addDays, scheduleOf, showroomMoment, testDriveDays } from "../../domain/opening-hours";
import { capturedLogger } from "../support/captured-logger";
import { knownStockChange } from "../support/known-vehicles";
import { startLeadService, type LeadService } from "../support/lead-service";
import { sellVehicle, startTestSite, type TestSite } from "../support/start-test-site";
import { storedLead, storedLeadIds } from "../support/stored-leads";

/**
 * The vehicle page's leads through the JSON API: an enquiry, a test-drive booking and a
 * call-back request, each about a vehicle in stock (or sold since its page was opened).
 */

const FAST_FORWARDING: ForwardingTiming = { pollIntervalMs: 20, retryBaseMs: 20, retryMaxMs: 200, requestTimeoutMs: 2000 };
type Kind = Extract<LeadKindName, "enquiry" | "test-drive" | "call-back">;
const KINDS: readonly Kind[] = ["enquiry", "test-drive", "call-back"];
const INVALID_CODE: Record<Kind, string> = {
  enquiry: "invalid_enquiry",
  "test-drive": "invalid_test_drive",
  "call-back": "invalid_call_back",
};

const schedule = scheduleOf(await loadDealer("dealer.json"));
/** The first day and time the showroom takes a test drive, as the site works it out today. */
const firstSlot = () => {
  const [day] = testDriveDays(schedule, new Date());
  return { day: day!.date, time: day!.times[0]! };
};
/** The next day the shipped dealer file has the showroom closed (a Sunday, at the latest). */
const nextClosedDay = () => {
  const today = showroomMoment(new Date()).date;
  for (let ahead = 1; ; ahead++)
    if (!testDriveDays(schedule, new Date()).some(({ date }) => date === addDays(today, ahead))) return addDays(today, ahead);
};

function valid(kind: Kind, vehicleId = "fiesta-2019"): Record<string, unknown> {
  if (kind === "enquiry") {
    return {
      name: "Siobhán O'Neill",
      email: "siobhan@example.com",
      phone: "",
      contactMethod: "email",
      message: "Is the Ford Fiesta MA19 ABC still available?",
      vehicleId,
    };
  }
  if (kind === "test-drive")
    return { name: "Siobhán O'Neill", phone: "07700 900123", email: "siobhan@example.com", ...firstSlot(), licence: true, vehicleId };
  return { name: "Siobhán O'Neill", phone: "0151 496 0123", bestTime: "morning", vehicleId };
}

function postTo(site: TestSite, kind: Kind, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${site.url}/api/${kind}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function created(response: Response): Promise<{ id: string; reference: string; vehicleInStock?: boolean }> {
  expect(response.status).toBe(201);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return (await response.json()) as { id: string; reference: string };
}

async function expectField(response: Response, kind: Kind, field: string, message?: string) {
  const body = (await response.json()) as { error: { code: string; field: string; message: string } };
  expect(response.status).toBe(400);
  expect(body.error).toMatchObject({ code: INVALID_CODE[kind], field });
  if (message) expect(body.error.message).toBe(message);
}

describe("the vehicle page's leads", () => {
  let site: TestSite;
  let lead: LeadService;
  const logs = capturedLogger();
  beforeAll(async () => {
    lead = await startLeadService();
    site = await startTestSite(knownStockChange(), {
      env: { LEAD_WEBHOOK_URL: lead.url },
      logger: logs.logger,
      leadForwarding: FAST_FORWARDING,
      prepare: sellVehicle("volvo-fh-2019"),
    });
  });
  afterAll(async () => {
    await site.close();
    await lead.close();
  });

  describe.each(KINDS)("POST /api/%s", (kind) => {
    it("answers 201 once stored, with the vehicle as the stock lists it, and forwards it with its own leadType", async () => {
      const { id, reference } = await created(await postTo(site, kind, valid(kind)));
      const stored = await storedLead(site.dataDir, id);
      const vehicle = {
        id: "fiesta-2019",
        inStock: true,
        make: "Ford",
        model: "Fiesta",
        registration: "MA19 ABC",
        mileage: 32000,
        priceGBP: 10000,
      };
      expect(stored).toMatchObject({ kind, reference, vehicle, data: { name: "Siobhán O'Neill", vehicleId: "fiesta-2019", vehicle } });
      await vi.waitFor(() => expect(lead.accepted()).toContain(id));
      const delivery = lead.deliveries.find(({ idempotencyKey }) => idempotencyKey === id)!;
      expect(delivery.body).toMatchObject({
        leadType: kind,
        reference,
        name: "Siobhán O'Neill",
        vehicle: { registration: "MA19 ABC", priceGBP: 10000 },
      });
    });

    it("keeps a lead about a vehicle sold since its page was opened, and says so", async () => {
      const body = await created(await postTo(site, kind, valid(kind, "volvo-fh-2019")));
      expect(body.vehicleInStock).toBe(false);
      expect((await storedLead(site.dataDir, body.id)).vehicle).toMatchObject({
        id: "volvo-fh-2019",
        inStock: false,
        make: "Volvo",
        model: "FH",
        priceGBP: 55000,
        soldAt: expect.any(String),
      });
    });

    it("answers 400 naming vehicleId for a vehicle never listed, and a phone number that is not British naming phone; storing nothing", async () => {
      const before = await storedLeadIds(site.dataDir, kind);
      await expectField(
        await postTo(site, kind, valid(kind, "no-such-vehicle")),
        kind,
        "vehicleId",
        "We have no record of this vehicle. Please choose one from our stock, or call us.",
      );
      await expectField(
        await postTo(site, kind, { ...valid(kind), phone: "+1 202 555 0100" }),
        kind,
        "phone",
        "Enter a UK phone number, like 07700 900123 or 0151 496 0123",
      );
      expect(await storedLeadIds(site.dataDir, kind)).toEqual(before);
    });

    it("takes a name and a phone number alone, to be answered by phone", async () => {
      const { email: _email, contactMethod: _contactMethod, ...phoneOnly } = valid(kind);
      const { id } = await created(await postTo(site, kind, { ...phoneOnly, phone: "07700 900123", email: "" }));
      const { data } = await storedLead(site.dataDir, id);
      expect(data).toMatchObject({
        name: "Siobhán O'Neill",
        phone: "07700900123",
        ...(kind === "enquiry" ? { contactMethod: "phone" } : {}),
      });
      expect(data).not.toHaveProperty("email");
    });

    it("answers 400 for JSON that is not an object, 415 for a body that is not JSON and 413 for one over 64 KiB", async () => {
      const notObject = await postTo(site, kind, ["fiesta-2019"]);
      expect(notObject.status).toBe(400);
      expect(((await notObject.json()) as { error: { code: string } }).error.code).toBe("invalid_body");
      expect((await postTo(site, kind, "name=Jo", { "Content-Type": "application/x-www-form-urlencoded" })).status).toBe(415);
      const huge = await postTo(site, kind, { ...valid(kind), message: "x".repeat(65 * 1024) });
      expect(huge.status).toBe(413);
      expect(((await huge.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
    });
  });

  describe("enquiries", () => {
    it.each([
      ["a bad e-mail address", { email: "siobhan@" }, "email", "Enter an email address like name@example.com"],
      [
        "neither e-mail address nor phone number",
        { email: "", phone: "" },
        "email",
        "Enter your email address or phone number, so we can reply",
      ],
      ["no message", { message: " " }, "message", "Enter your message"],
      ["no way to reply chosen", { contactMethod: "pigeon" }, "contactMethod", "Choose how you would like us to reply"],
    ])("answers 400 naming the field for %s", async (_case, change, field, message) => {
      await expectField(await postTo(site, "enquiry", { ...valid("enquiry"), ...change }), "enquiry", field, message);
    });

    it("replies by e-mail when both are given and none is chosen", async () => {
      const { id } = await created(await postTo(site, "enquiry", { ...valid("enquiry"), phone: "07700 900123", contactMethod: undefined }));
      expect((await storedLead(site.dataDir, id)).data).toMatchObject({ email: "siobhan@example.com", contactMethod: "email" });
    });
  });

  describe("test drives", () => {
    it("stores the day, the time and the licence confirmation", async () => {
      const { id } = await created(await postTo(site, "test-drive", valid("test-drive")));
      expect((await storedLead(site.dataDir, id)).data).toMatchObject({ ...firstSlot(), licence: true, phone: "07700900123" });
    });

    it.each([
      ["a bad e-mail address", () => ({ email: "siobhan(at)example.com" }), "email", "Enter an email address like name@example.com"],
      ["a day in the past", () => ({ day: addDays(showroomMoment(new Date()).date, -1) }), "day", "Choose a day from tomorrow onwards"],
      ["today", () => ({ day: showroomMoment(new Date()).date }), "day", "Choose a day from tomorrow onwards"],
      [
        "a day more than 14 days ahead",
        () => ({ day: addDays(showroomMoment(new Date()).date, 15) }),
        "day",
        "We book test drives up to 14 days ahead: choose an earlier day",
      ],
      ["a day the showroom is closed", () => ({ day: nextClosedDay() }), "day", undefined],
      ["a day that does not exist", () => ({ day: "2026-02-30" }), "day", "Choose a day for your test drive"],
      ["a time after closing", () => ({ time: "17:00" }), "time", undefined],
      ["a time before opening", () => ({ time: "08:00" }), "time", undefined],
      ["no licence confirmation", () => ({ licence: false }), "licence", "Tick the box to confirm you hold a full driving licence"],
    ])("answers 400 naming the field for %s", async (_case, change, field, message) => {
      await expectField(await postTo(site, "test-drive", { ...valid("test-drive"), ...change() }), "test-drive", field, message);
    });

    it.each(["x", "", "2026-11", "2026-13-45T00:00"])(
      "answers 400 naming day, not a 500, for a day given as %j, and logs no error",
      async (day) => {
        const before = await storedLeadIds(site.dataDir, "test-drive");
        const response = await postTo(site, "test-drive", { ...valid("test-drive"), day, time: "x" });
        const body = (await response.json()) as { error: { code: string; field: string; message: string; fields: Record<string, string> } };
        expect(response.status).toBe(400);
        expect(body.error).toMatchObject({ code: "invalid_test_drive", field: "day", message: "Choose a day for your test drive" });
        expect(body.error.fields).toEqual({ day: "Choose a day for your test drive", time: "Choose a time for your test drive" });
        expect(await storedLeadIds(site.dataDir, "test-drive")).toEqual(before);
        expect(logs.text()).not.toContain('"level":50');
      },
    );

    it("says when the showroom is open on the day chosen", async () => {
      const response = await postTo(site, "test-drive", { ...valid("test-drive"), time: "16:30" });
      const { error } = (await response.json()) as { error: { message: string } };
      expect(error.message).toMatch(/^On \w+day \d+ \w+ we are open 9am to 5pm: choose a time from 9am to 4pm$/);
    });
  });

  describe("call backs", () => {
    it.each([
      ["no phone number", { phone: "" }, "phone", "Enter your phone number"],
      ["a best time that is not offered", { bestTime: "midnight" }, "bestTime", "Choose the best time to call you"],
      ["a name with digits", { name: "R2D2" }, "name", "Your name can only have letters, spaces, hyphens and apostrophes"],
    ])("answers 400 naming the field for %s", async (_case, change, field, message) => {
      await expectField(await postTo(site, "call-back", { ...valid("call-back"), ...change }), "call-back", field, message);
    });
  });

  it("never writes what a visitor typed to the log", async () => {
    for (const kind of KINDS) {
      await postTo(site, kind, valid(kind));
      await postTo(site, kind, { ...valid(kind), phone: "0161 496 0999 ext" });
    }
    const logged = logs.text();
    expect(logged).toContain("Test-drive booking stored");
    expect(logged).toContain('"invalidFields":["phone"]');
    // Whole numbers, spaced as typed and as stored: a few digits alone turn up in any log's times and ids.
    const phones = ["07700 900123", "0151 496 0123", "0161 496 0999"].flatMap((phone) => [phone, phone.replaceAll(" ", "")]);
    for (const typed of ["Siobhán", "O'Neill", "siobhan@example.com", ...phones, "still available"]) expect(logged).not.toContain(typed);
  });
});

describe("the vehicle page's leads: too many from one client", () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite(knownStockChange(), { env: { POST_RATE_LIMIT: "3", POST_RATE_WINDOW_SECONDS: "600" } });
  });
  afterAll(async () => {
    await site.close();
  });

  it("answers 429 with Retry-After once the client has spent its POSTs, and stores nothing more", async () => {
    for (const kind of KINDS) await created(await postTo(site, kind, valid(kind)));
    const limited = await postTo(site, "call-back", valid("call-back"));
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("too_many_requests");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(590);
    expect(await storedLeadIds(site.dataDir, "call-back")).toHaveLength(1);
  });
});
