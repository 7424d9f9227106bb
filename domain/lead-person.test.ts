import { describe, expect, it } from "vitest";
import { LEAD_KIND_NAMES } from "./lead-kinds";
import { personOf } from "./lead-person";

describe("the person who sent a lead", () => {
  it("is read where each kind names them: a whole name, or a first name and a surname", () => {
    expect(personOf("enquiry", { name: " Jo Bloggs ", email: "jo@example.com", phone: " 07700900123 " })).toEqual({
      name: "Jo Bloggs",
      firstName: "Jo",
      email: "jo@example.com",
      phone: "07700900123",
    });
    expect(personOf("finance-application", { firstName: "Mary Ann", surname: "Bloggs", email: "m@example.com" })).toEqual({
      name: "Mary Ann Bloggs",
      firstName: "Mary Ann",
      email: "m@example.com",
    });
  });

  it("takes nothing from a field its kind does not name the person in", () => {
    expect(personOf("call-back", { name: "Jo", email: "jo@example.com", phone: "07700900123" })).toEqual({
      name: "Jo",
      firstName: "Jo",
      phone: "07700900123",
    });
    expect(personOf("newsletter", { name: "Jo", email: "jo@example.com" })).toEqual({ email: "jo@example.com" });
  });

  it("is nobody for data that is not a record, or fields that are empty or not text", () => {
    expect(personOf("enquiry", "nonsense")).toEqual({});
    expect(personOf("enquiry", { name: "  ", email: 7 })).toEqual({});
  });

  it("has a name or an address for every kind, as its form asks for one", () => {
    const asked = { name: "Jo Bloggs", firstName: "Jo", surname: "Bloggs", email: "jo@example.com", phone: "07700900123" };
    for (const kind of LEAD_KIND_NAMES) expect(personOf(kind, asked).name ?? personOf(kind, asked).email, kind).toBeDefined();
  });
});
