import { describe, expect, it } from "vitest";
import { branchCodeFor, branchOf, dealerBranches, isDealerGroup, leadEmailOf } from "./branches";
import { dealerSchema, type Dealer } from "./dealer";
import dealerFile from "../dealer.json";

const dealer: Dealer = dealerSchema.parse(dealerFile);

describe("a dealer's branches", () => {
  it("makes one branch of a dealer with one site, from its own address, phone and hours", () => {
    const [only, ...others] = dealerBranches(dealer);
    expect(others).toEqual([]);
    expect(only).toMatchObject({
      code: "liverpool",
      name: "Liverpool",
      address: dealer.address,
      phone: dealer.phone,
      leadEmail: dealer.email,
      openingHours: dealer.openingHours,
      closedOn: dealer.closedOn,
    });
    expect(isDealerGroup(dealer)).toBe(false);
  });

  it("takes a group's branches from the dealer file, the first standing for a vehicle that names none", () => {
    const branch = (code: string, postcode: string) => ({
      code,
      name: code,
      address: { lines: ["1 High Street"], town: code, postcode },
      phone: "01632 960000",
      leadEmail: `${code}@example.com`,
      openingHours: [{ days: "Monday to Saturday", hours: "9am to 6pm" }],
    });
    const group = dealerSchema.parse({ ...dealerFile, branches: [branch("wigan", "WN1 1AA"), branch("bolton", "BL1 1AA")] });
    expect(isDealerGroup(group)).toBe(true);
    expect(branchOf(dealerBranches(group), "bolton").code).toBe("bolton");
    expect(branchOf(dealerBranches(group), undefined).code).toBe("wigan");
    expect(branchOf(dealerBranches(group), "closed-down").code).toBe("wigan");
  });

  it("refuses two branches with one code, and a code that could not be an address", () => {
    const branch = { ...dealerBranches(dealer)[0]!, code: "wigan" };
    expect(dealerSchema.safeParse({ ...dealerFile, branches: [branch, branch] }).success).toBe(false);
    expect(dealerSchema.safeParse({ ...dealerFile, branches: [{ ...branch, code: "Wigan Town" }] }).success).toBe(false);
  });

  it("sends a lead to its branch's lead e-mail, and one of no branch the dealer has to the dealer's own", () => {
    const branch = (code: string) => ({ ...dealerBranches(dealer)[0]!, code, leadEmail: `${code}@example.com` });
    const group = dealerSchema.parse({ ...dealerFile, branches: [branch("wigan"), branch("bolton")] });
    expect(leadEmailOf(group, "bolton")).toBe("bolton@example.com");
    expect(leadEmailOf(group, "wigan")).toBe("wigan@example.com");
    expect(leadEmailOf(group, "closed-down")).toBe(group.email);
    expect(leadEmailOf(group, undefined)).toBe(group.email);
    expect(leadEmailOf(dealer, dealerBranches(dealer)[0]!.code)).toBe(dealer.email);
    expect(leadEmailOf(dealer, undefined)).toBe(dealer.email);
  });

  it("writes a code from a town's name", () => {
    expect(branchCodeFor("St Helens")).toBe("st-helens");
    expect(branchCodeFor("Ashton-in-Makerfield")).toBe("ashton-in-makerfield");
    expect(branchCodeFor("!!!")).toBe("main");
  });
});
