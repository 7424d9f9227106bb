import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileStaffStore } from "../../backend/staff/file-staff-store";
import { newTotpSecret } from "../../backend/staff/totp";
import { startBuiltSite, type BuiltAnswer, type BuiltSite } from "../support/built-site";
import { addStaffAccounts, signedInAs, STAFF_PASSWORD, staffEmail } from "../support/staff-accounts";

/**
 * The staff sign-in under a determined attacker, on the built site in production mode:
 * guesses and codes sent together, a flood of failed sign-ins from several addresses (the
 * site behind a proxy, TRUST_PROXY=1, so each X-Forwarded-For is a client), the device cookie
 * that keeps the owner in, a new session id once the code is given, and ended sessions swept.
 */
let site: BuiltSite;
beforeAll(async () => {
  site = await startBuiltSite({ LOG_LEVEL: "info", TRUST_PROXY: "1" });
  await addStaffAccounts(site.dataDir, ["sales", "stock", "admin"]);
  await addStaffAccounts(site.dataDir, ["sales"], "coded");
  await addStaffAccounts(site.dataDir, ["sales"], "flooded");
  await addStaffAccounts(site.dataDir, ["sales"], "owner");
  await addStaffAccounts(site.dataDir, ["sales"], "beside-flood");
});
afterAll(async () => {
  await site.stop();
});

const origin = () => `http://127.0.0.1:${site.port}`;
const cookieNamed = (answer: BuiltAnswer, name: string) =>
  (answer.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith(`${name}=`));
const valueOf = (cookie: string | undefined) => cookie?.split(";")[0]!.split("=")[1] ?? "";

/** The sign-in page's form token and the cookie it is checked against, as a browser at `client` gets them. */
async function signInForm(client: string): Promise<{ token: string; cookie: string }> {
  const page = await site.get("/staff/sign-in", { "X-Forwarded-For": client });
  return {
    token: /name="csrf" value="([^"]+)"/.exec(page.body)![1]!,
    cookie: `__Host-staff_sign_in=${valueOf(cookieNamed(page, "__Host-staff_sign_in"))}`,
  };
}

function postForm(address: string, fields: Record<string, string>, client: string, cookie: string) {
  return site.send(address, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin(),
      Accept: "text/html",
      "X-Forwarded-For": client,
      Cookie: cookie,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

async function signIn(email: string, password: string, client: string, form?: { token: string; cookie: string }, extraCookie?: string) {
  const { token, cookie } = form ?? (await signInForm(client));
  return postForm(
    "/staff/sign-in",
    { csrf: token, email, password, next: "/staff" },
    client,
    [cookie, extraCookie].filter(Boolean).join("; "),
  );
}

/** Audit entries the site has written, read as the staff command would. */
async function auditOf(email: string): Promise<{ action: string; details?: Record<string, unknown> }[]> {
  const text = await readFile(path.join(site.dataDir, "staff", "audit.ndjson"), "utf8");
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { action: string; actorEmail?: string; details?: Record<string, unknown> })
    .filter((entry) => entry.actorEmail === email);
}

const statuses = (answers: BuiltAnswer[]) =>
  answers.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

describe("guesses sent together", () => {
  it("are counted before any is checked: of 26 at once from one address, five passwords are checked and the right one, sent last, does not sign in", async () => {
    const client = "10.1.0.1";
    const form = await signInForm(client);
    const passwords = [...Array.from({ length: 25 }, (_, i) => `wrong lantern guess ${i}`), STAFF_PASSWORD];
    const answers = await Promise.all(passwords.map((password) => signIn(staffEmail("sales"), password, client, form)));
    // Five checked and refused (400); the rest sent to the page that says how long to wait (303).
    expect(statuses(answers)).toEqual({ 400: 5, 303: 21 });
    const audit = await auditOf(staffEmail("sales"));
    expect(audit.filter(({ details }) => details?.reason === "wrong-password")).toHaveLength(5);
    expect(audit.filter(({ details }) => details?.reason === "throttled")).toHaveLength(21);
    const waitPage = answers.find((answer) => answer.status === 303)!.headers.location!;
    const minutes = /^\/staff\/sign-in\?wait=(\d+)&next=%2Fstaff$/.exec(waitPage)?.[1];
    expect(minutes).toBeDefined();
    expect((await site.get(waitPage)).body).toContain(`Too many attempts have failed. Please wait ${minutes} minute`);
  });

  it("cannot beat the second factor either: 40 codes at once check five, the right one sent last not among them, and a burst of 300 gets no 500", async () => {
    const secret = newTotpSecret();
    const store = await FileStaffStore.open(site.dataDir);
    const account = (await store.findAccountByEmail(staffEmail("sales", "coded")))!;
    await store.updateAccount(account.id, { totpSecret: secret });
    const client = "10.1.0.2";
    const signedIn = await signIn(staffEmail("sales", "coded"), STAFF_PASSWORD, client);
    expect(signedIn.headers.location).toBe("/staff/sign-in/code?next=%2Fstaff");
    const halfSession = `__Host-staff_session=${valueOf(cookieNamed(signedIn, "__Host-staff_session"))}`;
    const codePage = await site.get("/staff/sign-in/code", { Cookie: halfSession, "X-Forwarded-For": client });
    const csrf = /name="csrf" value="([^"]+)"/.exec(codePage.body)![1]!;

    const right = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    const wrong = Array.from({ length: 39 }, (_, i) => String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, "0"));
    const answers = await Promise.all(
      [...wrong, right].map((code) => postForm("/staff/sign-in/code", { csrf, code, next: "/staff" }, client, halfSession)),
    );
    // None signed in (that would be a 302 to /staff): five checked, the rest sent to wait.
    expect(statuses(answers)).toEqual({ 400: 5, 303: 35 });
    expect(answers.find((answer) => answer.status === 303)!.headers.location).toMatch(/^\/staff\/sign-in\/code\?wait=\d+&next=%2Fstaff$/);
    expect((await auditOf(staffEmail("sales", "coded"))).filter(({ details }) => details?.reason === "wrong-code")).toHaveLength(5);

    const burst = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        postForm("/staff/sign-in/code", { csrf, code: String(i).padStart(6, "0"), next: "/staff" }, client, halfSession),
      ),
    );
    expect(
      burst.every((answer) => answer.status < 500),
      JSON.stringify(statuses(burst)),
    ).toBe(true);
    // Halfway through signing in is not signed in: the visitors' limit on posts applies.
    expect(
      burst.some((answer) => answer.status === 429),
      JSON.stringify(statuses(burst)),
    ).toBe(true);
    await store.close();
  });
});

describe("a flood of failed sign-ins", () => {
  it("answers 300 failures, 30 at once from each of 10 addresses, with no 5xx, while a real sign-in completes", async () => {
    const forms = await Promise.all(Array.from({ length: 10 }, (_, i) => signInForm(`10.2.0.${i}`)));
    const realForm = await signInForm("10.3.0.1");
    const sent = forms.flatMap((form, i) =>
      Array.from({ length: 30 }, (_, guess) => signIn(staffEmail("sales", "flooded"), `flood guess ${guess}`, `10.2.0.${i}`, form)),
    );
    const flood = Promise.all(sent);
    // Once the site is answering the flood, a member of staff signs in.
    await Promise.race(sent);
    const started = performance.now();
    const real = await signIn(staffEmail("admin"), STAFF_PASSWORD, "10.3.0.1", realForm);
    const realMs = performance.now() - started;
    const answers = await flood;
    process.stderr.write(
      `Sign-in flood: a real sign-in took ${Math.round(realMs)} ms during 300 failures (${JSON.stringify(statuses(answers))})\n`,
    );
    expect(real.status).toBe(302);
    expect(real.headers.location).toBe("/staff");
    expect(statuses(answers)).toEqual({ 400: 5, 303: 295 });
    expect(site.log()).not.toMatch(/"level":50/);
  });
});

describe("a flood of sign-ins for unknown addresses", () => {
  /** Each answer's time, asking `address` again 50 ms after each answer until stopped. */
  function probe(address: string, headers: Record<string, string> = {}) {
    const times: number[] = [];
    const statuses: number[] = [];
    let stopped = false;
    const probing = (async () => {
      while (!stopped) {
        const started = performance.now();
        statuses.push((await site.get(address, headers)).status);
        times.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    return {
      stop: async () => {
        stopped = true;
        await probing;
        return { slowest: Math.max(...times), statuses };
      },
    };
  }

  it("never holds the staff up: their sign-ins go ahead of the flood's hashes, and file reads and /healthz answer throughout", async () => {
    const email = staffEmail("sales", "beside-flood");
    const first = await signIn(email, STAFF_PASSWORD, "10.7.1.1");
    const device = `__Host-staff_device=${valueOf(cookieNamed(first, "__Host-staff_device"))}`;
    // A staff page reads the session's file and the leads' before it answers.
    const { sessionId } = await signedInAs(site.dataDir, "sales");
    const staffPage = ["/api/staff/leads", { Cookie: `__Host-staff_session=${sessionId}` }] as const;
    const idleProbes = { health: probe("/healthz"), staffPage: probe(...staffPage) };
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleHealth = await idleProbes.health.stop();
    const idleStaffPage = await idleProbes.staffPage.stop();

    const forms = await Promise.all(Array.from({ length: 10 }, (_, i) => signInForm(`10.7.0.${i}`)));
    const [newForm, knownForm] = await Promise.all([signInForm("10.7.1.2"), signInForm("10.7.1.1")]);
    const answered: string[] = [];
    const started = performance.now();
    const probes = { health: probe("/healthz"), staffPage: probe(...staffPage) };
    const sent = forms.flatMap((form, i) =>
      Array.from({ length: 30 }, (_, n) =>
        signIn(`nobody-${i}-${n}@dealer.example`, `a wrong password ${n}`, `10.7.0.${i}`, form).then((answer) => {
          answered.push(answer.status === 400 ? "checked" : "held back");
          return answer;
        }),
      ),
    );
    // Once the site is answering the flood, with its hashes queued, the member of staff signs in.
    await Promise.race(sent);
    const [fromNewBrowser, fromKnownBrowser] = await Promise.all([
      signIn(email, STAFF_PASSWORD, "10.7.1.2", newForm).then((answer) => (answered.push("new browser"), answer)),
      signIn(email, STAFF_PASSWORD, "10.7.1.1", knownForm, device).then((answer) => (answered.push("known browser"), answer)),
    ]);
    const answers = await Promise.all(sent);
    const floodMs = performance.now() - started;
    const health = await probes.health.stop();
    const staffPageDuring = await probes.staffPage.stop();
    const checkedAfter = (who: string) => answered.slice(answered.indexOf(who)).filter((answer) => answer === "checked").length;
    const checked = answered.filter((answer) => answer === "checked").length;
    process.stderr.write(
      `Sign-in flood of unknown addresses: ${JSON.stringify(statuses(answers))} in ${Math.round(floodMs)} ms; ` +
        `slowest /healthz ${Math.round(health.slowest)} ms (idle ${Math.round(idleHealth.slowest)} ms), ` +
        `staff page ${Math.round(staffPageDuring.slowest)} ms (idle ${Math.round(idleStaffPage.slowest)} ms); ` +
        `of ${checked} checked, ${checkedAfter("known browser")} after the known browser's sign-in, ${checkedAfter("new browser")} after the new one's\n`,
    );

    for (const staff of [fromNewBrowser, fromKnownBrowser]) expect(staff.headers.location).toBe("/staff");
    // Every attempt counted: each checked, or told to wait (throttled, or no room to hash it).
    expect(Object.keys(statuses(answers)).sort()).toEqual(["303", "400"]);
    // A browser the account knows goes before every stranger waiting; a new one after one hash
    // from each flooding address, not after all of them.
    expect(checkedAfter("known browser")).toBeGreaterThanOrEqual(checked / 2);
    expect(checkedAfter("new browser")).toBeGreaterThanOrEqual(checked / 4);
    // Nothing else waits behind the hashes: not a file read, not /healthz.
    for (const { slowest, statuses: answered } of [health, staffPageDuring]) {
      expect(answered.every((status) => status === 200)).toBe(true);
      expect(slowest).toBeLessThan(floodMs / 3);
    }
    expect(site.log()).not.toMatch(/"level":50/);
    // A hundred hashes, each a tenth of a second of a core on an idle machine, take several times that under load.
  }, 180_000);
});

describe("the owner of an account under attack", () => {
  it("signs in from a browser they used before, with its device cookie, while browsers new to the account must wait", async () => {
    const email = staffEmail("sales", "owner");
    const first = await signIn(email, STAFF_PASSWORD, "10.4.0.1");
    const device = cookieNamed(first, "__Host-staff_device")!;
    expect(device.split("; ").slice(1).sort()).toEqual(["HttpOnly", `Max-Age=${180 * 86_400}`, "Path=/", "SameSite=Lax", "Secure"]);
    // Strangers at twenty addresses, five guesses each.
    for (let i = 0; i < 20; i++) {
      const form = await signInForm(`10.5.0.${i}`);
      for (let guess = 0; guess < 5; guess++) await signIn(email, `stranger guess ${guess}`, `10.5.0.${i}`, form);
    }
    expect((await signIn(email, STAFF_PASSWORD, "10.4.0.2")).headers.location).toMatch(/^\/staff\/sign-in\?wait=/);
    const owner = await signIn(email, STAFF_PASSWORD, "10.4.0.1", undefined, `__Host-staff_device=${valueOf(device)}`);
    expect(owner.status).toBe(302);
    expect(owner.headers.location).toBe("/staff");
  });
});

describe("the session", () => {
  it("gets a new id once the second factor's code is given, and the half-signed-in id no longer opens anything", async () => {
    const secret = newTotpSecret();
    const store = await FileStaffStore.open(site.dataDir);
    const account = (await store.findAccountByEmail(staffEmail("stock")))!;
    await store.updateAccount(account.id, { totpSecret: secret });
    await store.close();
    const client = "10.6.0.1";
    const signedIn = await signIn(staffEmail("stock"), STAFF_PASSWORD, client);
    const halfSession = `__Host-staff_session=${valueOf(cookieNamed(signedIn, "__Host-staff_session"))}`;
    const codePage = await site.get("/staff/sign-in/code", { Cookie: halfSession, "X-Forwarded-For": client });
    const csrf = /name="csrf" value="([^"]+)"/.exec(codePage.body)![1]!;
    const done = await postForm(
      "/staff/sign-in/code",
      { csrf, code: new TOTP({ secret: Secret.fromBase32(secret) }).generate(), next: "/staff/stock/import" },
      client,
      halfSession,
    );
    expect(done.status).toBe(302);
    const fullSession = `__Host-staff_session=${valueOf(cookieNamed(done, "__Host-staff_session"))}`;
    expect(fullSession).not.toBe(halfSession);
    expect((await site.get("/staff/stock/import", { Cookie: fullSession })).status).toBe(200);
    expect((await site.get("/staff/stock/import", { Cookie: halfSession })).headers.location).toMatch(/^\/staff\/sign-in\?/);
  });

  it("is swept from the data folder once ended, when the site starts and hourly", async () => {
    const sessions = path.join(site.dataDir, "staff", "sessions");
    await mkdir(sessions, { recursive: true });
    const ended = {
      idDigest: "ended-session-digest",
      accountId: "someone",
      csrfToken: "x",
      createdAt: "2026-01-01T00:00:00.000Z",
      lastSeenAt: "2026-01-01T00:00:00.000Z",
      expiresAt: "2026-01-01T12:00:00.000Z",
      secondFactorDone: true,
    };
    await writeFile(path.join(sessions, "ended-session-digest.json"), JSON.stringify(ended));
    const another = await startBuiltSite({}, { dataDir: site.dataDir });
    try {
      for (let tries = 0; (await readdir(sessions)).includes("ended-session-digest.json") && tries < 50; tries++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await readdir(sessions)).not.toContain("ended-session-digest.json");
    } finally {
      await another.stop();
    }
  });
});
