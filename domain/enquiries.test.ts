import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { feedbackSchema, newsletterSignUpSchema, partExchangeSchema } from "./enquiries";
import { NEWSLETTER_CONSENT_MISSING } from "./enquiry-wording";
import { fieldErrors } from "./form-fields";

const problemsOf = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe("newsletter sign-up", () => {
  it("takes an address and a ticked box, from the form or the JSON API", () => {
    expect(newsletterSignUpSchema.parse({ email: " Jo.Bloggs@Example.COM ", consent: "yes", source: "/vans" })).toEqual({
      email: "jo.bloggs@example.com",
      consent: true,
      source: "/vans",
    });
    expect(newsletterSignUpSchema.parse({ email: "jo@example.com", consent: true, source: "" })).toEqual({
      email: "jo@example.com",
      consent: true,
    });
  });

  it("asks for the box to be ticked and for a real address, in the form's order", () => {
    expect(problemsOf(newsletterSignUpSchema, { email: "jo@", consent: false })).toEqual({
      email: "Enter an email address like name@example.com",
      consent: NEWSLETTER_CONSENT_MISSING,
    });
    expect(problemsOf(newsletterSignUpSchema, {})).toEqual({
      email: "Enter your email address",
      consent: "Tick the box to agree to receive our newsletter",
    });
  });

  it("keeps only a path on this site as the page signed up on", () => {
    for (const source of ["https://elsewhere.example/", "//elsewhere.example", "/search?email=jo@example.com", "vans"]) {
      expect(problemsOf(newsletterSignUpSchema, { email: "jo@example.com", consent: true, source })).toHaveProperty("source");
    }
  });
});

describe("feedback", () => {
  it("needs a message of up to 2,000 characters; the e-mail address is optional but checked", () => {
    expect(feedbackSchema.parse({ message: " The filters are great ", email: "", page: "/car-search" })).toEqual({
      message: "The filters are great",
      page: "/car-search",
    });
    expect(problemsOf(feedbackSchema, { message: "  " })).toEqual({ message: "Enter your feedback" });
    expect(problemsOf(feedbackSchema, { message: "x".repeat(2001) })).toEqual({
      message: "Keep your feedback to 2,000 characters or fewer",
    });
    expect(feedbackSchema.safeParse({ message: "x".repeat(2000) }).success).toBe(true);
    expect(problemsOf(feedbackSchema, { message: "Hello", email: "jo(at)example.com" })).toEqual({
      email: "Enter an email address like name@example.com",
    });
  });
});

describe("part exchange", () => {
  const valid = {
    registration: "ma19abc",
    mileage: "42,000",
    name: "Siobhán O'Neill",
    email: "siobhan@example.com",
    phone: "0151 496 0123",
    postcode: "l34bp",
  };

  it("tidies the plate, the mileage, the phone number and the postcode", () => {
    expect(partExchangeSchema.parse({ ...valid, make: "", condition: "Small dent on the tailgate", interestedIn: "fiesta-2019" })).toEqual({
      registration: "MA19 ABC",
      mileage: 42000,
      condition: "Small dent on the tailgate",
      name: "Siobhán O'Neill",
      email: "siobhan@example.com",
      phone: "01514960123",
      postcode: "L3 4BP",
      interestedIn: "fiesta-2019",
    });
    expect(partExchangeSchema.parse({ ...valid, registration: "A 123 BCD", mileage: 8000 })).toMatchObject({
      registration: "A123BCD",
      mileage: 8000,
    });
  });

  it("takes a phone number without an e-mail address: the valuation can be given by phone", () => {
    expect(partExchangeSchema.parse({ ...valid, email: "" }).email).toBeUndefined();
  });

  it("explains each problem beside its field, in the form's order", () => {
    expect(
      problemsOf(partExchangeSchema, {
        ...valid,
        registration: "not a plate!",
        mileage: "about 40k",
        phone: "+1 202 555 0100",
        postcode: "90210",
      }),
    ).toEqual({
      registration: "Enter a UK registration, like MA19 ABC",
      mileage: "Enter the mileage as a whole number, like 42000",
      phone: "Enter a UK phone number, like 07700 900123 or 0151 496 0123",
      postcode: "Enter a UK postcode, like L3 4BP",
    });
    expect(problemsOf(partExchangeSchema, {})).toEqual({
      registration: "Enter your vehicle's registration",
      mileage: "Enter the mileage",
      name: "Enter your name",
      phone: "Enter your phone number",
      postcode: "Enter your postcode",
    });
    expect(problemsOf(partExchangeSchema, { ...valid, mileage: "4,20" })).toEqual({
      mileage: "Enter the mileage as a whole number, like 42000",
    });
    expect(problemsOf(partExchangeSchema, { ...valid, mileage: -5 })).toEqual({
      mileage: "Enter the mileage as a whole number, like 42000",
    });
  });
});
