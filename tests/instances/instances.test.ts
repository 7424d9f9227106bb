import { existsSync } from "node:fs";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDemoStock } from "../../backend/demo-stock/generate-demo-stock";
import { LEADS_COLLECTION } from "../../backend/leads/mongo-lead-store";
import { versionIndexUid } from "../../backend/search/meili-index-version";
import { searchKeyUid } from "../../backend/search/meili-keys";
import { HOME_SEED } from "../../backend/content/seed/home-seed";
import { MongoStaffStore } from "../../backend/staff/mongo-staff-store";
import { CONTENT_FORMS } from "../../frontend/staff/content-form";
import { spawnBuiltSite, type SiteProcess } from "../support/built-site";
import { validApplication } from "../support/finance-applications";
import { formFieldsOf } from "../support/content-form-posts";
import { freePort } from "../support/free-port";
import { runCli } from "../support/run-cli";
import { sandboxName } from "../support/sandboxes";
import { findLoadBalancer, startLoadBalancer, type LoadBalancer } from "../support/servers/load-balancer";
import { addStaffAccountsTo, STAFF_PASSWORD, staffEmail } from "../support/staff-accounts";
import { suiteServers } from "../support/suite-servers";
import { describeUnavailable, reportRan } from "../support/test-servers";

/**
 * Three instances of the built site on one MongoDB-protocol server and one Meilisearch,
 * behind HAProxy (round robin, no sticky sessions), as docs/operations.md deploys them: a
 * member of staff signed in on one instance works on the others, the POST rate limit and the
 * sign-in throttle hold at their numbers across instances, a stock import's progress and a
 * search index rebuild's show on every instance, the scheduled feed runs once a period, a
 * price change shows everywhere within 5 s, every instance restarted in turn under steady load
 * (a rolling deploy) fails no request and loses no lead, and an instance killed mid-request
 * loses nothing.
 */
const SUITE = "several site instances behind a load balancer";
const INSTANCES = 3;
const POST_LIMIT = 12;
const FEED_MINUTES = 1;
const DEMO_STOCK = 60;
/**
 * Vehicles in the feed a stock manager uploads: enough that reading and saving it take a
 * moment, in several of MongoVehicleStore's write batches (each must end inside the site's
 * MongoDB socket timeout, which one write of them all did not on a busy FerretDB).
 */
const UPLOADED = 900;
const build = path.resolve(import.meta.dirname, "..", "..", "build", "server", "index.js");
const DRAIN_SECONDS = 6;

const haproxy = findLoadBalancer();
const unavailable = !existsSync(build) ? "the site is not built (npm run build)" : "skipReason" in haproxy ? haproxy.skipReason : undefined;
const servers = unavailable ? undefined : await suiteServers(SUITE, ["mongo", "meili"]);
if (unavailable) describeUnavailable(SUITE, unavailable);

if (servers && !("skipReason" in haproxy)) {
  const { mongo, meili } = servers;
  const name = sandboxName("instances");
  const db = mongo.client.db(name);
  let dataDir: string;
  let instances: (SiteProcess & { port: number })[] = [];
  /** How each instance is started, and started again in a rolling deploy. */
  let startInstance: (port: number) => Promise<SiteProcess>;
  let balancer: LoadBalancer | undefined;
  let feedServer: Server;
  const feedFetches: number[] = [];
  let instanceErrors = "";

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "instances-"));
    // The dealer's feed: every fetch is counted, and answered 503 so that no run changes the stock under the other tests.
    feedServer = createServer((_req, res) => {
      feedFetches.push(performance.now());
      res.writeHead(503).end("busy");
    });
    feedServer.listen(0, "127.0.0.1");
    await once(feedServer, "listening");

    const searchKeyFile = path.join(dataDir, "search.key");
    const engines = {
      MONGODB_URL: mongo.url,
      MONGODB_DB: name,
      MEILI_URL: meili.url,
      MEILI_INDEX: name,
      MEILI_ADMIN_KEY: meili.adminKey ?? "",
    };
    const setup = await runCli(["setup"], dataDir, {
      ...engines,
      MEILI_SEARCH_KEY_FILE: searchKeyFile,
      DEMO_STOCK_SIZE: String(DEMO_STOCK),
    }).done;
    if (setup.status !== 0) throw new Error(`stock:setup failed: ${setup.stderr}`);
    const staffStore = await MongoStaffStore.open(db);
    await addStaffAccountsTo(staffStore, ["stock", "editor", "admin"]);

    const feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/exports/stock.ndjson`;
    const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
    const searchKey = (await readFile(searchKeyFile, "utf8")).trim();
    startInstance = async (port) => {
      const instance = await spawnBuiltSite({
        port,
        dataDir,
        timeoutMs: 60_000,
        pipeLog: true,
        env: {
          ...engines,
          MEILI_SEARCH_KEY: searchKey,
          // HAProxy and, in front of it, a proxy of the test's: each request names its client in X-Forwarded-For.
          TRUST_PROXY: "2",
          POST_RATE_LIMIT: String(POST_LIMIT),
          STOCK_FEED_URL: feedUrl,
          STOCK_FEED_SCHEDULE: String(FEED_MINUTES),
          STOCK_UPLOAD_MAX_MB: "200",
          // Longer than HAProxy takes to see three failed checks a second apart.
          SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
          LOG_LEVEL: "error",
        },
      });
      // What the instances log (errors only) is kept, and shown at the end when there is any.
      instance.server.stdout!.setEncoding("utf8").on("data", (chunk: string) => (instanceErrors += chunk));
      return instance;
    };
    instances = await Promise.all(ports.map(async (port) => ({ port, ...(await startInstance(port)) })));
    balancer = await startLoadBalancer(haproxy, ports);
    reportRan(SUITE, [balancer]);
  }, 180_000);

  afterAll(async () => {
    if (instanceErrors) process.stderr.write(`The instances logged:\n${instanceErrors}`);
    await balancer?.stop();
    await Promise.all(
      instances.map(async ({ server }) => {
        if (server.exitCode !== null || server.signalCode !== null) return;
        server.kill("SIGTERM");
        await once(server, "exit");
      }),
    );
    feedServer?.close();
    await db.dropDatabase();
    await meiliAdmin(`/indexes/${name}`, "DELETE");
    await meiliAdmin(`/indexes/${versionIndexUid(name)}`, "DELETE");
    await meiliAdmin(`/keys/${searchKeyUid(name)}`, "DELETE");
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  const meiliAdmin = (address: string, method: string) =>
    fetch(`${meili.url}${address}`, { method, headers: { Authorization: `Bearer ${meili.adminKey}` } }).catch(() => undefined);

  interface Answer {
    status: number;
    headers: IncomingHttpHeaders;
    body: string;
  }

  /** Any request to `port` (an instance's or the balancer's), redirects answered rather than followed. */
  const send = (
    port: number,
    address: string,
    options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
  ) =>
    new Promise<Answer>((resolve, reject) => {
      const request = httpRequest(
        { host: "127.0.0.1", port, path: address, method: options.method ?? "GET", headers: options.headers },
        (response) => {
          let text = "";
          response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
          response.on("error", reject);
        },
      );
      request.on("error", reject).end(options.body);
    });

  const lb = () => balancer!.port;
  const origin = (port: number) => `http://127.0.0.1:${port}`;
  const servedBy = (answer: Answer) => String(answer.headers["x-served-by"]);
  const cookieOf = (answer: Answer, cookie: string) =>
    (answer.headers["set-cookie"] ?? []).find((line) => line.startsWith(`${cookie}=`))?.split(";")[0];
  const formToken = (page: string) => /name="csrf" value="([^"]+)"/.exec(page)?.[1] ?? "";
  /** A page's words, as a reader sees them. */
  const textOf = (page: string) =>
    page
      .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/g, " ")
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");

  function postForm(port: number, address: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return send(port, address, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin(port), Accept: "text/html", ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Signs in through `port` as a browser at `client` does: the form, then its POST. Answers the POST. */
  async function signIn(port: number, email: string, password: string, client: string): Promise<Answer> {
    const form = await send(port, "/staff/sign-in", { headers: { "X-Forwarded-For": client } });
    return postForm(
      port,
      "/staff/sign-in",
      { csrf: formToken(form.body), email, password, next: "/staff" },
      { "X-Forwarded-For": client, Cookie: cookieOf(form, "__Host-staff_sign_in") ?? "" },
    );
  }

  async function sessionOf(port: number, role: "stock" | "editor" | "admin", client: string): Promise<string> {
    const signedIn = await signIn(port, staffEmail(role), STAFF_PASSWORD, client);
    expect(signedIn.headers.location, `${signedIn.status} ${/role="alert"[^>]*>([^<]*)/.exec(signedIn.body)?.[1]}`).toBe("/staff");
    return cookieOf(signedIn, "__Host-staff_session")!;
  }

  // FerretDB and three sites on a shared 2-core machine are slow: each test is allowed two minutes.
  describe(SUITE, { timeout: 120_000 }, () => {
    it("spreads requests round robin over every instance, without sticky sessions", async () => {
      const answers = await Promise.all(Array.from({ length: INSTANCES * 3 }, () => send(lb(), "/healthz")));
      expect(answers.map(({ status }) => status)).toEqual(answers.map(() => 200));
      expect(new Set(answers.map(servedBy)).size).toBe(INSTANCES);
    });

    it("keeps a member of staff signed in on one instance signed in on every other, and takes a CSRF token from one on another", async () => {
      const [first, second, third] = instances;
      const cookie = await sessionOf(first!.port, "stock", "10.20.0.1");
      for (const { port } of [second!, third!]) {
        const page = await send(port, "/staff/stock/vehicles", { headers: { Cookie: cookie } });
        expect(page.status, `instance on ${port}`).toBe(200);
        expect(page.body).toContain("Stock Person");
      }
      // Through the balancer, each request to whichever instance comes next.
      const pages = await Promise.all(
        Array.from({ length: INSTANCES * 2 }, () => send(lb(), "/staff/stock/vehicles", { headers: { Cookie: cookie } })),
      );
      expect(pages.map(({ status }) => status)).toEqual(pages.map(() => 200));
      expect(new Set(pages.map(servedBy)).size).toBe(INSTANCES);

      // A form rendered by the first instance, sent to the third.
      const [vehicle] = JSON.parse((await send(lb(), "/api/vehicles?pageSize=1")).body) as { _id: string }[];
      const page = await send(first!.port, `/staff/stock/vehicles/${vehicle!._id}`, { headers: { Cookie: cookie } });
      const hidden = await postForm(
        third!.port,
        `/staff/stock/vehicles/${vehicle!._id}`,
        { csrf: formToken(page.body), intent: "hide" },
        { Cookie: cookie },
      );
      expect(hidden.status).toBe(200);
      const shown = await postForm(
        second!.port,
        `/staff/stock/vehicles/${vehicle!._id}`,
        { csrf: formToken(page.body), intent: "show" },
        { Cookie: cookie },
      );
      expect(shown.status).toBe(200);
      // And a token no instance gave is refused by each.
      const forged = await postForm(
        third!.port,
        `/staff/stock/vehicles/${vehicle!._id}`,
        { csrf: "forged", intent: "hide" },
        { Cookie: cookie },
      );
      expect(forged.status).toBe(403);
    });

    it("holds one client to POST_RATE_LIMIT posts across all the instances", async () => {
      const client = "10.30.0.1";
      const answers: Answer[] = [];
      for (let i = 0; i < POST_LIMIT + 4; i++) {
        answers.push(
          await send(lb(), "/api/finance-application", {
            method: "POST",
            headers: { "Content-Type": "application/json", "X-Forwarded-For": client },
            body: "{}",
          }),
        );
      }
      expect(new Set(answers.map(servedBy)).size).toBe(INSTANCES);
      expect(answers.filter(({ status }) => status !== 429)).toHaveLength(POST_LIMIT);
      expect(answers.slice(POST_LIMIT).map(({ status }) => status)).toEqual([429, 429, 429, 429]);
      // Another client is not held by this one's posts.
      const other = await send(lb(), "/api/finance-application", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.30.0.2" },
        body: "{}",
      });
      expect(other.status).toBe(400);
    });

    it("makes an address wait after 10 failed sign-ins however they are spread over the instances", async () => {
      const client = "10.40.0.1";
      const refused: Answer[] = [];
      // Ten guesses at ten addresses, so only the address's own count reaches its limit.
      for (let i = 0; i < 10; i++) refused.push(await signIn(lb(), `nobody-${i}@dealer.example`, "a wrong password", client));
      expect(refused.map(({ status }) => status)).toEqual(refused.map(() => 400));
      const eleventh = await signIn(lb(), staffEmail("admin"), STAFF_PASSWORD, client);
      expect(eleventh.status).toBe(303);
      expect(eleventh.headers.location).toMatch(/^\/staff\/sign-in\?wait=1&/);
      // The same account from another address signs in at once.
      expect((await signIn(lb(), staffEmail("admin"), STAFF_PASSWORD, "10.40.0.2")).headers.location).toBe("/staff");
    });

    // These two run before the upload: FerretDB 1.24 finds a document by its _id by reading the whole collection (its
    // _id index is on another expression), so with the uploaded 900 every page and write here waits on it as MongoDB never would.
    it("shows a search index rebuild running and its end on every instance, and refuses another through another instance meanwhile", async () => {
      const [first, second] = instances;
      const cookie = await sessionOf(lb(), "stock", "10.55.0.1");
      const page = await send(first!.port, "/staff/stock/search-index", { headers: { Cookie: cookie } });
      const rebuild = (port: number) => postForm(port, "/staff/stock/search-index", { csrf: formToken(page.body) }, { Cookie: cookie });
      expect((await rebuild(first!.port)).status).toBe(303);
      // Refused as busy (409): the page shown with the refusal counts the stock, which a busy FerretDB may not do in time, so its words are not read.
      expect((await rebuild(second!.port)).status).toBe(409);

      /** What each instance's console shows, asked directly, until each shows the rebuild's end. */
      const seen = instances.map(() => new Set<string>());
      const deadline = Date.now() + 60_000;
      while (!seen.every((shown) => [...shown].some((line) => line.startsWith("Rebuilt")))) {
        if (Date.now() > deadline)
          throw new Error(`Not every instance showed the rebuild's end: ${seen.map((s) => [...s].join(", ")).join(" | ")}`);
        await Promise.all(
          instances.map(async ({ port }, i) => {
            const shown = textOf((await send(port, "/staff/stock/search-index", { headers: { Cookie: cookie } })).body);
            if (shown.includes("Rebuilding the index, started by Stock Person")) seen[i]!.add("running");
            const ended = /(Rebuilt by Stock Person at [^:]+:[^.]+ vehicles|The rebuild failed[^.]*)/.exec(shown)?.[1];
            if (ended?.startsWith("The rebuild failed")) throw new Error(`${ended}\nThe instances logged:\n${instanceErrors}`);
            if (ended) seen[i]!.add(ended.replace(/ in \d+ s$/, ""));
          }),
        );
        await sleep(200);
      }
      const total = Number((await send(lb(), "/api/vehicles?pageSize=1")).headers["x-total-count"]);
      for (const shown of seen) {
        expect(shown).toContain("running");
        expect([...shown].find((line) => line.startsWith("Rebuilt"))).toMatch(new RegExp(`: ${total.toLocaleString("en-GB")} vehicles`));
      }
    });

    it("shows a price changed through one instance on every instance's vehicle page and search within 5 s", async () => {
      const [first, second] = instances;
      const cookie = await sessionOf(first!.port, "stock", "10.60.0.1");
      const [vehicle] = JSON.parse((await send(lb(), "/api/vehicles/search/car?pageSize=1&sort=price_asc")).body) as { _id: string }[];
      const id = vehicle!._id;
      const price = 54_321;
      const search = `/car-search?price=${price}-${price}`;
      // Every instance has the vehicle page and the search in its page cache first.
      for (const { port } of instances) {
        for (let i = 0; i < 2; i++) {
          expect((await send(port, `/vehicles/${id}`)).body).not.toContain("£54,321");
          expect((await send(port, search)).body).not.toContain(`/vehicles/${id}`);
        }
      }
      const page = await send(first!.port, `/staff/stock/vehicles/${id}`, { headers: { Cookie: cookie } });
      const changedAt = performance.now();
      const changed = await postForm(
        second!.port,
        `/staff/stock/vehicles/${id}`,
        { csrf: formToken(page.body), intent: "price", price: String(price) },
        { Cookie: cookie },
      );
      const answeredAfter = performance.now() - changedAt;
      expect(changed.status).toBe(200);
      expect(changed.body).toContain("The price is now £54,321.");

      const shownAfter = await Promise.all(
        instances.map(async ({ port }) => {
          for (;;) {
            const [vehiclePage, searchPage] = await Promise.all([send(port, `/vehicles/${id}`), send(port, search)]);
            if (vehiclePage.body.includes("£54,321") && searchPage.body.includes(`/vehicles/${id}`)) return performance.now() - changedAt;
            if (performance.now() - changedAt > 15_000) return Infinity;
            await sleep(100);
          }
        }),
      );
      process.stderr.write(
        `A price change was answered after ${Math.round(answeredAfter)} ms, and showed on every instance's vehicle page and search after ` +
          `${shownAfter.map((ms) => `${Math.round(ms)} ms`).join(", ")}.\n`,
      );
      for (const ms of shownAfter) expect(ms).toBeLessThanOrEqual(5000);
    });

    it("shows a home page and a notice published through one instance on every instance within 5 s", async () => {
      const [first, second] = instances;
      const cookie = await sessionOf(first!.port, "editor", "10.61.0.1");
      // Every instance has the pages in its page cache first.
      for (const { port } of instances) {
        for (let i = 0; i < 2; i++) expect((await send(port, "/about")).body).not.toContain("Closed for stocktaking");
        expect((await send(port, "/")).body).not.toContain("Spring into a new van");
      }
      const [editor, noticeForm] = await Promise.all([
        send(first!.port, "/staff/content/home", { headers: { Cookie: cookie } }),
        send(first!.port, "/staff/content/notice", { headers: { Cookie: cookie } }),
      ]);
      const basedOn = (page: string) => /name="basedOn" value="(\d+)"/.exec(page)![1]!;
      const changedAt = performance.now();
      const [home, notice] = await Promise.all([
        postForm(
          second!.port,
          "/staff/content/home",
          {
            csrf: formToken(editor.body),
            basedOn: basedOn(editor.body),
            intent: "publish",
            ...Object.fromEntries(
              formFieldsOf(CONTENT_FORMS.home, { ...HOME_SEED, hero: { heading: "Spring into a new van", text: "{stock}." } }),
            ),
          },
          { Cookie: cookie },
        ),
        postForm(
          first!.port,
          "/staff/content/notice",
          {
            csrf: formToken(noticeForm.body),
            basedOn: basedOn(noticeForm.body),
            intent: "publish",
            text: "Closed for stocktaking",
            from: "2020-01-01T00:00",
            until: "2040-01-01T00:00",
          },
          { Cookie: cookie },
        ),
      ]);
      const answeredAfter = performance.now() - changedAt;
      expect([home.status, notice.status]).toEqual([302, 302]);
      const shownAfter = await Promise.all(
        instances.map(async ({ port }) => {
          for (;;) {
            const [homePage, aboutPage] = await Promise.all([send(port, "/"), send(port, "/about")]);
            if (homePage.body.includes("Spring into a new van") && aboutPage.body.includes("Closed for stocktaking"))
              return performance.now() - changedAt;
            if (performance.now() - changedAt > 15_000) return Infinity;
            await sleep(100);
          }
        }),
      );
      process.stderr.write(
        `Two publishes were answered after ${Math.round(answeredAfter)} ms, and showed on every instance's home and about pages after ` +
          `${shownAfter.map((ms) => `${Math.round(ms)} ms`).join(", ")}.\n`,
      );
      for (const ms of shownAfter) expect(ms).toBeLessThanOrEqual(5000);
    });

    it("shows an upload's progress and its end on every instance, and lets another instance confirm it", async () => {
      const cookie = await sessionOf(lb(), "stock", "10.50.0.1");
      const page = await send(lb(), "/staff/stock/import", { headers: { Cookie: cookie } });
      const feed = Array.from(generateDemoStock({ count: UPLOADED, seed: 4242 }), (record) => JSON.stringify(record)).join("\n");
      const boundary = "----instances-test";
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${formToken(page.body)}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="mode"\r\n\r\nupsert\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="feed"; filename="big.ndjson"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        Buffer.from(feed),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const uploaded = await send(lb(), "/staff/stock/import", {
        method: "POST",
        headers: {
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Length": String(body.length),
          Origin: origin(lb()),
          Accept: "text/html",
          Cookie: cookie,
        },
        body,
      });
      expect(uploaded.status).toBe(303);

      /** What each instance's console shows, asked directly, until each shows `until`. */
      const seen = instances.map(() => new Set<string>());
      const follow = async (until: string) => {
        const deadline = Date.now() + 120_000;
        while (!seen.every((headings) => headings.has(until))) {
          if (seen.some((headings) => headings.has("Import failed: nothing was changed"))) {
            const failed = await send(lb(), "/staff/stock/import", { headers: { Cookie: cookie } });
            throw new Error(`The import failed: ${textOf(failed.body).slice(0, 1500)}\nThe instances logged:\n${instanceErrors}`);
          }
          if (Date.now() > deadline)
            throw new Error(`Not every instance showed "${until}": ${seen.map((s) => [...s].join(", ")).join(" | ")}`);
          await Promise.all(
            instances.map(async ({ port }, i) => {
              const shown = await send(port, "/staff/stock/import", { headers: { Cookie: cookie } });
              const heading = /<h2 id="latest-import">([^<]+)<\/h2>/.exec(shown.body)?.[1];
              if (heading) seen[i]!.add(heading);
              if (/<progress id="import-progress"/.test(shown.body)) seen[i]!.add("progress");
            }),
          );
          await sleep(100);
        }
      };
      await follow("Preview: nothing is changed until you confirm");
      const ready = await send(lb(), "/staff/stock/import", { headers: { Cookie: cookie } });
      const id = /name="id" value="([0-9a-f]+)"/.exec(ready.body)![1]!;
      // The confirmation goes to whichever instance is next, very likely not the one that took the upload.
      const confirmed = await postForm(
        lb(),
        "/staff/stock/import",
        { csrf: formToken(ready.body), id, intent: "apply" },
        { Cookie: cookie },
      );
      expect(confirmed.status).toBe(303);
      await follow("Import finished");
      for (const headings of seen) {
        expect(headings).toContain("progress");
        expect(headings).toContain("Import finished");
      }
      const total = Number((await send(lb(), "/api/vehicles?pageSize=1")).headers["x-total-count"]);
      expect(total).toBeGreaterThanOrEqual(UPLOADED);
    }, 180_000);

    it(
      "fetches the scheduled feed once a period across the instances, and shows its last run on every instance",
      async () => {
        // Each instance asks at its start and every minute after: one fetch a period in all.
        await expect.poll(() => feedFetches.length, { timeout: FEED_MINUTES * 60_000 + 30_000, interval: 500 }).toBeGreaterThanOrEqual(2);
        const gaps = feedFetches.slice(1).map((at, i) => at - feedFetches[i]!);
        process.stderr.write(
          `The scheduled feed was fetched ${feedFetches.length} times, ${gaps.map((ms) => `${Math.round(ms / 1000)} s`).join(", ")} apart.\n`,
        );
        // Never two runs in one period: the turn is reckoned by the database server's clock, and
        // each fetch reaches the feed a moment after its turn was taken, so allow a few seconds.
        for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(FEED_MINUTES * 60_000 - 5000);
        const cookie = await sessionOf(lb(), "admin", "10.70.0.1");
        for (const { port } of instances) {
          const page = await send(port, "/staff/stock/import", { headers: { Cookie: cookie } });
          expect(page.body).toContain("answered HTTP 503");
        }
      },
      FEED_MINUTES * 60_000 + 60_000,
    );

    it("restarts every instance in turn under steady load, failing no request and losing no lead", async () => {
      // Once the instances answer from their store again, should the tests before have left it busy.
      let listed = await send(lb(), "/api/vehicles?pageSize=1");
      const deadline = Date.now() + 60_000;
      while (listed.status !== 200 && Date.now() < deadline) {
        await sleep(1000);
        listed = await send(lb(), "/api/vehicles?pageSize=1");
      }
      const [vehicle] = JSON.parse(listed.body) as { _id: string }[];
      /**
       * A request the restarts failed: refused or cut off, or answered by HAProxy itself (no
       * instance to send it to), or a server error of the site's. An engine's 503 (FerretDB
       * over SQLite slower than the site's deadline on a busy machine) is counted apart, with
       * the same load's count before any restart beside it.
       */
      const failures: string[] = [];
      const engineOutages = { before: 0, during: 0 };
      let restarting = false;
      const storedApplicants: string[] = [];
      let requests = 0;
      let running = true;
      /** One visitor of several, each sending a request after the last is answered: pages, searches and, every fifth, an application. */
      const visitor = async (who: number) => {
        for (let turn = 0; running; turn++) {
          const email = `rolling-${who}-${turn}@instances.example`;
          const answer =
            turn % 5 === 4
              ? send(lb(), "/api/finance-application", {
                  method: "POST",
                  // A client address of its own for each, so that no rate limit refuses one.
                  headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.90.${who}.${turn % 250}` },
                  body: JSON.stringify({ ...validApplication(), vehicleId: vehicle!._id, email }),
                })
              : send(lb(), turn % 5 === 0 ? "/vehicles" : turn % 2 ? "/api/vehicles/search/car?pageSize=5" : "/car-search");
          const { status, body, headers } = await answer.catch((error: Error) => ({ status: 0, body: error.message, headers: {} }));
          requests++;
          if (status === 201) storedApplicants.push(email);
          else if (
            status === 503 &&
            /(store|search)_unavailable|Search isn't working just now|This page can't be shown just now/.test(body)
          ) {
            engineOutages[restarting ? "during" : "before"]++;
          } else if (status !== 200)
            failures.push(`${status} from ${String((headers as IncomingHttpHeaders)["x-served-by"])}: ${body.slice(0, 100)}`);
          await sleep(200);
        }
      };
      const load = Promise.all(Array.from({ length: 3 }, (_, who) => visitor(who)));
      await sleep(20_000);
      const requestsBefore = requests;
      restarting = true;

      const restarts: string[] = [];
      for (let i = 0; i < INSTANCES; i++) {
        const { server, port } = instances[i]!;
        const started = performance.now();
        const exited = once(server, "exit");
        server.kill("SIGTERM");
        const [code] = (await exited) as [number | null];
        expect(code).toBe(0);
        const stoppedAfter = performance.now() - started;
        instances[i] = { port, ...(await startInstance(port)) };
        // Back in the pool once HAProxy has seen two good checks a second apart.
        await expect
          .poll(async () => servedBy(await send(lb(), "/healthz")) === `instance-${i + 1}`, { timeout: 30_000, interval: 100 })
          .toBe(true);
        restarts.push(
          `instance ${i + 1}: stopped after ${(stoppedAfter / 1000).toFixed(1)} s, back after ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      }
      running = false;
      await load;

      const stored = await db
        .collection<{ contacts: string[] }>(LEADS_COLLECTION)
        .find({ contacts: { $in: storedApplicants } })
        .toArray();
      const storedEmails = new Set(stored.flatMap((lead) => lead.contacts));
      process.stderr.write(
        `A rolling restart under steady load: ${requests - requestsBefore} requests during it, ${failures.length} failed, ` +
          `${engineOutages.during} answered 503 for a slow engine (${engineOutages.before} of ${requestsBefore} in the 20 s before); ` +
          `${storedApplicants.length} applications answered 201, ${storedApplicants.filter((email) => !storedEmails.has(email)).length} of them lost; ${restarts.join("; ")}. ` +
          `Load average ${loadavg()[0]!.toFixed(1)}.\n`,
      );
      expect(failures).toEqual([]);
      expect(storedApplicants.length).toBeGreaterThan(0);
      expect(storedApplicants.filter((email) => !storedEmails.has(email))).toEqual([]);
    }, 300_000);

    it("loses no application when an instance is killed mid-request, and the others carry on", async () => {
      const victim = instances[INSTANCES - 1]!;
      const applicants = Array.from({ length: 30 }, (_, i) => `applicant-${i}@instances.example`);
      const [vehicle] = JSON.parse((await send(lb(), "/api/vehicles?pageSize=1")).body) as { _id: string }[];
      /** Sends one application until an instance says it is stored, as a browser's user would send it again. */
      const apply = async (email: string, i: number) => {
        const failures: string[] = [];
        for (let attempt = 0; attempt < 5; attempt++) {
          const answer = await send(lb(), "/api/finance-application", {
            method: "POST",
            headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.80.${attempt}.${i}` },
            body: JSON.stringify({ ...validApplication(), vehicleId: vehicle!._id, email }),
          }).catch((error: Error) => ({ status: 0, headers: {}, body: error.message }));
          if (answer.status === 201) return { email, failures };
          failures.push(`${answer.status} ${answer.body.slice(0, 80)}`);
          await sleep(200);
        }
        throw new Error(`${email} was never stored: ${failures.join("; ")}`);
      };
      const sending = Promise.all(
        applicants.map(async (email, i) => {
          await sleep(i * 40);
          return apply(email, i);
        }),
      );
      await sleep(400);
      victim.server.kill("SIGKILL");
      const sent = await sending;

      const stored = await db
        .collection<{ contacts: string[] }>(LEADS_COLLECTION)
        .find({ contacts: { $in: applicants } })
        .toArray();
      const storedEmails = new Set(stored.flatMap((lead) => lead.contacts));
      expect(applicants.filter((email) => !storedEmails.has(email))).toEqual([]);
      process.stderr.write(
        `With an instance killed mid-request: ${sent.filter(({ failures }) => failures.length > 0).length} of 30 applications needed sending again; every one was stored.\n`,
      );

      // The balancer has taken the dead instance out: every request is answered by the others.
      const answers = await Promise.all(Array.from({ length: 12 }, () => send(lb(), "/vehicles")));
      expect(answers.map(({ status }) => status)).toEqual(answers.map(() => 200));
      expect(answers.map(servedBy)).not.toContain(`instance-${INSTANCES}`);
    });
  });
}
