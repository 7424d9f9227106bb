import { describe, expect, it } from "vitest";
import { checkedBody, ContentInvalidError } from "../../backend/content/content-editing";
import { loadDealerNow } from "../../backend/dealer-config";
import { dealerDetailsSchema } from "../../domain/content/content-schemas";
import { formFieldsOf } from "../../tests/support/content-form-posts";
import { bodyFromForm, CONTENT_FORMS } from "./content-form";

const group = dealerDetailsSchema.parse(loadDealerNow("dealer-group.json"));
const posted = (body: unknown, change: (fields: [string, string][]) => [string, string][] = (fields) => fields) => {
  const form = new FormData();
  for (const [name, value] of change(formFieldsOf(CONTENT_FORMS.dealer, body))) form.append(name, value);
  return bodyFromForm(CONTENT_FORMS.dealer, form);
};
const problemsOf = (body: unknown): Record<string, string> => {
  try {
    checkedBody("dealer", body);
    return {};
  } catch (error) {
    if (!(error instanceof ContentInvalidError)) throw error;
    return error.fields;
  }
};

describe("the dealer's details form", () => {
  it("reads a group's branches back as they were, a spare branch left empty left out", () => {
    // The form shows one spare, empty branch (with its own spare day) to add with.
    const withSpare = (fields: [string, string][]) => [
      ...fields.map(([name, value]): [string, string] => [name, name === "branches.count" ? "4" : value]),
      ["branches.3.openingHours.count", "1"] as [string, string],
      ["branches.3.closedOn", ""] as [string, string],
    ];
    expect(checkedBody("dealer", posted(group, withSpare))).toEqual(group);
  });

  it("keeps a branch's map location, and names a bad postcode, lead e-mail or location by the field", () => {
    const [wigan, ...others] = group.branches!;
    const located = { ...wigan!, location: { lat: 53.5448, lon: -2.6319 } };
    expect(checkedBody("dealer", posted({ ...group, branches: [located, ...others] }))).toEqual({
      ...group,
      branches: [located, ...others],
    });

    const bad = {
      ...group,
      branches: [
        { ...wigan!, address: { ...wigan!.address, postcode: "nowhere" }, leadEmail: "wigan at example" },
        { ...others[0]!, location: { lat: "north", lon: -2.4 } },
      ],
    };
    expect(problemsOf(posted(bad))).toMatchObject({
      "branches.0.leadEmail": expect.any(String),
      "branches.1.location.lat": expect.any(String),
    });
    // Read as people write numbers: not as hexadecimal or with an exponent.
    for (const lat of ["0x35", "5.3e1"]) {
      const typed = (fields: [string, string][]) =>
        fields.map(([name, value]): [string, string] => [name, name === "branches.0.location.lat" ? lat : value]);
      expect(problemsOf(posted({ ...group, branches: [located, ...others] }, typed)), lat).toHaveProperty(["branches.0.location.lat"]);
    }
    const unplaced = { ...group, branches: [{ ...wigan!, address: { ...wigan!.address, postcode: "ZZ99 9ZZ" } }] };
    expect(problemsOf(posted(unplaced))).toEqual({
      "branches.0.address.postcode": "is not a postcode the site can place on the map: check it",
    });
  });

  it("refuses two branches with one code", () => {
    const [wigan] = group.branches!;
    expect(problemsOf(posted({ ...group, branches: [wigan, wigan] }))).toEqual({ branches: "gives one code to two branches" });
  });
});
