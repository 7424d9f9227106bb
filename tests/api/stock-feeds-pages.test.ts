import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltSite, type BuiltSite } from "../support/built-site";
import { addStaffAccounts, signedInAs } from "../support/staff-accounts";

/**
 * The feeds page of the stock console on the built site, posted to as a browser without
 * JavaScript would: sales cannot open it; a stock manager sees what goes out and what is
 * left out and chooses the vehicles, but only an admin switches a feed on, gives it a new
 * address (the old one stops at once) or switches it off, each change in the audit log.
 */

let site: BuiltSite;
const who: Record<"sales" | "stock" | "admin", { cookie: string; csrf: string }> = {} as never;

beforeAll(async () => {
  site = await startBuiltSite({ DEMO_STOCK_SIZE: "40" });
  await addStaffAccounts(site.dataDir);
  for (const role of ["sales", "stock", "admin"] as const) {
    const { sessionId, csrfToken } = await signedInAs(site.dataDir, role);
    who[role] = { cookie: `__Host-staff_session=${sessionId}`, csrf: csrfToken };
  }
}, 60_000);
afterAll(async () => {
  await site?.stop();
});

const PAGE = "/staff/stock/feeds";
const open = (role: keyof typeof who, address = PAGE) => site.get(address, { Cookie: who[role].cookie, Accept: "text/html" });
const post = (role: keyof typeof who, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries({ csrf: who[role].csrf, ...fields })) for (const one of [value].flat()) body.append(name, one);
  return site.send(PAGE, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: `http://127.0.0.1:${site.port}`,
      Accept: "text/html",
      Cookie: who[role].cookie,
    },
    body: body.toString(),
  });
};
const feedAddressIn = (html: string) => /id="feed-address"[^>]*value="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
const pathOf = (address: string) => {
  const url = new URL(address);
  return url.pathname + url.search;
};

describe("the feeds page", () => {
  it("is closed to sales", async () => {
    expect((await open("sales")).status).toBe(403);
  });

  it("shows a stock manager each channel and what is left out, but no switch or address", async () => {
    const page = await open("stock", `${PAGE}?channel=google`);
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toContain("no-store");
    expect(page.body).toContain("Google vehicle ads");
    expect(page.body).toContain("Meta automotive catalogue");
    expect(page.body).toContain("Portal CSV");
    expect(page.body).not.toContain("Switch on");
    expect((await post("stock", { intent: "new-address", channel: "google" })).status).toBe(403);
  });

  it("lets a stock manager choose the vehicles a channel gets", async () => {
    const answer = await post("stock", { intent: "choose", channel: "portal", types: ["car", "van"], leaveOutReserved: "yes" });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("Saved");
    const page = await open("stock");
    const portal = page.body.slice(page.body.indexOf('id="channel-portal"'));
    const box = (type: string) => portal.match(new RegExp(`<input[^>]*value="${type}"[^>]*>`))![0];
    expect(box("van")).toContain("checked");
    expect(box("truck")).not.toContain("checked");
  });

  it("lets an admin switch a feed on, make it a new address, and switch it off", async () => {
    const on = await post("admin", { intent: "new-address", channel: "meta" });
    expect(on.status).toBe(200);
    const first = feedAddressIn(on.body)!;
    expect(first).toMatch(/\/feeds\/meta-automotive-catalogue\.csv\?token=[A-Za-z0-9_-]{43}$/);
    expect((await site.get(pathOf(first))).status).toBe(200);

    const renewed = feedAddressIn((await post("admin", { intent: "new-address", channel: "meta" })).body)!;
    expect(renewed).not.toBe(first);
    expect((await site.get(pathOf(first))).status).toBe(404);
    expect((await site.get(pathOf(renewed))).status).toBe(200);
    // The address is shown once: the page does not hold it afterwards.
    expect((await open("admin")).body).not.toContain(new URL(renewed).searchParams.get("token")!);

    expect((await post("admin", { intent: "switch-off", channel: "meta" })).status).toBe(200);
    expect((await site.get(pathOf(renewed))).status).toBe(404);

    const audit = await open("admin", "/staff/audit?action=feed-address-changed");
    expect(audit.body.match(/feed-address-changed/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it("refuses a store code that is not one, naming it", async () => {
    const answer = await post("admin", { intent: "store-code", storeCode: "not a code!" });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("Use letters, digits");
    expect((await post("admin", { intent: "store-code", storeCode: "DOCK-1" })).body).toContain("DOCK-1");
  });
});
