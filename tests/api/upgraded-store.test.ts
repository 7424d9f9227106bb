import { randomUUID } from "node:crypto";
import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CatchingUp } from "../../backend/catch-up-board";
import { keptLeadOf } from "../../backend/leads/lead-store";
import { startBuiltSite, type BuiltSite } from "../support/built-site";
import { signInByForm } from "../support/sign-in-by-form";
import { addStaffAccounts, STAFF_PASSWORD, staffEmail } from "../support/staff-accounts";

/**
 * The built site started over a data folder as an earlier version, or a restore from a backup,
 * leaves it: an audit log of 800,000 entries with no index beside it (staff/audit.idx) and
 * lead files with no journal (leads/index.ndjson). It listens at once, signs a member of staff
 * in while the index is still being built (before, the start-up sweep held every audited
 * action until it was: 91 s at 1,000,000 entries), says on /healthz and in its log what it is
 * catching up on, and the audit page then shows that sign-in.
 */
const AUDIT_ENTRIES = 800_000;
const LEADS = 300;

let dataDir: string;
let site: BuiltSite;
let url: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "upgraded-store-"));
  await addStaffAccounts(dataDir, ["admin"]);
  const auditFile = path.join(dataDir, "staff", "audit.ndjson");
  const start = Date.now() - 300 * 24 * 3_600_000;
  for (let first = 0; first < AUDIT_ENTRIES; first += 50_000) {
    let lines = "";
    for (let n = first; n < first + 50_000; n++)
      lines += `${JSON.stringify({ at: new Date(start + n * 30_000), action: "lead-viewed", actorId: "earlier-staff", targetId: `lead-${n}` })}\n`;
    await appendFile(auditFile, lines);
  }
  await rm(path.join(dataDir, "staff", "audit.idx"), { force: true });
  await mkdir(path.join(dataDir, "leads"), { recursive: true });
  for (let n = 0; n < LEADS; n++) {
    const lead = keptLeadOf(
      { kind: "enquiry", receivedAt: new Date(), data: { email: `buyer${n}@example.com` }, forwarded: true },
      randomUUID(),
      `UPGR${n}`,
    );
    await writeFile(path.join(dataDir, "leads", `${lead.id}.json`), JSON.stringify(lead));
  }
  site = await startBuiltSite({ LOG_LEVEL: "info", STAFF_REQUIRE_2FA: "0" }, { dataDir });
  url = `http://127.0.0.1:${site.port}`;
}, 120_000);
afterAll(async () => {
  await site?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const catchingUp = async () => ((await (await fetch(`${url}/healthz`)).json()) as { status: string; catchingUp: CatchingUp[] }).catchingUp;

it(
  "signs staff in within seconds while it indexes the audit log, and then shows the sign-in on the audit page",
  { timeout: 180_000 },
  async () => {
    const started = performance.now();
    const signedIn = await signInByForm(url, staffEmail("admin"), STAFF_PASSWORD);
    const signInMs = performance.now() - started;
    const stillIndexing = (await catchingUp()).map(({ task }) => task);
    process.stderr.write(
      `First sign-in over an unindexed audit log of ${AUDIT_ENTRIES.toLocaleString("en-GB")} entries: ${Math.round(signInMs)} ms\n`,
    );
    expect(signedIn).toMatchObject({ status: 302, location: "/staff" });
    expect(signInMs).toBeLessThan(10_000);
    expect(stillIndexing).toContain("audit-index");

    await expect.poll(catchingUp, { timeout: 150_000, interval: 250 }).toEqual([]);
    const auditPage = (query: string) =>
      fetch(`${url}/staff/audit${query}`, { headers: { Cookie: signedIn.sessionCookie! } }).then((page) => page.text());
    const signIns = await auditPage("?action=sign-in");
    expect(signIns).toContain("1 entry");
    expect(signIns).toContain(staffEmail("admin"));
    const logged = (await readFile(path.join(dataDir, "staff", "audit.ndjson"), "utf8")).split("\n").length - 1;
    expect(await auditPage("")).toContain(`${logged.toLocaleString("en-GB")} entries`);
    expect(site.log()).toContain("Catching up: indexing the staff audit log");
    expect(site.log()).toContain("Caught up: indexing the staff audit log");
  },
);

it("lists every lead read from files left without a journal, and writes the journal", async () => {
  const again = performance.now();
  const { sessionCookie } = await signInByForm(url, staffEmail("admin"), STAFF_PASSWORD);
  process.stderr.write(`A sign-in once caught up: ${Math.round(performance.now() - again)} ms\n`);
  const leads = await fetch(`${url}/api/staff/leads?pageSize=10`, { headers: { Cookie: sessionCookie! } });
  expect(leads.status).toBe(200);
  expect(leads.headers.get("x-total-count")).toBe(String(LEADS));
  expect(await readdir(path.join(dataDir, "leads"))).toContain("index.ndjson");
});
