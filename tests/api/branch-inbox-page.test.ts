import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltSite, type BuiltSite } from "../support/built-site";
import { addStaffAccounts, signedInAs } from "../support/staff-accounts";

/** The built site's staff inbox for the group demo (DEALER_CONFIG=dealer-group.json): its Branch filter, kept in the address. */

describe("a dealer group's inbox", () => {
  let site: BuiltSite;
  let cookie: string;
  beforeAll(async () => {
    site = await startBuiltSite({ DEALER_CONFIG: "dealer-group.json" });
    await addStaffAccounts(site.dataDir, ["sales"]);
    cookie = `__Host-staff_session=${(await signedInAs(site.dataDir, "sales")).sessionId}`;
  });
  afterAll(async () => {
    await site.stop();
  });

  it("offers each branch by name, the one in the address chosen, and exports what it shows", async () => {
    const inbox = await site.get("/staff?branch=bolton", { Cookie: cookie });
    expect(inbox.status).toBe(200);
    const choice = /<select id="inbox-branch" name="branch"[^>]*>(.*?)<\/select>/s.exec(inbox.body)?.[1];
    expect(choice).toBeDefined();
    expect([...choice!.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)</g)].map(([, value, label]) => [value, label])).toEqual([
      ["", "Any"],
      ["wigan", "Wigan"],
      ["bolton", "Bolton"],
      ["warrington", "Warrington"],
    ]);
    expect(choice).toMatch(/<option value="bolton" selected="">Bolton</);
    expect(inbox.body).toContain('href="/api/staff/leads.csv?branch=bolton"');
  });

  it("names a branch the dealer has not, leaves it out, and offers no export", async () => {
    const inbox = await site.get("/staff?branch=york", { Cookie: cookie });
    expect(inbox.status).toBe(200);
    // React marks where the list of names begins and ends with empty comments.
    expect(inbox.body).toMatch(/Some filters in the address could not be read \((<!-- -->)?branch(<!-- -->)?\)/);
    expect(inbox.body).not.toContain("/api/staff/leads.csv");
  });
});
