import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthlyPriceFrom } from "../../domain/finance";
import { startBuiltSite, type BuiltAnswer, type BuiltSite } from "../support/built-site";
import { runCli } from "../support/run-cli";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../support/smtp-sink";
import { addStaffAccounts, signedInAs } from "../support/staff-accounts";

/**
 * Saved searches with e-mail alerts, end to end: the built site saving a search from its
 * form, the confirmation link followed, feeds imported as a stock manager imports them, and
 * what a real SMTP server on 127.0.0.1 (tests/support/smtp-sink.ts) receives.
 */

const SITE_URL = "https://www.dockside-motors.example";
const BUYER = "buyer@example.com";
const CONTROL = "control@example.com";
const STRANGER = "never-confirmed@example.com";
const TRANSIT_SEARCH = "make=Ford&model=Transit Custom&price=-20000";

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const to = (address: string) => (mail: ReceivedMail) => mail.to.includes(address);
/** A link of the site's in a message's plain text, as a path the test can ask the site for. */
function linkIn(mail: ReceivedMail, page: string): string {
  const match = new RegExp(`${SITE_URL}(${page}\\?t=[A-Za-z0-9._-]+)`).exec(mail.text);
  if (!match) throw new Error(`No ${page} link in "${mail.subject}"`);
  return match[1]!;
}

describe("saved searches and their alerts, through a real SMTP server", () => {
  let sink: SmtpSink;
  let site: BuiltSite;
  /** A form posted as a browser posts it, from the site's own page; `fromPage: false` as a mail program's one-click unsubscribe posts, with no Origin. */
  const post = (address: string, fields: Record<string, string>, { fromPage = true } = {}): Promise<BuiltAnswer> =>
    site.send(address, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(fromPage ? { Origin: `http://127.0.0.1:${site.port}` } : {}),
      },
      body: form(fields),
    });
  const save = (email: string, frequency = "immediate") =>
    post("/alerts", { email, frequency, type: "van", query: TRANSIT_SEARCH, page: `/van-search?${new URLSearchParams(TRANSIT_SEARCH)}` });
  /** Imports a feed of vans as `npm run stock:import` does, beside the running site. */
  const importVans = async (name: string, rows: string[]) => {
    const feed = path.join(site.dataDir, `${name}.csv`);
    const photo = "/media/demo/panel-van/white/1.svg";
    await writeFile(feed, ["_id,vehicleType,make,model,price,images", ...rows.map((row) => `${row},${photo}`), ""].join("\n"));
    const { status, stderr } = await runCli(["import", feed], site.dataDir).done;
    expect(status, stderr).toBe(0);
  };
  const confirm = async (address: string) => {
    const confirmation = await sink.waitFor((mail) => to(address)(mail) && mail.subject.startsWith("Confirm your search alert"));
    const link = linkIn(confirmation, "/alerts/confirm");
    const page = await site.get(link);
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).toContain("Vans · Ford Transit Custom · up to £20,000");
    const started = await post(link, {});
    expect(started.status).toBe(200);
    expect(started.body).toContain("Your alert is on");
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    site = await startBuiltSite({
      SMTP_URL: sink.url,
      SMTP_TLS: "none",
      SITE_URL,
      DEMO_STOCK_SIZE: "0",
      POST_RATE_LIMIT: "1000",
      LOG_LEVEL: "info",
    });
  }, 60_000);
  afterAll(async () => {
    await site?.stop();
    await sink?.stop();
  });

  it("saves a search from the plain form, and sends only a confirmation link until it is followed", async () => {
    const saved = await save(BUYER);
    expect(saved.status).toBe(302);
    expect(saved.headers.location).toBe("/alerts?saved=sent");
    expect((await site.get("/alerts?saved=sent")).body).toContain("Check your e-mail");
    expect((await save(STRANGER)).status).toBe(302);
    expect((await save(CONTROL)).status).toBe(302);
    const confirmation = await sink.waitFor(to(BUYER));
    expect(confirmation.subject).toBe("Confirm your search alert: Vans · Ford Transit Custom · up to £20,000");
    expect(confirmation.headers["list-unsubscribe"]).toBeUndefined();
    await confirm(BUYER);
    await confirm(CONTROL);
  });

  it("shows the stock manager what buyers wait for, counting people, not addresses, and only confirmed searches", async () => {
    await addStaffAccounts(site.dataDir, ["stock", "sales"]);
    const page = (role: "stock" | "sales") =>
      signedInAs(site.dataDir, role).then(({ sessionId }) =>
        site.get("/staff/stock/demand?type=van", { Cookie: `__Host-staff_session=${sessionId}` }),
      );
    const demand = await page("stock");
    expect(demand.status).toBe(200);
    expect(demand.body).toContain("2 people want a Ford Transit Custom under £20,000");
    for (const address of [BUYER, CONTROL, STRANGER]) expect(demand.body).not.toContain(address);
    expect((await page("sales")).status).toBe(403);
  });

  it("names what is wrong with a form, keeping what was typed", async () => {
    const refused = await post("/alerts", { email: "not an address", type: "van", query: TRANSIT_SEARCH });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("Enter an email address like name@example.com");
    expect(refused.body).toContain('value="not an address"');
  });

  it("alerts within 60 s of a feed bringing a match, with its photo, price, monthly price, representative example and link", async () => {
    await importVans("first", [
      "transit-1,van,Ford,Transit Custom,18995",
      "vivaro-1,van,Vauxhall,Vivaro,15995",
      "transit-2,van,Ford,Transit Custom,24995",
    ]);
    const alert = await sink.waitFor((mail) => to(BUYER)(mail) && mail.subject.startsWith("New match"), 60_000);
    expect(alert.subject).toBe("New match: Ford Transit Custom, £18,995");
    expect(alert.html).toMatch(new RegExp(`<img src="${SITE_URL}/media/photos/demo[^"]+/640\\.jpg" alt="Ford Transit Custom"`));
    expect(alert.text).toContain("Price: £18,995");
    expect(alert.text).toContain(`Monthly Prices From: £${monthlyPriceFrom(18995, undefined).toFixed(2)} a month`);
    expect(alert.text).toContain("Representative example: amount of credit £12,000 over 60 months");
    expect(alert.text).not.toContain("Vivaro");
    expect(alert.text).not.toContain("£24,995");
    expect(alert.headers["list-unsubscribe"]).toMatch(new RegExp(`^<${SITE_URL}/alerts/unsubscribe\\?t=`));
    expect(alert.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const opened = await site.get(linkIn(alert, "/alerts/open"));
    expect(opened.status).toBe(302);
    expect(opened.headers.location).toBe("/vehicles/transit-1");
    const manage = await site.get(linkIn(alert, "/alerts/manage"));
    expect(manage.status).toBe(200);
    expect(manage.body).toContain("Vans · Ford Transit Custom · up to £20,000");
    expect(manage.body).not.toContain(BUYER);
  });

  it("tells of a price cut on a matching vehicle: was and now", async () => {
    await importVans("cut", ["transit-1,van,Ford,Transit Custom,17995"]);
    const drop = await sink.waitFor((mail) => to(BUYER)(mail) && mail.subject.startsWith("Price drop"), 60_000);
    expect(drop.subject).toBe("Price drop: Ford Transit Custom, now £17,995 (was £18,995)");
  });

  it("stops at one click of a mail program's unsubscribe button, and never sent a thing to a search nobody confirmed", async () => {
    const lastAlert = sink.received.filter(to(BUYER)).at(-1)!;
    const oneClick = lastAlert.headers["list-unsubscribe"]!.slice(1, -1).replace(SITE_URL, "");
    const unsubscribed = await post(oneClick, { "List-Unsubscribe": "One-Click" }, { fromPage: false });
    expect(unsubscribed.status).toBe(200);
    const before = sink.received.filter(to(BUYER)).length;
    await importVans("second-cut", ["transit-1,van,Ford,Transit Custom,16995"]);
    await sink.waitFor((mail) => to(CONTROL)(mail) && mail.subject.includes("now £16,995"), 60_000);
    expect(sink.received.filter(to(BUYER))).toHaveLength(before);
    expect(sink.received.filter(to(STRANGER)).map(({ subject }) => subject)).toEqual([
      "Confirm your search alert: Vans · Ford Transit Custom · up to £20,000",
    ]);
  });

  it("erases everything of an address from the staff area: its searches and the e-mails queued to it", async () => {
    const sales = await signedInAs(site.dataDir, "sales");
    const lastToControl = sink.received.filter(to(CONTROL)).at(-1)!;
    // The SMTP server away: the next alert waits in the outbox, to be erased with the rest.
    await sink.stop();
    await importVans("third-cut", ["transit-1,van,Ford,Transit Custom,15995"]);
    await waitUntil(async () => (await filesHolding(path.join(site.dataDir, "mail"), CONTROL)).length > 0);
    const erased = await site.send("/api/staff/erasure", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Cookie: `__Host-staff_session=${sales.sessionId}`,
        "X-CSRF-Token": sales.csrfToken,
        Origin: SITE_URL,
      },
      body: JSON.stringify({ contact: "Control@Example.com", confirm: true }),
    });
    expect(erased.status).toBe(200);
    expect(JSON.parse(erased.body)).toEqual({ erased: 0, savedSearches: 1, queuedMails: 1 });
    await sink.start();
    expect(await filesHolding(path.join(site.dataDir, "mail"), CONTROL)).toEqual([]);
    expect(await filesHolding(path.join(site.dataDir, "alerts"), CONTROL)).toEqual([]);
    expect((await site.get(linkIn(lastToControl, "/alerts/manage"))).body).toContain("You have no alerts");
    expect(site.log()).toContain("Saved search confirmed");
    for (const address of [BUYER, CONTROL, STRANGER]) expect(site.log()).not.toContain(address);
  });
});

/** The files of a folder whose text holds `text`. */
/** The files holding the text; one renamed or removed by the site while this reads is passed over. */
async function filesHolding(folder: string, text: string): Promise<string[]> {
  const names = await readdir(folder);
  const holding = await Promise.all(
    names.map(async (name) => {
      const content = await readFile(path.join(folder, name), "utf8").catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return "";
        throw error;
      });
      return content.includes(text) ? [name] : [];
    }),
  );
  return holding.flat();
}

async function waitUntil(done: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Not done within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
