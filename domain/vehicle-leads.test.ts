import { describe, expect, it } from "vitest";
import { fieldErrors } from "./form-fields";
import { scheduleOf } from "./opening-hours";
import { enquirySchema, testDriveSchema } from "./vehicle-leads";

// Wednesday 11 November 2026, morning in London; the showroom opens Monday to Saturday.
const NOW = new Date("2026-11-11T10:00:00Z");
const schedule = scheduleOf({
  openingHours: [
    { days: "Mon-Fri", hours: "9am to 5pm" },
    { days: "Saturday", hours: "10am - 1pm" },
  ],
});
const booking = {
  name: "Siobhán O'Neill",
  phone: "07700 900123",
  email: "siobhan@example.com",
  day: "2026-11-12",
  time: "10:00",
  licence: "yes",
  vehicleId: "fiesta-2019",
};

const problemsOf = (input: Record<string, unknown>) => {
  const parsed = testDriveSchema(schedule, NOW).safeParse(input);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe("a test drive's day and time", () => {
  it("takes a day the showroom is open and a time it is open for the whole drive", () => {
    expect(testDriveSchema(schedule, NOW).parse(booking)).toMatchObject({ day: "2026-11-12", time: "10:00", licence: true });
  });

  it.each(["x", "", "2026-11", "2026-11-12T10:00", "12/11/2026", "2026-02-30", "2026-13-01", "0000-01-01"])(
    "asks for a day, and nothing else about the day or time, when given %j",
    (day) => {
      const parsed = testDriveSchema(schedule, NOW).safeParse({ ...booking, day });
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues.map(({ path, message }) => ({ path, message }))).toEqual([
        { path: ["day"], message: "Choose a day for your test drive" },
      ]);
    },
  );

  it("asks for a day when it is missing or not text", () => {
    expect(problemsOf({ ...booking, day: undefined })).toEqual({ day: "Choose a day for your test drive" });
    expect(problemsOf({ ...booking, day: 20261112 })).toEqual({ day: "Choose a day for your test drive" });
  });

  it.each(["x", "", "9am", "24:00", "10:00:00"])("asks for a time, once, when given %j", (time) => {
    const parsed = testDriveSchema(schedule, NOW).safeParse({ ...booking, time });
    expect(parsed.error!.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ["time"], message: "Choose a time for your test drive" },
    ]);
  });

  it("says every problem at once: a bad day beside a bad name", () => {
    expect(problemsOf({ ...booking, name: "R2D2", day: "x" })).toEqual({
      name: "Your name can only have letters, spaces, hyphens and apostrophes",
      day: "Choose a day for your test drive",
    });
  });

  it("still names a real day that cannot be booked, and a time outside that day's hours", () => {
    expect(problemsOf({ ...booking, day: "2026-11-11" })).toEqual({ day: "Choose a day from tomorrow onwards" });
    expect(problemsOf({ ...booking, day: "2026-11-15" })).toEqual({ day: "We are closed on Sunday 15 November: choose another day" });
    expect(problemsOf({ ...booking, day: "2026-11-26" })).toEqual({
      day: "We book test drives up to 14 days ahead: choose an earlier day",
    });
    expect(problemsOf({ ...booking, day: "2026-11-14", time: "14:00" })).toEqual({
      time: "On Saturday 14 November we are open 10am to 1pm: choose a time from 10am to 12pm",
    });
  });
});

describe("an enquiry's reply", () => {
  const enquiry = { name: "Siobhán O'Neill", message: "Is it still available?", vehicleId: "fiesta-2019" };

  it("goes the one way given, whatever the form's choice started on", () => {
    expect(enquirySchema.parse({ ...enquiry, phone: "07700 900123" })).toMatchObject({ contactMethod: "phone", phone: "07700900123" });
    expect(enquirySchema.parse({ ...enquiry, phone: "07700 900123", email: "", contactMethod: "email" })).toMatchObject({
      contactMethod: "phone",
    });
    expect(enquirySchema.parse({ ...enquiry, email: "jo@example.com", contactMethod: "phone" })).toMatchObject({ contactMethod: "email" });
  });

  it("goes the way chosen when both are given, by e-mail when none was chosen", () => {
    const both = { ...enquiry, email: "jo@example.com", phone: "07700 900123" };
    expect(enquirySchema.parse({ ...both, contactMethod: "phone" })).toMatchObject({ contactMethod: "phone" });
    expect(enquirySchema.parse(both)).toMatchObject({ contactMethod: "email" });
  });

  it("asks for one way to reply when neither is given", () => {
    const parsed = enquirySchema.safeParse({ ...enquiry, email: "", phone: " " });
    expect(fieldErrors(parsed.error!)).toEqual({ email: "Enter your email address or phone number, so we can reply" });
  });
});

describe("a test drive booked with a phone number alone", () => {
  it("is taken: the drive is confirmed by phone", () => {
    const { email: _email, ...phoneOnly } = booking;
    expect(testDriveSchema(schedule, NOW).parse({ ...phoneOnly, email: "" }).email).toBeUndefined();
  });
});
