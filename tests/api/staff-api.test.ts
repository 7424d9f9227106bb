import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileStaffStore } from "../../backend/staff/file-staff-store";
import { digestOf } from "../../backend/staff/secrets";
import { capturedLogger } from "../support/captured-logger";
import { validApplication } from "../support/finance-applications";
import { knownStockChange } from "../support/known-vehicles";
import { addStaffAccounts, signedInAs, STAFF_PASSWORD } from "../support/staff-accounts";
import { startTestSite, type TestSite } from "../support/start-test-site";

/**
 * The staff JSON API against the real site (in process): what it lets a signed-in member of
 * the sales team do with leads, and everything it refuses: no session, an expired or made-up
 * one, a role that may not, a change without the CSRF token, a change from another site.
 */
let site: TestSite;
const logs = capturedLogger();
let sales: Awaited<ReturnType<typeof signedInAs>>;
let stock: Awaited<ReturnType<typeof signedInAs>>;
const leadIds: string[] = [];

beforeAll(async () => {
  site = await startTestSite(knownStockChange(), { logger: logs.logger, prepare: (dataDir) => addStaffAccounts(dataDir) });
  sales = await signedInAs(site.dataDir, "sales");
  stock = await signedInAs(site.dataDir, "stock");
  const post = (form: string, body: unknown) =>
    fetch(`${site.url}/api/${form}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  for (const response of [
    await post("finance-application", validApplication()),
    await post("part-exchange", {
      registration: "MA19ABC",
      mileage: 42000,
      name: "Sam Jones",
      email: "sam@example.com",
      phone: "0151 496 0123",
      postcode: "L3 4BP",
    }),
    await post("newsletter", { email: "siobhan@example.com", consent: true }),
  ]) {
    leadIds.push(((await response.json()) as { id: string }).id);
  }
});
afterAll(async () => {
  await site.close();
});

const cookieOf = (session: { sessionId: string }) => `staff_session=${session.sessionId}`;

function call(
  address: string,
  {
    session,
    method = "GET",
    body,
    csrf,
    origin = site.url,
  }: { session?: { sessionId: string }; method?: string; body?: unknown; csrf?: string; origin?: string | null } = {},
) {
  return fetch(`${site.url}${address}`, {
    method,
    headers: {
      ...(session ? { Cookie: cookieOf(session) } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(csrf ? { "X-CSRF-Token": csrf } : {}),
      ...(origin && method !== "GET" ? { Origin: origin } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function expectRefusal(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toMatchObject({ error: { code, message: expect.any(String) } });
}

const ROUTES: { name: string; method: string; address: () => string; body?: unknown; leads: boolean }[] = [
  { name: "GET /api/staff/me", method: "GET", address: () => "/api/staff/me", leads: false },
  { name: "GET /api/staff/leads", method: "GET", address: () => "/api/staff/leads", leads: true },
  { name: "GET /api/staff/leads.csv", method: "GET", address: () => "/api/staff/leads.csv", leads: true },
  { name: "GET /api/staff/leads/:id", method: "GET", address: () => `/api/staff/leads/${leadIds[0]}`, leads: true },
  {
    name: "POST /api/staff/leads/:id",
    method: "POST",
    address: () => `/api/staff/leads/${leadIds[0]}`,
    body: { type: "note", text: "Called" },
    leads: true,
  },
  { name: "POST /api/staff/leads/:id/forward", method: "POST", address: () => `/api/staff/leads/${leadIds[0]}/forward`, leads: true },
  {
    name: "POST /api/staff/erasure",
    method: "POST",
    address: () => "/api/staff/erasure",
    body: { contact: "sam@example.com", confirm: true },
    leads: true,
  },
];

describe("every staff call", () => {
  it.each(ROUTES.map((route) => [route.name, route] as const))(
    "%s refuses a request without a session, or with one nobody was given",
    async (_name, route) => {
      await expectRefusal(await call(route.address(), { method: route.method, body: route.body }), 401, "not_signed_in");
      await expectRefusal(
        await call(route.address(), { method: route.method, body: route.body, session: { sessionId: "made-up-session-id" } }),
        401,
        "not_signed_in",
      );
    },
  );

  it.each(ROUTES.filter(({ method }) => method === "POST").map((route) => [route.name, route] as const))(
    "%s refuses a change without the session's CSRF token, with another's, or from another site",
    async (_name, route) => {
      await expectRefusal(await call(route.address(), { method: "POST", body: route.body, session: sales }), 403, "csrf_token_missing");
      await expectRefusal(
        await call(route.address(), { method: "POST", body: route.body, session: sales, csrf: stock.csrfToken }),
        403,
        "csrf_token_missing",
      );
      await expectRefusal(
        await call(route.address(), {
          method: "POST",
          body: route.body,
          session: sales,
          csrf: sales.csrfToken,
          origin: "https://evil.example",
        }),
        403,
        "cross_site_request",
      );
      await expectRefusal(
        await call(route.address(), { method: "POST", body: route.body, session: sales, csrf: sales.csrfToken, origin: null }),
        403,
        "cross_site_request",
      );
    },
  );

  it.each(ROUTES.filter(({ leads }) => leads).map((route) => [route.name, route] as const))(
    "%s refuses a member whose role does not work leads",
    async (_name, route) => {
      await expectRefusal(
        await call(route.address(), { method: route.method, body: route.body, session: stock, csrf: stock.csrfToken }),
        403,
        "not_allowed",
      );
    },
  );

  it("refuses a session past its idle end, and forgets it", async () => {
    const idle = await signedInAs(site.dataDir, "sales");
    const store = await FileStaffStore.open(site.dataDir);
    await store.updateSession(digestOf(idle.sessionId), { lastSeenAt: new Date(Date.now() - 31 * 60_000) });
    await expectRefusal(await call("/api/staff/leads", { session: idle }), 401, "not_signed_in");
    expect(await store.getSession(digestOf(idle.sessionId))).toBeUndefined();
    await store.close();
  });

  it("answers with no-store and noindex, so no cache keeps a lead and no search engine lists one", async () => {
    const response = await call("/api/staff/leads", { session: sales });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  });
});

describe("what the sales team does with leads", () => {
  it("lists every kind newest first, unread, and finds them by name, contact or plate", async () => {
    const response = await call("/api/staff/leads", { session: sales });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total-count")).toBe("3");
    const leads = (await response.json()) as { id: string; kind: string; work: { readAt?: string } }[];
    expect(leads.map(({ id }) => id)).toEqual([...leadIds].reverse());
    expect(leads.every(({ work }) => work.readAt === undefined)).toBe(true);
    const found = async (query: string) =>
      ((await (await call(`/api/staff/leads?${query}`, { session: sales })).json()) as { id: string }[]).map(({ id }) => id);
    expect(await found("q=siobhan")).toEqual([leadIds[2], leadIds[0]]);
    expect(await found("q=0151+496")).toEqual([leadIds[1]]);
    expect(await found("q=ma19")).toEqual([leadIds[1], leadIds[0]]);
    expect(await found("kind=part-exchange")).toEqual([leadIds[1]]);
    expect(await found("vehicle=fiesta-2019")).toEqual([leadIds[0]]);
    await expectRefusal(await call("/api/staff/leads?kind=spam", { session: sales }), 400, "invalid_parameter");
  });

  it("opens a lead, marking it read, with the vehicle as it is now", async () => {
    const response = await call(`/api/staff/leads/${leadIds[0]}`, { session: sales });
    const lead = (await response.json()) as {
      work: { readAt: string; history: { change: string }[] };
      vehicle: { id: string };
      vehicleNow: { _id: string };
    };
    expect(lead.vehicle.id).toBe("fiesta-2019");
    expect(lead.vehicleNow._id).toBe("fiesta-2019");
    expect(lead).toHaveProperty("likelyDuplicateOf", null);
    expect(lead.work.readAt).toEqual(expect.any(String));
    expect(lead.work.history.map(({ change }) => change)).toEqual(["read"]);
    await expectRefusal(await call("/api/staff/leads/no-such-lead", { session: sales }), 404, "lead_not_found");
  });

  it("changes a lead's status, assignee and notes, each stamped with who", async () => {
    const change = (body: unknown) =>
      call(`/api/staff/leads/${leadIds[1]}`, { method: "POST", session: sales, csrf: sales.csrfToken, body });
    expect((await change({ type: "status", status: "contacted" })).status).toBe(200);
    expect((await change({ type: "assignee", assigneeId: sales.accountId })).status).toBe(200);
    const noted = (await (await change({ type: "note", text: "Valued at £6,000; called back" })).json()) as {
      work: Record<string, unknown>;
    };
    expect(noted.work).toMatchObject({
      status: "contacted",
      assigneeId: sales.accountId,
      notes: [{ byId: sales.accountId, text: "Valued at £6,000; called back" }],
    });
    await expectRefusal(await change({ type: "status", status: "sold-to-aliens" }), 400, "invalid_change");
    await expectRefusal(await change({ type: "note", text: "   " }), 400, "invalid_change");
  });

  it("says a lead cannot be sent again while no lead address is set (backend/staff/lead-inbox.test.ts sends one), nor one whose kind never is", async () => {
    await expectRefusal(
      await call(`/api/staff/leads/${leadIds[0]}/forward`, { method: "POST", session: sales, csrf: sales.csrfToken }),
      409,
      "not_forwarding",
    );
    await expectRefusal(
      await call(`/api/staff/leads/${leadIds[2]}/forward`, { method: "POST", session: sales, csrf: sales.csrfToken }),
      409,
      "not_waiting",
    );
  });

  it("exports leads as CSV that no spreadsheet runs as formulas", async () => {
    await fetch(`${site.url}/api/feedback`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ message: '=HYPERLINK("https://evil.example")', email: "formula@example.com" }),
    });
    const response = await call("/api/staff/leads.csv?kind=feedback", { session: sales });
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="?leads-\d{4}-\d{2}-\d{2}\.csv"?$/);
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      "reference,kind,received,status,name,email,phone,postcode,vehicle,registration,price then,message,forwarded,likely duplicate of",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""https://evil.example"")"`);
    // Streamed a row at a time: sent in chunks, its length unknown when the first row goes.
    expect(response.headers.get("content-length")).toBeNull();
    expect(response.headers.get("transfer-encoding")).toBe("chunked");
    const audited = (await readFile(path.join(site.dataDir, "staff", "audit.ndjson"), "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.action === "leads-exported");
    expect(audited.at(-1)).toMatchObject({ actorId: sales.accountId, details: { leads: 1 } });
  });

  it("refuses an export whose filter cannot be read, as the list does, rather than export every lead", async () => {
    const exports = async () =>
      (await readFile(path.join(site.dataDir, "staff", "audit.ndjson"), "utf8"))
        .split("\n")
        .filter((line) => line.includes('"leads-exported"')).length;
    const exportsBefore = await exports();
    for (const [query, field] of [
      ["kind=__proto__", "kind"],
      ["kind=constructor", "kind"],
      ["status=toString", "status"],
      ["from=yesterday", "from"],
    ] as const) {
      const list = await call(`/api/staff/leads?${query}`, { session: sales });
      const csv = await call(`/api/staff/leads.csv?${query}`, { session: sales });
      expect(csv.status, query).toBe(400);
      expect(csv.headers.get("content-type")).toMatch(/^application\/json/);
      const refusal = await csv.json();
      expect(refusal).toEqual({ error: { code: "invalid_parameter", message: `${field} cannot be read: see the inbox's filters`, field } });
      expect(list.status, query).toBe(400);
      expect(await list.json()).toEqual(refusal);
    }
    expect(await exports()).toBe(exportsBefore);
  });

  it("erases everything held about an e-mail address, and the audit log says only that it happened", async () => {
    await expectRefusal(
      await call("/api/staff/erasure", { method: "POST", session: sales, csrf: sales.csrfToken, body: { contact: "siobhan@example.com" } }),
      400,
      "invalid_erasure",
    );
    const response = await call("/api/staff/erasure", {
      method: "POST",
      session: sales,
      csrf: sales.csrfToken,
      body: { contact: " Siobhan@Example.com ", confirm: true },
    });
    expect(await response.json()).toEqual({ erased: 2, savedSearches: 0, queuedMails: 0 });
    expect((await call(`/api/staff/leads/${leadIds[0]}`, { session: sales })).status).toBe(404);
    const audit = await readFile(path.join(site.dataDir, "staff", "audit.ndjson"), "utf8");
    const erasure = audit
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { action: string })
      .find(({ action }) => action === "erasure");
    expect(erasure).toMatchObject({ actorId: sales.accountId, details: { leads: 2, "finance-application": 1, newsletter: 1 } });
    expect(audit).not.toMatch(/siobhan|Siobh|O'Neill|07700 ?900555|Wapping|sam@example|0151 496/i);
  });

  it("never writes a password or what a lead holds to the site's log", () => {
    const logged = logs.text();
    expect(logged).toContain('"url":"/api/staff/leads?q=%5Bredacted%5D"');
    for (const secret of [
      STAFF_PASSWORD,
      "Siobhán",
      "siobhan",
      "O'Neill",
      // Whole numbers: a few digits alone turn up in any log's times and ids.
      "07700 900555",
      "07700900555",
      "Wapping",
      "Sam Jones",
      "sam@example",
      "0151 496",
      "Valued at",
      "HYPERLINK",
    ]) {
      expect(logged, secret).not.toContain(secret);
    }
  });
});

// Last, so the leads the tests above list are as they were.
describe("a likely duplicate", () => {
  it("names the earlier lead it likely repeats, in the list and opened", async () => {
    const apply = async () => {
      const response = await fetch(`${site.url}/api/finance-application`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...validApplication(), email: "twice@example.com", phone: "07700 900555" }),
      });
      return ((await response.json()) as { id: string }).id;
    };
    const firstId = await apply();
    const id = await apply();
    type Listed = { id: string; reference: string; receivedAt: string; likelyDuplicateOf: unknown };
    const listed = (await (await call("/api/staff/leads?q=twice%40example.com", { session: sales })).json()) as Listed[];
    expect(listed.map((lead) => lead.id)).toEqual([id, firstId]);
    const [repeat, first] = listed as [Listed, Listed];
    const mark = { id: first.id, reference: first.reference, receivedAt: first.receivedAt };
    expect(repeat.likelyDuplicateOf).toEqual(mark);
    expect(first.likelyDuplicateOf).toBeNull();
    expect(((await (await call(`/api/staff/leads/${id}`, { session: sales })).json()) as Listed).likelyDuplicateOf).toEqual(mark);
    // The export says so too, by the earlier lead's reference.
    const csv = (await (await call("/api/staff/leads.csv?q=twice%40example.com", { session: sales })).text()).trim().split("\r\n");
    expect(csv.slice(1).map((line) => line.split(",").at(-1))).toEqual([first.reference, ""]);
  });
});
