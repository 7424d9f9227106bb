import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileStaffStore } from "../../backend/staff/file-staff-store";
import { startBuiltSite, type BuiltAnswer, type BuiltSite } from "../support/built-site";
import { addStaffAccounts, signedInAs } from "../support/staff-accounts";

/**
 * A member of staff limited to one of a dealer group's branches, on the built group demo
 * (DEALER_CONFIG=dealer-group.json): an admin limits them on the Accounts page, audited; then
 * the server keeps them to Bolton's leads and those of no branch, in the list, the export,
 * a lead's page and every change, another branch's lead answering as one that does not exist.
 */

let site: BuiltSite;
let admin: { cookie: string; csrf: string };
let sales: { cookie: string; csrf: string; accountId: string };
const leads: Record<"bolton" | "wigan" | "none", { id: string; reference: string }> = {} as never;

const origin = () => `http://127.0.0.1:${site.port}`;
const cookieOf = (sessionId: string) => `__Host-staff_session=${sessionId}`;

/** A vehicle of the demo stock standing at the branch. */
async function vehicleAt(branch: string): Promise<string> {
  const answer = await site.get("/api/vehicles?pageSize=30");
  expect(answer.status).toBe(200);
  const vehicle = (JSON.parse(answer.body) as { _id: string; branch?: string }[]).find((each) => each.branch === branch);
  expect(vehicle, branch).toBeDefined();
  return vehicle!._id;
}

async function submit(kind: string, body: Record<string, unknown>): Promise<{ id: string; reference: string }> {
  const answer = await site.send(`/api/${kind}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(201);
  return JSON.parse(answer.body) as { id: string; reference: string };
}

/** One person, the same phone number, asking about a vehicle at each branch. */
const enquire = (vehicleId: string) =>
  submit("enquiry", { name: "Siobhán O'Neill", phone: "07700 900123", contactMethod: "phone", message: "Still there?", vehicleId });

/** Sets the sales account's branches through the Accounts page, as its Save branches button does. */
const setBranches = (branches: string[]) =>
  site.send("/staff/accounts", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin(), Accept: "text/html", Cookie: admin.cookie },
    body: new URLSearchParams([
      ["csrf", admin.csrf],
      ["account", sales.accountId],
      ["intent", "branches"],
      ...branches.map((code) => ["branches", code]),
    ]).toString(),
  });

const asSales = (address: string, method = "GET", body?: unknown): Promise<BuiltAnswer> =>
  site.send(address, {
    method,
    headers: {
      Cookie: sales.cookie,
      ...(method === "GET" ? {} : { "Content-Type": "application/json", "X-CSRF-Token": sales.csrf, Origin: origin() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const listed = async (query = "") => {
  const answer = await asSales(`/api/staff/leads?${query}`);
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.body) as { id: string }[]).map(({ id }) => id);
};

beforeAll(async () => {
  site = await startBuiltSite({ DEALER_CONFIG: "dealer-group.json" });
  await addStaffAccounts(site.dataDir, ["sales", "admin"]);
  const adminSession = await signedInAs(site.dataDir, "admin");
  admin = { cookie: cookieOf(adminSession.sessionId), csrf: adminSession.csrfToken };
  const salesSession = await signedInAs(site.dataDir, "sales");
  sales = { cookie: cookieOf(salesSession.sessionId), csrf: salesSession.csrfToken, accountId: salesSession.accountId };
  leads.bolton = await enquire(await vehicleAt("bolton"));
  leads.wigan = await enquire(await vehicleAt("wigan"));
  leads.none = await submit("feedback", { message: "Great site" });
});
afterAll(async () => {
  await site.stop();
});

describe("an admin picking an account's branches", () => {
  it("offers the group's branches for another's account, refuses a code it has not, naming branches, and audits each change", async () => {
    const page = await site.get("/staff/accounts", { Cookie: admin.cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`name="branches" value="bolton"`);

    const unknown = await setBranches(["bolton", "york"]);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toContain("branches: Choose branches from: wigan, bolton, warrington");

    expect((await setBranches(["bolton", "warrington"])).status).toBe(200);
    const store = await FileStaffStore.open(site.dataDir);
    try {
      const { entries } = await store.listAudit({ action: "account-changed", targetId: sales.accountId, page: 1, pageSize: 10 });
      expect(entries.map(({ details }) => details)).toEqual([{ branches: "bolton warrington" }]);
      expect(entries[0]!.actorEmail).toBe("admin@dealer.example");
      expect(await store.getAccount(sales.accountId)).toMatchObject({ branches: ["bolton", "warrington"] });
    } finally {
      await store.close();
    }
  });
});

describe("a member limited to Bolton", () => {
  it("is offered only their branches in the inbox's Branch filter, and none when they have one", async () => {
    expect((await setBranches(["bolton", "warrington"])).status).toBe(200);
    const inbox = await site.get("/staff", { Cookie: sales.cookie });
    const choice = /<select id="inbox-branch" name="branch"[^>]*>(.*?)<\/select>/s.exec(inbox.body)?.[1];
    expect([...choice!.matchAll(/<option value="([^"]+)"/g)].map(([, code]) => code)).toEqual(["bolton", "warrington"]);

    expect((await setBranches(["bolton"])).status).toBe(200);
    expect((await site.get("/staff", { Cookie: sales.cookie })).body).not.toContain('id="inbox-branch"');
  });

  it("lists and exports Bolton's leads and those of no branch, never Wigan's", async () => {
    const ids = await listed();
    expect(ids).toEqual(expect.arrayContaining([leads.bolton.id, leads.none.id]));
    expect(ids).not.toContain(leads.wigan.id);
    expect(await listed("unread=1")).not.toContain(leads.wigan.id);
    expect((await asSales("/api/staff/leads?branch=wigan")).status).toBe(400);

    const csv = await asSales("/api/staff/leads.csv");
    expect(csv.status).toBe(200);
    expect(csv.body).toContain(leads.bolton.reference);
    expect(csv.body).toContain(leads.none.reference);
    expect(csv.body).not.toContain(leads.wigan.reference);
  });

  it("finds a Wigan lead as one that does not exist: opening, changing and forwarding it answer as for an unknown id", async () => {
    for (const [method, suffix, body] of [
      ["GET", "", undefined],
      ["POST", "", { type: "status", status: "contacted" }],
      ["POST", "/forward", undefined],
    ] as const) {
      const wigan = await asSales(`/api/staff/leads/${leads.wigan.id}${suffix}`, method, body);
      const unknown = await asSales(`/api/staff/leads/no-such-lead${suffix}`, method, body);
      expect([wigan.status, wigan.body], `${method} ${suffix}`).toEqual([unknown.status, unknown.body]);
      expect(wigan.status).toBeGreaterThanOrEqual(404);
    }
    expect((await site.get(`/staff/leads/${leads.wigan.id}`, { Cookie: sales.cookie })).status).toBe(404);
    const unread = await site.get(`/api/staff/leads?unread=1`, { Cookie: admin.cookie });
    expect((JSON.parse(unread.body) as { id: string }[]).map(({ id }) => id)).toContain(leads.wigan.id);
  });

  it("opens and works a Bolton lead, whose page leaves out the same person's Wigan lead", async () => {
    const page = await site.get(`/staff/leads/${leads.bolton.id}`, { Cookie: sales.cookie });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain(leads.wigan.reference);
    expect((await site.get(`/staff/leads/${leads.bolton.id}`, { Cookie: admin.cookie })).body).toContain(leads.wigan.reference);
    expect((await asSales(`/api/staff/leads/${leads.none.id}`)).status).toBe(200);
    const changed = await asSales(`/api/staff/leads/${leads.bolton.id}`, "POST", { type: "status", status: "contacted" });
    expect(changed.status).toBe(200);
  });

  it("cannot be given a Wigan lead, nor offered it on the lead's page", async () => {
    const asAdmin = (id: string, body: unknown) =>
      site.send(`/api/staff/leads/${id}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": admin.csrf, Origin: origin(), Cookie: admin.cookie },
        body: JSON.stringify(body),
      });
    const refused = await asAdmin(leads.wigan.id, { type: "assignee", assigneeId: sales.accountId });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: "invalid_change", field: "assigneeId" } });
    expect((await site.get(`/staff/leads/${leads.wigan.id}`, { Cookie: admin.cookie })).body).not.toContain(`value="${sales.accountId}"`);
    expect((await site.get(`/staff/leads/${leads.bolton.id}`, { Cookie: admin.cookie })).body).toContain(`value="${sales.accountId}"`);
    expect((await asAdmin(leads.bolton.id, { type: "assignee", assigneeId: sales.accountId })).status).toBe(200);
  });

  it("leaves an erasure, which reaches every branch, to an admin", async () => {
    const answer = await asSales("/api/staff/erasure", "POST", { contact: "07700 900123", confirm: true });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "not_allowed" } });
    expect(await listed()).toContain(leads.bolton.id);
  });
});
