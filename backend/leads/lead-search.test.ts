import { describe, expect, it } from "vitest";
import { ukPhoneSchema } from "../../domain/form-fields";
import { normalPhone } from "../../domain/uk-formats";
import { contactsOf, leadSearchOf, matchesSearch, searchTermsOf } from "./lead-search";

/** One mobile number in every way people commonly write it. */
const MOBILE_SPELLINGS = [
  "07700 900124",
  "07700900124",
  "+447700900124",
  "+44 7700 900124",
  "+44 (0)7700 900-124",
  "0044 7700 900124",
  "(07700) 900124",
  "(+44) 7700 900124",
  "  +44-7700-900-124 ",
];
const LANDLINE_SPELLINGS = ["0151 496 0123", "(0151) 496 0123", "+44 151 496 0123", "+44 (0)151 496 0123", "0044 (0)151 496 0123"];

describe("normalPhone", () => {
  it.each(MOBILE_SPELLINGS)("reads %j as the one number the forms keep", (spelling) => {
    expect(normalPhone(spelling)).toBe("07700900124");
  });

  it.each(LANDLINE_SPELLINGS)("reads the landline %j as the one number the forms keep", (spelling) => {
    expect(normalPhone(spelling)).toBe("01514960123");
  });

  it("reads the start of a number typed into a search the same way", () => {
    expect(normalPhone("+44 (0)7700 9")).toBe("077009");
    expect(normalPhone("0044 7700")).toBe("07700");
    expect(normalPhone("0151 496")).toBe("0151496");
  });

  it("keeps another country's number apart from any UK one", () => {
    expect(normalPhone("+33 1 23 45 67 89")).toBe("+33123456789");
    expect(normalPhone("0033 1 23 45 67 89")).toBe("+33123456789");
  });

  it.each([...MOBILE_SPELLINGS, ...LANDLINE_SPELLINGS])("is how the forms keep %j, so a buyer may type it as they write it", (spelling) => {
    expect(ukPhoneSchema.parse(spelling)).toBe(normalPhone(spelling));
  });

  it("refuses in the forms a number from another country or too short, naming what to enter", () => {
    for (const spelling of ["+33 1 23 45 67 89", "0151 496", "07700 9001245"]) {
      expect(ukPhoneSchema.safeParse(spelling).error?.issues[0]?.message).toMatch(/Enter a UK phone number/);
    }
  });

  it("leaves a number as the forms keep it unchanged, so the search terms stored by earlier versions still match", () => {
    for (const spelling of ["07700 900124", "+44 7700 900124", "(0151) 496-0123", "020 7946 0000"]) {
      const kept = ukPhoneSchema.parse(spelling);
      expect(normalPhone(kept)).toBe(kept);
    }
  });
});

describe("finding and erasing a lead by its phone", () => {
  const data = { name: "Jo Bloggs", email: "jo@example.com", phone: ukPhoneSchema.parse("07700 900124") };

  it.each(MOBILE_SPELLINGS)("finds the lead by %j", (spelling) => {
    expect(matchesSearch(searchTermsOf("enquiry", data), leadSearchOf(spelling))).toBe(true);
  });

  it.each(MOBILE_SPELLINGS)("names the lead's phone as %j names it, for an erasure", (spelling) => {
    expect(contactsOf("enquiry", data)).toContain(normalPhone(spelling));
  });

  it("does not find it by another number", () => {
    expect(matchesSearch(searchTermsOf("enquiry", data), leadSearchOf("+44 (0)7700 900125"))).toBe(false);
  });
});

describe("finding a lead by its reference", () => {
  const data = { name: "Jo Bloggs", email: "jo@example.com" };

  it.each(["AVH5-SPXK", "avh5-spxk", "AVH5SPXK", "avh5 spxk", " Avh5 - Spxk "])("reads %j as the reference AVH5-SPXK", (spelling) => {
    expect(leadSearchOf(spelling).reference).toBe("AVH5-SPXK");
  });

  it("reads no reference from a part of one, a name, or letters a reference never holds", () => {
    for (const text of ["AVH5", "jo bloggs", "AVI5-SPXK", "AVH5-SPXK2"]) expect(leadSearchOf(text).reference, text).toBeUndefined();
    // A name that happens to spell one still finds by name too.
    expect(matchesSearch(searchTermsOf("enquiry", { name: "Marshall Hay" }), leadSearchOf("marshall"))).toBe(true);
  });

  it("does not find a lead by someone else's words", () => {
    expect(matchesSearch(searchTermsOf("enquiry", data), leadSearchOf("AVH5-SPXK"))).toBe(false);
  });
});
