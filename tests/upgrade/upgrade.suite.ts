import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileLeadStore } from "../../backend/leads/file-lead-store";
import { FileMailOutbox } from "../../backend/mail/file-mail-outbox";
import { FileStaffStore } from "../../backend/staff/file-staff-store";
import { versionIndexUid } from "../../backend/search/meili-index-version";
import { searchKeyUid } from "../../backend/search/meili-keys";
import { spawnBuiltSite, stopSite, type SiteProcess } from "../support/built-site";
import { EMBEDDED_ENGINES } from "../support/embedded-engines";
import { validApplication } from "../support/finance-applications";
import { freePort } from "../support/free-port";
import { sandboxName } from "../support/sandboxes";
import { STAFF_PASSWORD, staffEmail } from "../support/staff-accounts";
import { signInThroughForm } from "../support/staff-sign-in";
import { suiteServers } from "../support/suite-servers";
import { describeUnavailable } from "../support/test-servers";
import { preparedRelease, releases, unavailableReason } from "./previous-release";

/**
 * An upgrade from the previous release (CHANGELOG.md): its source built as it was released,
 * run over a fresh store where it takes leads, staff accounts, a sign-in and mail it cannot
 * send; then this version started on the same store. Nothing is lost, every record is read by
 * this version's stores, and staff can sign in and buyers search within seconds of the new
 * version answering. Once on the embedded store, and once on MongoDB with Meilisearch where
 * those servers can be found or started. Slow (it installs and builds the old release, kept
 * for the next run under node_modules/.cache): `npm run test:upgrade`, and `npm run test:servers`.
 */
const root = path.resolve(import.meta.dirname, "..", "..");
const currentBuild = path.join(root, "build", "server", "index.js");
const SUITE = "upgrade from the previous release";
/** How soon after the new version answers that staff must sign in and buyers search: an upgraded embedded site once kept staff out for 91 s. */
const WITHIN_MS = 15_000;

const { current, previous } = await releases();
const reason = !existsSync(currentBuild) ? "this version is not built (npm run build)" : await unavailableReason(previous);
if (reason || !previous) describeUnavailable(SUITE, reason ?? "no previous release");
else {
  let oldRelease: string;
  beforeAll(async () => {
    oldRelease = await preparedRelease(previous, (line) => process.stderr.write(`${line}\n`));
    process.stderr.write(
      `Upgrading from ${previous.version} (${previous.commit.slice(0, 12)}, found by ${previous.foundBy}) to ${current}.\n`,
    );
  }, 30 * 60_000);

  /** Runs a module of the old release's own source (its staff accounts, its stock tools) in its folder, as that release would. */
  const runOld = (args: string[], env: Record<string, string>) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", "tsx", ...args], {
        cwd: oldRelease,
        env: { ...process.env, ...EMBEDDED_ENGINES, LOG_LEVEL: "warn", ...env },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let errors = "";
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => (errors += chunk));
      child.on("close", (status) => (status === 0 ? resolve() : reject(new Error(`${args.join(" ")} failed: ${errors}`))));
    });

  interface Written {
    leadIds: string[];
    vehicles: string;
    searchTotal: string;
  }

  /** What a release's site is given to store: leads of several kinds (forwarding and mail wait, their servers being down), and a staff sign-in. */
  async function writeThrough(site: SiteProcess): Promise<Written> {
    const post = async (kind: string, body: Record<string, unknown>, client: string) => {
      const answer = await fetch(`${site.url}/api/${kind}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": client },
        body: JSON.stringify(body),
      });
      expect(answer.status, `${kind}: ${await answer.clone().text()}`).toBe(201);
      return ((await answer.json()) as { id: string }).id;
    };
    const [vehicle] = (await (await fetch(`${site.url}/api/vehicles?pageSize=1`)).json()) as { _id: string }[];
    const enquiry = { name: "Ada Upgrade", email: "ada@example.com", phone: "", contactMethod: "email", message: "Still for sale?" };
    const leadIds = [
      await post("enquiry", { ...enquiry, vehicleId: vehicle!._id }, "10.1.0.1"),
      await post("finance-application", { ...validApplication(), vehicleId: vehicle!._id }, "10.1.0.2"),
      await post("newsletter", { email: "reader@example.com", consent: true }, "10.1.0.3"),
      await post("feedback", { message: "The search is quick.", email: "" }, "10.1.0.4"),
    ];
    const signedIn = await signInThroughForm(site.url, staffEmail("admin"), STAFF_PASSWORD);
    expect(signedIn).toMatchObject({ location: "/staff", session: expect.any(String) });
    const search = await fetch(`${site.url}/api/vehicles/search/car?pageSize=1`);
    return {
      leadIds,
      vehicles: (await fetch(`${site.url}/api/vehicles?pageSize=1`)).headers.get("x-total-count")!,
      searchTotal: search.headers.get("x-total-count")!,
    };
  }

  /** Starts this version where the old one stopped, and times how soon staff sign in and buyers search. */
  async function upgradeTo(
    dataDir: string,
    env: Record<string, string>,
    written: Written,
  ): Promise<{ site: SiteProcess; signInMs: number; searchMs: number }> {
    const site = await spawnBuiltSite({ dataDir, port: await freePort(), env, timeoutMs: 120_000, pipeLog: true });
    let log = "";
    site.server.stdout!.setEncoding("utf8").on("data", (chunk: string) => (log += chunk));
    const answering = performance.now();
    const until = async (done: () => Promise<boolean>) => {
      while (!(await done())) {
        if (performance.now() - answering > 120_000) throw new Error(`Not within two minutes; the site logged:\n${log}`);
        await sleep(100);
      }
      return performance.now() - answering;
    };
    const [signInMs, searchMs] = await Promise.all([
      until(async () => (await signInThroughForm(site.url, staffEmail("admin"), STAFF_PASSWORD)).location === "/staff"),
      until(async () => {
        const search = await fetch(`${site.url}/api/vehicles/search/car?pageSize=1`);
        return search.status === 200 && search.headers.get("x-total-count") === written.searchTotal;
      }),
    ]);
    const errors = log.split("\n").filter((line) => /"level":(50|60)/.test(line));
    expect(errors, "the new version logged errors").toEqual([]);
    return { site, signInMs, searchMs };
  }

  const report = (store: string, signInMs: number, searchMs: number) =>
    process.stderr.write(
      `${store} upgraded from ${previous.version} to ${current}: staff signed in ${(signInMs / 1000).toFixed(1)} s and buyers searched ` +
        `${(searchMs / 1000).toFixed(1)} s after it answered (load average ${loadavg()[0]!.toFixed(1)}).\n`,
    );

  describe(`${SUITE}: the embedded store`, () => {
    let dataDir: string;
    afterAll(async () => {
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it(
      "keeps every record, reads every stored format, and lets staff and buyers in within seconds",
      async () => {
        dataDir = await mkdtemp(path.join(tmpdir(), "upgrade-embedded-"));
        const unreachable = await freePort();
        const env = {
          DEMO_STOCK_SIZE: "40",
          // Down, so that forwarding and mail wait in their outboxes across the upgrade.
          LEAD_WEBHOOK_URL: `http://127.0.0.1:${unreachable}/leads`,
          SMTP_URL: `smtp://127.0.0.1:${unreachable}`,
          TRUST_PROXY: "1",
          LOG_LEVEL: "warn",
        };
        const old = await spawnBuiltSite({
          dataDir,
          port: await freePort(),
          entry: path.join(oldRelease, "build", "server", "index.js"),
          env: { ...env, DEALER_CONFIG: path.join(oldRelease, "dealer.json") },
          timeoutMs: 120_000,
        });
        let written: Written;
        try {
          await runOld(
            [
              "--input-type=module",
              "-e",
              `import("./tests/support/staff-accounts.ts").then((m) => m.addStaffAccounts(${JSON.stringify(dataDir)}, ["admin", "sales"]))`,
            ],
            {},
          );
          written = await writeThrough(old);
        } finally {
          await stopSite(old);
        }
        const leadFiles = (await readdir(path.join(dataDir, "leads"))).filter((name) => /^[0-9a-f-]+\.json$/.test(name));
        const mailFiles = await readdir(path.join(dataDir, "mail"));
        const oldAudit = (await readFile(path.join(dataDir, "staff", "audit.ndjson"), "utf8")).split("\n").filter(Boolean);

        const upgraded = await upgradeTo(dataDir, env, written);
        try {
          expect(upgraded.signInMs).toBeLessThan(WITHIN_MS);
          expect(upgraded.searchMs).toBeLessThan(WITHIN_MS);
          expect((await fetch(`${upgraded.site.url}/api/vehicles?pageSize=1`)).headers.get("x-total-count")).toBe(written.vehicles);
          const health = (await (await fetch(`${upgraded.site.url}/healthz`)).json()) as { version: string };
          expect(health.version).toBe(current);
        } finally {
          await stopSite(upgraded.site);
        }
        report("The embedded store", upgraded.signInMs, upgraded.searchMs);

        // Every record the old release wrote, read by this version's own stores.
        const leads = await FileLeadStore.open(dataDir);
        for (const id of written.leadIds) expect(await leads.get(id), id).toBeDefined();
        expect((await leads.list({ page: 1, pageSize: 100 })).total).toBe(leadFiles.length);
        expect((await leads.backlog()).waiting).toBe(2);
        await leads.close();
        const staff = await FileStaffStore.open(dataDir);
        expect(await staff.findAccountByEmail(staffEmail("sales"))).toMatchObject({ role: "sales" });
        const audit = await staff.listAudit({ page: 1, pageSize: 500 });
        expect(audit.total).toBeGreaterThanOrEqual(oldAudit.length + 1);
        await staff.close();
        const mail = await FileMailOutbox.open(dataDir);
        expect((await mail.backlog()).waiting).toBeGreaterThanOrEqual(mailFiles.length);
        await mail.close();
      },
      10 * 60_000,
    );
  });

  const servers = await suiteServers(`${SUITE}: MongoDB and Meilisearch`, ["mongo", "meili"]);
  if (servers) {
    const { mongo, meili } = servers;
    describe(`${SUITE}: MongoDB and Meilisearch`, () => {
      const name = sandboxName("upgrade");
      let dataDir: string;
      afterAll(async () => {
        await mongo.client.db(name).dropDatabase();
        const admin = (address: string) =>
          fetch(`${meili.url}${address}`, { method: "DELETE", headers: { Authorization: `Bearer ${meili.adminKey}` } }).catch(
            () => undefined,
          );
        await admin(`/indexes/${name}`);
        await admin(`/indexes/${versionIndexUid(name)}`);
        await admin(`/keys/${searchKeyUid(name)}`);
        if (dataDir) await rm(dataDir, { recursive: true, force: true });
      });

      it(
        "keeps every record, and lets staff and buyers in within seconds, after stock:setup",
        async () => {
          dataDir = await mkdtemp(path.join(tmpdir(), "upgrade-production-"));
          const unreachable = await freePort();
          const searchKeyFile = path.join(dataDir, "search.key");
          const engines = { MONGODB_URL: mongo.url, MONGODB_DB: name, MEILI_URL: meili.url, MEILI_INDEX: name };
          const tools = { ...engines, MEILI_ADMIN_KEY: meili.adminKey ?? "", MEILI_SEARCH_KEY_FILE: searchKeyFile, DATA_DIR: dataDir };
          // As the old release was deployed: its own stock:setup, its staff accounts, its site.
          await runOld(["indexer/cli.ts", "setup"], { ...tools, DEMO_STOCK_SIZE: "40" });
          await runOld(
            [
              "--input-type=module",
              "-e",
              `const { MongoClient } = await import("mongodb");
             const { MongoStaffStore } = await import("./backend/staff/mongo-staff-store.ts");
             const { addStaffAccountsTo } = await import("./tests/support/staff-accounts.ts");
             const client = await new MongoClient(${JSON.stringify(mongo.url)}).connect();
             await addStaffAccountsTo(await MongoStaffStore.open(client.db(${JSON.stringify(name)})), ["admin", "sales"]);
             await client.close();`,
            ],
            {},
          );
          const env = {
            ...engines,
            MEILI_SEARCH_KEY: (await readFile(searchKeyFile, "utf8")).trim(),
            LEAD_WEBHOOK_URL: `http://127.0.0.1:${unreachable}/leads`,
            TRUST_PROXY: "1",
            LOG_LEVEL: "warn",
          };
          const old = await spawnBuiltSite({
            dataDir,
            port: await freePort(),
            entry: path.join(oldRelease, "build", "server", "index.js"),
            env: { ...env, DEALER_CONFIG: path.join(oldRelease, "dealer.json") },
            timeoutMs: 120_000,
          });
          let written: Written;
          try {
            written = await writeThrough(old);
          } finally {
            await stopSite(old);
          }

          // The upgrade as docs/operations.md gives it: this version's stock:setup (the compose file's indexer), then the sites.
          const setup = spawn(process.execPath, ["--import", "tsx", path.join(root, "indexer", "cli.ts"), "setup"], {
            cwd: root,
            env: { ...process.env, ...EMBEDDED_ENGINES, ...tools, LOG_LEVEL: "warn" },
          });
          const setupStatus = await new Promise<number | null>((resolve) => setup.on("close", (status) => resolve(status)));
          expect(setupStatus).toBe(0);
          const upgraded = await upgradeTo(dataDir, env, written);
          try {
            expect(upgraded.signInMs).toBeLessThan(WITHIN_MS);
            expect(upgraded.searchMs).toBeLessThan(WITHIN_MS);
            expect((await fetch(`${upgraded.site.url}/api/vehicles?pageSize=1`)).headers.get("x-total-count")).toBe(written.vehicles);
          } finally {
            await stopSite(upgraded.site);
          }
          report("MongoDB with Meilisearch", upgraded.signInMs, upgraded.searchMs);

          const leads = await mongo.client
            .db(name)
            .collection<{ _id: string }>("leads")
            .find({ _id: { $in: written.leadIds } })
            .toArray();
          expect(leads.map((lead) => lead._id).sort()).toEqual([...written.leadIds].sort());
        },
        10 * 60_000,
      );
    });
  }
}
