import { describe, expect, it } from "vitest";
import { validApplication } from "../tests/support/finance-applications";
import { ageOn, applicationFieldErrors, financeApplicationSchema } from "./finance-application";
import { ukPhoneSchema, ukPostcodeSchema } from "./form-fields";

const problems = (change: Record<string, unknown>) => {
  const result = financeApplicationSchema.safeParse({ ...validApplication(), ...change });
  return result.success ? {} : applicationFieldErrors(result.error);
};

const yearsAgo = (years: number, days = 0) => {
  const day = new Date();
  day.setUTCFullYear(day.getUTCFullYear() - years);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

describe("financeApplicationSchema", () => {
  it("accepts a complete application, tidying what it can", () => {
    const parsed = financeApplicationSchema.parse(validApplication());
    expect(parsed).toMatchObject({ postcode: "L3 4BP", phone: "07700900123", workMonths: 6, netIncome: 2450 });
  });

  it.each([
    [{ email: "not-an-email" }, "email", "Enter an email address like name@example.com"],
    [{ email: "" }, "email", "Enter your email address"],
    [{ phone: "12345" }, "phone", "Enter a UK phone number, like 07700 900123 or 0151 496 0123"],
    [{ postcode: "90210" }, "postcode", "Enter a UK postcode, like L3 4BP"],
    [{ firstName: "" }, "firstName", "Enter your first name"],
    [{ firstName: "R2D2" }, "firstName", "Your first name can only have letters, spaces, hyphens and apostrophes"],
    [{ licenseType: "Jet ski" }, "licenseType", "Choose your licence type"],
    [{ netIncome: "lots" }, "netIncome", "Enter your monthly income after tax in whole pounds, like 2,000"],
    [{ netIncome: "2,00" }, "netIncome", "Enter your monthly income after tax in whole pounds, like 2,000"],
    [{ netIncome: "£2000.50" }, "netIncome", "Enter your monthly income after tax in whole pounds, like 2,000"],
    [{ workMonths: 12 }, "workMonths", "Enter months from 0 to 11"],
    [{ dob: "23/04/1990" }, "dob", "Enter your date of birth as a date, like 1990-04-23"],
    [{ dob: "1990-02-30" }, "dob", "Enter a real date of birth"],
    [{ employer: "" }, "employer", "Enter your employer (we never contact them)"],
    [{ vehicleId: "../etc" }, "vehicleId", "Say which vehicle you are applying for, by the id in its page's address"],
  ])("rejects %j, naming %s", (change, field, message) => {
    expect(problems(change)[field]).toBe(message);
  });

  it("needs applicants to be 18 or over on the day they apply", () => {
    expect(problems({ dob: yearsAgo(18) })).toEqual({});
    expect(problems({ dob: yearsAgo(18, 1) }).dob).toBe("You must be 18 or over to apply for finance");
  });

  it("asks about the job only of those in work", () => {
    expect(problems({ occupationalStatus: "Retired", employer: undefined, jobTitle: undefined, workYears: undefined })).toEqual({});
  });

  it.each([
    ["2,000", 2000],
    ["£2,000", 2000],
    [" £ 2,450 ", 2450],
    ["£1800", 1800],
    ["12,500", 12500],
    [2450, 2450],
  ])("reads the income %j as %d pounds", (netIncome, pounds) => {
    expect(financeApplicationSchema.parse({ ...validApplication(), netIncome }).netIncome).toBe(pounds);
  });

  it("asks about the job of those in work even while other answers are wrong, so every problem shows at once", () => {
    const missing = { employer: undefined, jobTitle: undefined, workYears: undefined, netIncome: undefined };
    expect(Object.keys(problems(missing))).toEqual(["employer", "jobTitle", "workYears", "netIncome"]);
    expect(Object.keys(problems({ ...missing, email: "x" }))).toEqual(["email", "employer", "jobTitle", "workYears", "netIncome"]);
    expect(financeApplicationSchema.safeParse(null).success).toBe(false);
  });

  it("takes previous addresses as the form asks for them, naming a problem by the address and field", () => {
    const previous = { address1: "2 Dock Road", city: "Leeds", postcode: "ls11aa", residenceYears: "2" };
    expect(financeApplicationSchema.parse({ ...validApplication(), previousAddresses: [previous] }).previousAddresses).toEqual([
      { address1: "2 Dock Road", city: "Leeds", postcode: "LS1 1AA", residenceYears: 2 },
    ]);
    expect(problems({ previousAddresses: [{ ...previous, city: "" }, { postcode: "90210" }] })).toEqual({
      "previousAddresses.0.city": "Enter the town or city of this previous address",
      "previousAddresses.1.address1": "Enter the first line of this previous address",
      "previousAddresses.1.city": "Enter the town or city of this previous address",
      "previousAddresses.1.postcode": "Enter a UK postcode, like L3 4BP",
    });
    expect(Object.keys(problems({ previousAddresses: [{ ...previous, postcode: "x" }], residenceMonths: 12, netIncome: "lots" }))).toEqual([
      "residenceMonths",
      "previousAddresses.0.postcode",
      "netIncome",
    ]);
    expect(problems({ previousAddresses: Array(4).fill(previous) })).toEqual({ previousAddresses: "Give up to 3 previous addresses" });
  });

  it("names every bad field, in the order of the form", () => {
    expect(Object.keys(problems({ email: "x", phone: "1", surname: "" }))).toEqual(["surname", "phone", "email"]);
  });
});

describe("field formats", () => {
  it.each(["07700 900123", "+44 7700 900123", "0151 496 0123", "(0151) 4960123", "020 7946 0000", "0300-123-4567"])(
    "accepts the UK number %s",
    (phone) => {
      expect(ukPhoneSchema.safeParse(phone).success).toBe(true);
    },
  );

  it.each(["0900 123 456", "+1 555 0100", "0770090012", "phone me"])("rejects %s", (phone) => {
    expect(ukPhoneSchema.safeParse(phone).success).toBe(false);
  });

  it.each([
    ["L3 4BP", "L3 4BP"],
    ["sw1a1aa", "SW1A 1AA"],
    [" m1  1ae ", "M1 1AE"],
    ["GIR 0AA", "GIR 0AA"],
  ])("reads the postcode %j as %j", (input, output) => {
    expect(ukPostcodeSchema.parse(input)).toBe(output);
  });

  it("counts age in whole years, birthday included", () => {
    expect(ageOn("2008-11-22", new Date("2026-11-22T00:00:00Z"))).toBe(18);
    expect(ageOn("2008-11-23", new Date("2026-11-22T00:00:00Z"))).toBe(17);
  });
});
