import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VehicleRecord } from "../../domain/vehicle";
import { startBuiltSite, type BuiltAnswer, type BuiltSite } from "../support/built-site";
import { runCli } from "../support/run-cli";
import { addStaffAccounts, signedInAs } from "../support/staff-accounts";

/**
 * Pages served from memory (backend/http/cached-pages.ts), on the built site as production
 * runs it: each response has its own CSP nonce, a visitor's form is never kept, and a stock
 * change shows on the next page.
 */
let site: BuiltSite;
let vehicle: VehicleRecord;
beforeAll(async () => {
  site = await startBuiltSite({ LOG_LEVEL: "info", RENDER_THREADS: "2" });
  vehicle = (JSON.parse((await site.get("/api/vehicles/search/car?pageSize=1")).body) as VehicleRecord[])[0]!;
});
afterAll(async () => {
  await site.stop();
});

const nonceOfPolicy = (policy: string | null | undefined) => /script-src 'self' 'nonce-([^']+)'/.exec(policy ?? "")?.[1];
const nonceAttributes = (html: string) => [...html.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]);

/** The page's nonce, once it is sure every nonce attribute in the page is the policy's. */
function checkedNonce(policy: string | null | undefined, html: string): string {
  const nonce = nonceOfPolicy(policy);
  expect(nonce).toBeDefined();
  const attributes = nonceAttributes(html);
  expect(attributes.length).toBeGreaterThan(2);
  expect(new Set(attributes)).toEqual(new Set([nonce]));
  return nonce!;
}

describe("the log", () => {
  const linesOf = (fragment: string) =>
    site
      .log()
      .split("\n")
      .filter((line) => line.includes(fragment))
      .map((line) => JSON.parse(line) as { msg: string; res?: { status: number; pageCache?: string }; renderThreads?: number });
  const answerOf = (id: string) =>
    linesOf(`"${id}"`)
      .filter((line) => line.msg === "request completed")
      .map((line) => line.res);

  it("says how many render threads the site runs, and for each page whether the page cache answered it", async () => {
    expect(linesOf("Site is listening").map((line) => line.renderThreads)).toEqual([2]);
    for (const id of ["logged-1", "logged-2"]) await site.get("/van-search?make=Ford", { "X-Request-Id": id });
    await site.get("/api/vehicles?pageSize=1", { "X-Request-Id": "logged-api" });
    for (const deadline = Date.now() + 5000; linesOf('"logged-api"').length === 0 && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answerOf("logged-1")).toEqual([{ status: 200, pageCache: "miss" }]);
    expect(answerOf("logged-2")).toEqual([{ status: 200, pageCache: "hit" }]);
    expect(answerOf("logged-api")).toEqual([{ status: 200 }]);
  });
});

describe("a page kept once rendered", () => {
  it("is answered from memory, each time with a nonce of its own in the policy and in every nonce attribute", async () => {
    const answers: BuiltAnswer[] = [];
    for (let i = 0; i < 3; i++) answers.push(await site.get("/car-search?make=Ford"));
    expect(answers.map((answer) => answer.headers["x-page-cache"])).toEqual(["miss", "hit", "hit"]);
    const nonces = answers.map((answer) => checkedNonce(answer.headers["content-security-policy"] as string, answer.body));
    expect(new Set(nonces).size).toBe(3);
    // Otherwise the same page, with every security header.
    const withoutNonce = answers.map((answer, i) => answer.body.replaceAll(nonces[i]!, "NONCE"));
    expect(withoutNonce[1]).toBe(withoutNonce[0]);
    for (const header of [
      "x-content-type-options",
      "x-frame-options",
      "referrer-policy",
      "cross-origin-opener-policy",
      "permissions-policy",
      "strict-transport-security",
      "content-type",
    ]) {
      expect(answers[1]!.headers[header], header).toBeDefined();
      expect(answers[1]!.headers[header], header).toBe(answers[0]!.headers[header]);
    }
    expect(answers[1]!.headers["x-request-id"]).not.toBe(answers[0]!.headers["x-request-id"]);
  });

  it("is gzipped from memory for a browser, with its own nonce", async () => {
    await fetch(`http://127.0.0.1:${site.port}/contact`);
    const responses = [await fetch(`http://127.0.0.1:${site.port}/contact`), await fetch(`http://127.0.0.1:${site.port}/contact`)];
    const nonces: string[] = [];
    for (const response of responses) {
      expect(response.headers.get("x-page-cache")).toBe("hit");
      expect(response.headers.get("content-encoding")).toBe("gzip");
      nonces.push(checkedNonce(response.headers.get("content-security-policy"), await response.text()));
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("is rendered once for requests that arrive together", async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => site.get("/truck-search?make=Ford")));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.headers["x-page-cache"] === "miss")).toHaveLength(1);
  });

  it("answers a HEAD from memory too", async () => {
    await site.get("/about");
    const head = await site.get("/about", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["x-page-cache"]).toBe("hit");
    expect(head.headers["content-type"]).toMatch(/^text\/html/);
    expect(nonceOfPolicy(head.headers["content-security-policy"] as string)).toBeDefined();
    expect(head.body).toBe("");
  });

  it("is the same page for an address with tracking parameters, which the page never shows", async () => {
    await site.get("/car-search?make=Ford&sort=price_asc");
    const tagged = await site.get("/car-search?utm_source=mail&sort=price_asc&fbclid=visitor-123&make=Ford");
    expect(tagged.headers["x-page-cache"]).toBe("hit");
    expect(tagged.body).not.toContain("visitor-123");
  });

  it("shows a changed price on the first page after the site has rebuilt its index, on a shared saved list and comparison too", async () => {
    const addresses = [`/vehicles/${vehicle._id}`, `/saved?ids=${vehicle._id}`, `/compare?ids=${vehicle._id}`];
    for (const address of addresses) {
      await site.get(address);
      expect((await site.get(address)).headers["x-page-cache"], address).toBe("hit");
    }
    const indexedAt = async () => (JSON.parse((await site.get("/healthz")).body) as { indexedAt: string }).indexedAt;
    const before = await indexedAt();
    const repriced = { ...vehicle, adverts: { retailAdverts: { ...vehicle.adverts.retailAdverts, totalPrice: { amountGBP: 54_321 } } } };
    const feed = path.join(site.dataDir, "repriced.ndjson");
    await writeFile(feed, JSON.stringify(repriced));
    expect((await runCli(["import", feed], site.dataDir).done).status).toBe(0);
    await expect.poll(indexedAt, { timeout: 15_000 }).not.toBe(before);
    for (const address of addresses) {
      const after = await site.get(address);
      expect(after.headers["x-page-cache"], address).toBe("miss");
      expect(after.body, address).toContain("£54,321");
    }
  });
});

describe("pages rendered for one visitor alone", () => {
  const enquiry = (name: string) =>
    site.send(`/vehicles/${vehicle._id}/enquire`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      // No way to reply given: the answer is the form again, with the visitor's words and an error.
      body: new URLSearchParams({ name, message: `A question from ${name}` }).toString(),
    });

  it("never keeps a form answered with errors, nor serves one to anyone else", async () => {
    const first = await enquiry("Alice Example");
    const second = await enquiry("Bob Example");
    for (const [answer, name] of [
      [first, "Alice Example"],
      [second, "Bob Example"],
    ] as const) {
      expect(answer.status).toBe(400);
      expect(answer.headers["x-page-cache"]).toBeUndefined();
      expect(answer.body).toContain("Enter your email address or phone number, so we can reply");
      expect(answer.body).toContain(`A question from ${name}`);
      checkedNonce(answer.headers["content-security-policy"] as string, answer.body);
    }
    expect(second.body).not.toContain("Alice Example");
    const form = await site.get(`/vehicles/${vehicle._id}/enquire`);
    expect(form.headers["x-page-cache"]).toBeUndefined();
    expect(form.body).not.toContain("Alice Example");
    expect(form.body).not.toContain("Bob Example");
  });

  it("renders afresh for a signed-in member of staff, neither keeping their page nor serving them a kept one", async () => {
    await addStaffAccounts(site.dataDir, ["sales"]);
    const { sessionId } = await signedInAs(site.dataDir, "sales");
    const address = "/van-search?make=Ford";
    const staff = () => site.get(address, { Cookie: `__Host-staff_session=${sessionId}` });
    for (let i = 0; i < 2; i++) {
      const answer = await staff();
      expect(answer.status).toBe(200);
      expect(answer.headers["x-page-cache"]).toBeUndefined();
    }
    expect((await site.get(address)).headers["x-page-cache"]).toBe("miss");
    expect((await site.get(address)).headers["x-page-cache"]).toBe("hit");
    expect((await staff()).headers["x-page-cache"]).toBeUndefined();
  });

  it("serves a kept page to a request whose staff session cookie names no live session, as to anyone", async () => {
    const address = "/van-search?make=Peugeot";
    const withSession = (sessionId: string) => site.get(address, { Cookie: `__Host-staff_session=${sessionId}` });
    expect((await withSession("made-up-session")).headers["x-page-cache"]).toBe("miss");
    const second = await withSession("another-made-up-session");
    expect(second.status).toBe(200);
    expect(second.headers["x-page-cache"]).toBe("hit");
  });

  it("renders the finance application afresh every time", async () => {
    for (let i = 0; i < 2; i++) expect((await site.get(`/vehicles/${vehicle._id}/finance`)).headers["x-page-cache"]).toBeUndefined();
  });
});
