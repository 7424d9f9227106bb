import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltSite, type BuiltAnswer, type BuiltSite } from "../support/built-site";
import { validApplication } from "../support/finance-applications";
import { addStaffAccounts, signedInAs, STAFF_PASSWORD } from "../support/staff-accounts";

/**
 * The staff pages as the built site serves them in production (NODE_ENV=production, so the
 * cookies are Secure and __Host- prefixed), spoken to as a browser would and as an attacker
 * would: sign-in and its cookies, session fixation, CSRF and cross-site posts, roles, and
 * signing out, which must end the session on the server.
 */
let site: BuiltSite;
beforeAll(async () => {
  site = await startBuiltSite({ LOG_LEVEL: "info" });
  await addStaffAccounts(site.dataDir);
});
afterAll(async () => {
  await site.stop();
});

const origin = () => `http://127.0.0.1:${site.port}`;
const cookiesSet = (answer: BuiltAnswer) => answer.headers["set-cookie"] ?? [];
const cookieNamed = (answer: BuiltAnswer, name: string) => cookiesSet(answer).find((cookie) => cookie.startsWith(`${name}=`));
const valueOf = (cookie: string | undefined) => cookie?.split(";")[0]!.split("=")[1] ?? "";

/** Opens the sign-in page as a browser would: its form token, and the cookie it is checked against. */
async function signInForm(): Promise<{ token: string; cookie: string }> {
  const page = await site.get("/staff/sign-in");
  const token = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
  return { token, cookie: `__Host-staff_sign_in=${valueOf(cookieNamed(page, "__Host-staff_sign_in"))}` };
}

function postForm(address: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return site.send(address, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin(), Accept: "text/html", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

async function signIn(role: string, extraCookie?: string): Promise<BuiltAnswer> {
  const { token, cookie } = await signInForm();
  return postForm(
    "/staff/sign-in",
    { csrf: token, email: `${role}@dealer.example`, password: STAFF_PASSWORD, next: "/staff" },
    { Cookie: [cookie, extraCookie].filter(Boolean).join("; ") },
  );
}

describe("without a session", () => {
  it.each(["/staff", "/staff/leads/any-lead", "/staff/accounts", "/staff/audit", "/staff/erasure", "/staff/account"])(
    "%s sends the visitor to sign in and back",
    async (address) => {
      const answer = await site.get(address);
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe(`/staff/sign-in?next=${encodeURIComponent(address)}`);
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.headers["x-robots-tag"]).toBe("noindex, nofollow");
    },
  );

  it("never sends the visitor anywhere but a staff page after signing in", async () => {
    for (const next of ["https://evil.example/", "//evil.example", "/\\evil.example", "/car-search"]) {
      const page = await site.get(`/staff/sign-in?next=${encodeURIComponent(next)}`);
      expect(/name="next" value="([^"]*)"/.exec(page.body)![1], next).toBe("/staff");
    }
  });
});

describe("signing in", () => {
  it("sets a session cookie that scripts cannot read and only HTTPS carries, and goes on to the inbox", async () => {
    const answer = await signIn("sales");
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/staff");
    const session = cookieNamed(answer, "__Host-staff_session")!;
    expect(session.split("; ").slice(1).sort()).toEqual(["HttpOnly", "Path=/", "SameSite=Lax", "Secure"]);
    const inbox = await site.get("/staff", { Cookie: `__Host-staff_session=${valueOf(session)}` });
    expect(inbox.status).toBe(200);
    expect(inbox.body).toContain("<h1>Leads</h1>");
    expect(inbox.body).toContain('<meta name="robots" content="noindex"/>');
    expect(inbox.headers["cache-control"]).toBe("no-store");
  });

  it("refuses a sign-in posted without its form token, or from another site", async () => {
    const { token, cookie } = await signInForm();
    const fields = { csrf: token, email: "sales@dealer.example", password: STAFF_PASSWORD };
    expect((await postForm("/staff/sign-in", fields)).status).toBe(403);
    expect((await postForm("/staff/sign-in", fields, { Cookie: "__Host-staff_sign_in=another-value" })).status).toBe(403);
    expect((await postForm("/staff/sign-in", fields, { Cookie: cookie, Origin: "https://evil.example" })).status).toBe(403);
    expect((await postForm("/staff/sign-in", { ...fields, password: "wrong lantern ferry" }, { Cookie: cookie })).body).toContain(
      "did not work",
    );
  });

  it("gives a session id of its own, whatever session cookie the browser already had (no fixation)", async () => {
    const planted = (await signedInAs(site.dataDir, "sales")).sessionId;
    const answer = await signIn("sales", `__Host-staff_session=${planted}`);
    const issued = valueOf(cookieNamed(answer, "__Host-staff_session"));
    expect(issued).not.toBe(planted);
    expect((await site.get("/staff", { Cookie: `__Host-staff_session=${planted}` })).status).toBe(302);
    expect((await site.get("/staff", { Cookie: `__Host-staff_session=${issued}` })).status).toBe(200);
  });
});

describe("signed in", () => {
  it("shows each page only to the roles it is for", async () => {
    const cookie = async (role: string) => `__Host-staff_session=${valueOf(cookieNamed(await signIn(role), "__Host-staff_session"))}`;
    const sales = await cookie("sales");
    const stock = await cookie("stock");
    const admin = await cookie("admin");
    const statuses = async (session: string) =>
      Promise.all(
        ["/staff", "/staff/erasure", "/staff/accounts", "/staff/audit", "/staff/account"].map(
          async (address) => (await site.get(address, { Cookie: session })).status,
        ),
      );
    expect(await statuses(sales)).toEqual([200, 200, 403, 403, 200]);
    expect(await statuses(stock)).toEqual([302, 403, 403, 403, 200]);
    expect((await site.get("/staff", { Cookie: stock })).headers.location).toBe("/staff/stock/import");
    expect(await statuses(admin)).toEqual([200, 200, 200, 200, 200]);
    expect((await site.get("/staff/accounts", { Cookie: sales })).body).toContain("needs the admin role");
  });

  it("offers no export of the inbox while a filter in its address cannot be read, since the export refuses it", async () => {
    const cookie = `__Host-staff_session=${(await signedInAs(site.dataDir, "sales")).sessionId}`;
    const unread = await site.get("/staff?kind=__proto__&q=bloggs", { Cookie: cookie });
    expect(unread.status).toBe(200);
    expect(unread.body).toContain("could not be read (<!-- -->kind<!-- -->)");
    expect(unread.body).not.toContain("Export these as CSV");
    const read = await site.get("/staff?kind=enquiry&q=bloggs", { Cookie: cookie });
    expect(read.body).toContain('href="/api/staff/leads.csv?kind=enquiry&amp;q=bloggs"');
  });

  it("badges a likely duplicate in the inbox, and its page names the lead it repeats, with a link", async () => {
    const vehicleId = (JSON.parse((await site.get("/api/vehicles?pageSize=1")).body) as { _id: string }[])[0]!._id;
    const apply = async () => {
      const answer = await site.send("/api/finance-application", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...validApplication(), vehicleId, email: "again@example.com", phone: "07700 900321" }),
      });
      expect(answer.status).toBe(201);
      return JSON.parse(answer.body) as { id: string; reference: string };
    };
    const first = await apply();
    const repeat = await apply();
    const cookie = `__Host-staff_session=${(await signedInAs(site.dataDir, "sales")).sessionId}`;
    const inbox = await site.get("/staff?q=again%40example.com", { Cookie: cookie });
    const items = inbox.body.split('<li class="staff-lead').slice(1);
    expect(items).toHaveLength(2);
    // Newest first: the repeat is badged, the first is not.
    expect(items[0]).toContain(repeat.reference);
    expect(items[0]).toContain("Likely duplicate");
    expect(items[1]).toContain(first.reference);
    expect(items[1]).not.toContain("Likely duplicate");
    const page = await site.get(`/staff/leads/${repeat.id}`, { Cookie: cookie });
    expect(page.status).toBe(200);
    const text = page.body.replaceAll("<!-- -->", "").replaceAll(' data-discover="true"', "");
    expect(text).toMatch(
      new RegExp(
        `Likely a duplicate of <a href="/staff/leads/${first.id}">${first.reference}</a>, sent (less than a minute|1 minute) earlier\\.`,
      ),
    );
    expect((await site.get(`/staff/leads/${first.id}`, { Cookie: cookie })).body).not.toContain("Likely a duplicate");
  });

  it("sets a follow-up only with the session's CSRF token and the sales role, audits it, and lists it in the Overdue view once past", async () => {
    const answer = await site.send("/api/call-back", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Follow Upton",
        phone: "07700 900456",
        bestTime: "any",
        vehicleId: (JSON.parse((await site.get("/api/vehicles?pageSize=1")).body) as { _id: string }[])[0]!._id,
      }),
    });
    expect(answer.status).toBe(201);
    const { id, reference } = JSON.parse(answer.body) as { id: string; reference: string };
    const sales = await signedInAs(site.dataDir, "sales");
    const cookie = `__Host-staff_session=${sales.sessionId}`;
    const address = `/staff/leads/${id}`;
    const followUp = { intent: "follow-up", followUpDay: "2026-01-05", followUpTime: "09:30" };
    expect((await postForm(address, followUp, { Cookie: cookie })).status).toBe(403);
    const stock = await signedInAs(site.dataDir, "stock");
    expect(
      (await postForm(address, { ...followUp, csrf: stock.csrfToken }, { Cookie: `__Host-staff_session=${stock.sessionId}` })).status,
    ).toBe(403);
    expect((await site.get(`/staff?view=overdue&q=${reference}`, { Cookie: cookie })).body).not.toContain(`${reference}</span>`);

    const unreadable = await postForm(address, { ...followUp, followUpDay: "5 January", csrf: sales.csrfToken }, { Cookie: cookie });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body).toContain("Enter the follow-up day as a date");
    // A time already past is asked about first, and set only once confirmed.
    const asked = await postForm(address, { ...followUp, csrf: sales.csrfToken }, { Cookie: cookie });
    expect(asked.body.replaceAll("<!-- -->", "")).toContain("Monday 5 January, 09:30 has already passed.");
    expect((await site.get(`/staff?view=overdue&q=${reference}`, { Cookie: cookie })).body).not.toContain(`${reference}</span>`);
    const set = await postForm(address, { ...followUp, pastConfirmed: "yes", csrf: sales.csrfToken }, { Cookie: cookie });
    expect(set.status).toBe(200);
    expect(set.body.replaceAll("<!-- -->", "")).toContain("Follow-up set for Monday 5 January, 09:30, which has already passed.");
    expect((await site.get(`/staff?view=overdue&q=${reference}`, { Cookie: cookie })).body).toContain(`${reference}</span>`);
    const admin = await signedInAs(site.dataDir, "admin");
    const audit = await site.get(`/staff/audit?action=lead-changed`, { Cookie: `__Host-staff_session=${admin.sessionId}` });
    expect(audit.body).toContain(id);
    expect(audit.body).toContain("change: follow-up, followUp: set");

    const cleared = await postForm(address, { intent: "clear-follow-up", csrf: sales.csrfToken }, { Cookie: cookie });
    expect(cleared.body).toContain("Follow-up cleared.");
    expect((await site.get(`/staff?view=overdue&q=${reference}`, { Cookie: cookie })).body).not.toContain(`${reference}</span>`);
    expect((await site.get("/staff/diary", { Cookie: cookie })).status).toBe(200);
    expect((await site.get("/staff/diary", { Cookie: `__Host-staff_session=${stock.sessionId}` })).status).toBe(403);
  });

  it("changes nothing for a form without the session's CSRF token, and signing out ends the session on the server", async () => {
    const session = valueOf(cookieNamed(await signIn("admin"), "__Host-staff_session"));
    const cookie = `__Host-staff_session=${session}`;
    const page = await site.get("/staff/accounts", { Cookie: cookie });
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const add = { intent: "add", email: "new@dealer.example", name: "New Person", role: "sales" };
    expect((await postForm("/staff/accounts", add, { Cookie: cookie })).status).toBe(403);
    expect((await postForm("/staff/accounts", { ...add, csrf: "not-the-token" }, { Cookie: cookie })).status).toBe(403);
    expect((await postForm("/staff/accounts", { ...add, csrf }, { Cookie: cookie, Origin: "https://evil.example" })).status).toBe(403);
    const added = await postForm("/staff/accounts", { ...add, csrf }, { Cookie: cookie });
    expect(added.status).toBe(200);
    expect(added.body).toMatch(/staff\/set-password\?token=[\w-]{43}/);

    const signedOut = await postForm("/staff/sign-out", { csrf }, { Cookie: cookie });
    expect(signedOut.headers.location).toBe("/staff/sign-in?signed-out");
    expect(cookieNamed(signedOut, "__Host-staff_session")).toContain("Max-Age=0");
    // The old cookie, kept by an attacker, opens nothing.
    expect((await site.get("/staff", { Cookie: cookie })).status).toBe(302);
  });
});

describe("the public side", () => {
  it("keeps crawlers out, lists no staff page, and loads none of the staff area's code", async () => {
    expect((await site.get("/robots.txt")).body).toContain("Disallow: /staff");
    expect((await site.get("/sitemap.xml")).body).not.toContain("/staff");
    for (const address of ["/", "/car-search", "/contact"]) {
      const page = await site.get(address);
      expect(page.body, address).not.toMatch(/routes\/staff|staff-[\w-]+\.(js|css)/);
    }
  });
});
