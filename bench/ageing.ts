import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { appendFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { generateDemoStock } from "../backend/demo-stock/generate-demo-stock";
import { newReference } from "../backend/leads/lead-reference";
import type { KeptLead } from "../backend/leads/lead-store";
import type { AuditEntry } from "../backend/staff/staff-store";
import { FileVehicleStore } from "../backend/store/file-vehicle-store";
import { spawnBuiltSite, type SiteProcess } from "../tests/support/built-site";
import { signInByForm } from "../tests/support/sign-in-by-form";
import { addStaffAccounts, signedInAs, STAFF_PASSWORD, staffEmail } from "../tests/support/staff-accounts";
import { freePort } from "../tests/support/free-port";
import { cpuFigure, cpuPerRequest, processCpuMs } from "./site-cpu";

/**
 * An embedded site growing old: leads 0 → 1,000 → 10,000 → 100,000, with ten audit
 * entries a lead (1,000,000 at 100,000 leads), written straight into one data folder as the
 * site would have kept them, growing from each size to the next. At each size, each build in
 * turn (this one, and any `--ageing-builds`, a copy of an earlier build say) is started on the
 * folder and asked one request at a time for the staff pages and calls that read the history;
 * the figure is the median time to the last byte, and for the inbox and its searches also the
 * site's CPU per request (bench/site-cpu.ts), which moves little with the machine's load. The
 * CSV export of every lead is timed by the client (first byte, whole) with the site's RSS
 * sampled and its CPU time counted meanwhile, and /healthz is
 * asked every 50 ms throughout, its slowest answer reported. Start-up is from spawning to the
 * first healthy answer: the first start after leads were added (this build then indexes every
 * lead file once, as on upgrading) and the next. Each build's first start is over a store
 * without its audit index (staff/audit.idx), as after upgrading from a version before it or
 * restoring a backup without it: a member of staff signs in through the form as soon as the
 * site answers, timed, and the audit page is then asked for, timed from the site's first answer
 * (it waits for the index). The audit page's CPU per request is the site process's (/proc),
 * over a run of requests. RSS is sampled at rest once every lead and the audit index are read
 * (after one audit page), and again once the pages above have been asked for, before the export.
 */

/** Audit entries a lead by default: 1,000,000 at 100,000 leads. */
const AUDIT_PER_LEAD = 10;
const CPU_SAMPLES = 30;
const VEHICLES = 200;
const DAY_MS = 24 * 3_600_000;
const NOW = Date.now();
/** Requests per figure; fewer where each takes seconds (an old build at 100,000 leads), so a run ends the same day. */
const MOST_SAMPLES = 15;
const SAMPLE_SECONDS = 20;

export interface AgeingRow {
  build: string;
  leads: number;
  auditEntries: number;
  figures: Record<string, string>;
}

export interface History {
  dataDir: string;
  leads: number;
  auditEntries: number;
  auditPerLead: number;
  /** The stock's vehicles, as a lead about one records it. */
  vehicles: { id: string; make: string; model: string; priceGBP: number }[];
  contacts: { email: string; phone: string }[];
}

export async function benchAgeing(
  sizes: readonly number[],
  builds: readonly string[],
  auditPerLead = AUDIT_PER_LEAD,
): Promise<AgeingRow[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-ageing-"));
  const rows: AgeingRow[] = [];
  try {
    const history = await startHistory(dataDir, auditPerLead);
    for (const size of sizes) {
      process.stderr.write(`Ageing: ${size.toLocaleString("en-GB")} leads...\n`);
      await grow(history, size);
      for (const build of builds) rows.push(await benchBuild(history, build));
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return rows;
}

export function ageingTable(rows: readonly AgeingRow[]): string[] {
  const columns = Object.keys(rows[0]?.figures ?? {});
  return [
    `| build | leads | audit entries | ${columns.join(" | ")} |`,
    `|---|---:|---:|${columns.map(() => "---:").join("|")}|`,
    ...rows.map(
      (row) =>
        `| ${row.build} | ${row.leads.toLocaleString("en-GB")} | ${row.auditEntries.toLocaleString("en-GB")} | ${columns.map((column) => row.figures[column]).join(" | ")} |`,
    ),
  ];
}

export async function startHistory(dataDir: string, auditPerLead = AUDIT_PER_LEAD, vehicles = VEHICLES): Promise<History> {
  const stock = [...generateDemoStock({ count: vehicles, referenceDate: new Date("2026-11-01T00:00:00Z") })];
  const store = await FileVehicleStore.open(dataDir);
  await store.applyChange({ records: stock.map((record) => ({ id: record._id, record })), mode: "upsert" });
  await store.close();
  await addStaffAccounts(dataDir, ["admin"]);
  await mkdir(path.join(dataDir, "leads"), { recursive: true, mode: 0o700 });
  return {
    dataDir,
    leads: 0,
    auditEntries: 0,
    auditPerLead,
    vehicles: stock.map(({ _id: id, vehicle: { make, model }, adverts }) => ({
      id,
      make,
      model,
      priceGBP: adverts.retailAdverts.totalPrice.amountGBP,
    })),
    contacts: [],
  };
}

/** Leads and audit entries added until there are `size` leads, received over the last 60 days (within every retention period). */
export async function grow(history: History, size: number): Promise<void> {
  const leadsDir = path.join(history.dataDir, "leads");
  const auditFile = path.join(history.dataDir, "staff", "audit.ndjson");
  let lines: string[] = [];
  for (let n = history.leads; n < size; n++) {
    const receivedAt = new Date(NOW - 60 * DAY_MS + (n / Math.max(size, 1)) * 59 * DAY_MS);
    const email = `buyer${n}@example.com`;
    const phone = `07700${String(900000 + (n % 100000)).padStart(6, "0")}`;
    history.contacts.push({ email, phone });
    const vehicle = history.vehicles[n % history.vehicles.length]!;
    const lead: KeptLead = {
      id: randomUUID(),
      kind: "enquiry",
      reference: newReference(),
      receivedAt,
      vehicle: { ...vehicle, inStock: true },
      data: { name: `Buyer ${n}`, email, phone, contactMethod: "email", message: `Is it still for sale? (${n})`, vehicleId: vehicle.id },
      forwardAttempts: 1,
      forwardedAt: receivedAt,
    };
    await writeFile(path.join(leadsDir, `${lead.id}.json`), JSON.stringify(lead), { mode: 0o600 });
    for (let k = 0; k < history.auditPerLead; k++) lines.push(JSON.stringify(auditEntryOf(history, lead, k % AUDIT_PER_LEAD)));
    if (lines.length >= 50_000) {
      await appendFile(auditFile, `${lines.join("\n")}\n`);
      lines = [];
    }
  }
  if (lines.length > 0) await appendFile(auditFile, `${lines.join("\n")}\n`);
  history.auditEntries += (size - history.leads) * history.auditPerLead;
  history.leads = Math.max(history.leads, size);
  // Written back to disk now, so that the first build timed does not pay for it in every flush its sign-in makes.
  spawnSync("sync");
}

function auditEntryOf(history: History, lead: KeptLead, k: number): AuditEntry {
  const at = new Date(lead.receivedAt.getTime() + k * 60_000);
  const actor = { actorId: "bench-staff", actorEmail: "sales@example.com", address: "127.0.0.1" };
  const vehicleId = history.vehicles[(history.auditEntries + k) % history.vehicles.length]!.id;
  if (k === 9) return { at, action: "vehicle-price-changed", ...actor, targetId: vehicleId, details: { from: 10_000, to: 9_995 } };
  if (k === 8 && history.contacts.length % 50 === 0)
    return {
      at,
      action: "stock-import",
      origin: "scheduled feed",
      details: { rows: 200, added: 1, updated: 3, unchanged: 196, removed: 0, rejected: 0, mode: "upsert", seconds: 2 },
    };
  if (k % 3 === 0) return { at, action: "lead-changed", ...actor, targetId: lead.id, details: { change: "status", status: "contacted" } };
  if (k % 4 === 1) return { at, action: "sign-in", ...actor };
  return { at, action: "lead-viewed", ...actor, targetId: lead.id };
}

async function benchBuild(history: History, build: string): Promise<AgeingRow> {
  // As on upgrading: leads written behind the site's back (each build indexes every lead file at its first start), and no audit index.
  await rm(path.join(history.dataDir, "leads", "index.ndjson"), { force: true });
  await rm(path.join(history.dataDir, "staff", "audit.idx"), { force: true });
  const firstStart = await startSite(history, build);
  const upgrade = await signInWhileIndexing(firstStart);
  await stopSite(firstStart);
  const site = await startSite(history, build);
  const watch = watchHealth(site.url);
  try {
    const session = await signedInAs(history.dataDir, "admin");
    // The built site runs as production, so its cookies carry the __Host- prefix.
    const cookie = `__Host-staff_session=${session.sessionId}`;
    const timed = (address: string) => medianTime(`${site.url}${address}`, cookie);
    const contact = history.contacts[Math.floor(history.contacts.length / 2)];
    const vehicle = history.vehicles[0]!.id;
    // Every lead and the audit index read: the site at rest, as it stands between visits.
    await timed("/staff/audit");
    const atRest = await settledResidentMB(site.server.pid!);
    const figures: Record<string, string> = {
      ...upgrade,
      "audit, first page": await timed("/staff/audit"),
      "audit page CPU / request": cpuFigure(await cpuPerRequest(site.server.pid!, `${site.url}/staff/audit`, cookie, CPU_SAMPLES)),
      "audit, filtered": await timed("/staff/audit?action=vehicle-price-changed"),
      "stock console front page": await timed("/staff/stock/import"),
      "one vehicle's console page": await timed(`/staff/stock/vehicles/${encodeURIComponent(vehicle)}`),
      "inbox API / HTML": `${await timed("/api/staff/leads")} / ${await timed("/staff")}`,
      "search by e-mail / phone": contact
        ? `${await timed(`/api/staff/leads?q=${encodeURIComponent(contact.email)}`)} / ${await timed(`/api/staff/leads?q=${contact.phone}`)}`
        : "–",
      "search by one letter, API / HTML": `${await timed("/api/staff/leads?q=b")} / ${await timed("/staff?q=b")}`,
      ...(await inboxCpu(site, cookie, contact)),
      "RSS at rest / after these pages": `${Math.round(atRest)} MB / ${Math.round(await settledResidentMB(site.server.pid!))} MB`,
      ...(await csvExport(site, cookie)),
      "start-up, first / next": `${seconds(firstStart.startMs)} / ${seconds(site.startMs)}`,
      "slowest /healthz": `${Math.round(watch.slowest())} ms`,
    };
    return {
      build: build ? path.basename(path.dirname(path.dirname(path.dirname(build)))) : "this build",
      leads: history.leads,
      auditEntries: history.auditEntries,
      figures,
    };
  } finally {
    watch.stop();
    await stopSite(site);
  }
}

/**
 * Over a store without its audit index: a member of staff signs in through the form as soon as
 * the site answers, then asks for the audit page, which waits for the index, timed from the
 * site's first answer.
 */
async function signInWhileIndexing(site: SiteProcess): Promise<Record<string, string>> {
  const answered = performance.now();
  const signedIn = await signInByForm(site.url, staffEmail("admin"), STAFF_PASSWORD);
  const signInMs = performance.now() - answered;
  if (signedIn.status !== 302) throw new Error(`The sign-in answered ${signedIn.status}`);
  const audit = await fetch(`${site.url}/staff/audit`, { headers: { Cookie: signedIn.sessionCookie! } });
  await audit.arrayBuffer();
  if (audit.status !== 200) throw new Error(`The audit page answered ${audit.status}`);
  return {
    "first sign-in, no audit.idx": seconds(signInMs),
    "audit page after start, no audit.idx": seconds(performance.now() - answered),
  };
}

/** Resident memory once the site has been left alone for a moment. */
async function settledResidentMB(pid: number): Promise<number> {
  await sleep(2000);
  return residentMB(pid);
}

async function startSite(history: History, build: string): Promise<SiteProcess> {
  return spawnBuiltSite({
    dataDir: history.dataDir,
    port: await freePort(),
    ...(build ? { entry: build } : {}),
    env: { STAFF_REQUIRE_2FA: "0", STOCK_FEED_URL: "" },
    timeoutMs: 600_000,
  });
}

async function stopSite(site: SiteProcess): Promise<void> {
  const exited = new Promise((resolve) => site.server.once("exit", resolve));
  site.server.kill("SIGTERM");
  await exited;
}

/**
 * The median time of a GET, asked one at a time until MOST_SAMPLES answers or SAMPLE_SECONDS
 * have passed (three at least): the client's, from asking to the last byte over a kept-alive
 * connection on the same machine, so at least the server's (staff pages, streamed from a
 * render thread, carry no Server-Timing).
 */
async function medianTime(url: string, cookie: string): Promise<string> {
  const times: number[] = [];
  const until = performance.now() + SAMPLE_SECONDS * 1000;
  while (times.length < 3 || (times.length < MOST_SAMPLES && performance.now() < until)) {
    const started = performance.now();
    const response = await fetch(url, { headers: { Cookie: cookie }, redirect: "manual" });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  }
  times.sort((a, b) => a - b);
  return `${Math.round(times[Math.floor(times.length / 2)]!)} ms`;
}

/**
 * The site's CPU per request (bench/site-cpu.ts) for the inbox and its searches: by a whole
 * e-mail address and phone number, and by one letter: 'b', which every bench lead's name
 * ("Buyer 123") begins with, and '9', which a ninth of their numbers do.
 */
async function inboxCpu(
  site: SiteProcess,
  cookie: string,
  contact: History["contacts"][number] | undefined,
): Promise<Record<string, string>> {
  const cpu = async (address: string) => cpuFigure(await cpuPerRequest(site.server.pid!, `${site.url}${address}`, cookie));
  return {
    "inbox CPU, API / HTML": `${await cpu("/api/staff/leads")} / ${await cpu("/staff")}`,
    "search CPU, e-mail / phone / 'b' / '9' / 'b' HTML": contact
      ? `${await cpu(`/api/staff/leads?q=${encodeURIComponent(contact.email)}`)} / ${await cpu(`/api/staff/leads?q=${contact.phone}`)} / ${await cpu("/api/staff/leads?q=b")} / ${await cpu("/api/staff/leads?q=9")} / ${await cpu("/staff?q=b")}`
      : "–",
  };
}

/** Every lead as CSV, timed by the client, with the site's resident memory sampled every 20 ms and its CPU time counted. */
async function csvExport(site: SiteProcess, cookie: string): Promise<Record<string, string>> {
  const cpuBefore = await processCpuMs(site.server.pid!);
  const before = await residentMB(site.server.pid!);
  let peak = before;
  const sampling = setInterval(() => void residentMB(site.server.pid!).then((mb) => (peak = Math.max(peak, mb))), 20);
  const started = performance.now();
  let firstByteMs = 0;
  let bytes = 0;
  await new Promise<void>((resolve, reject) => {
    get(`${site.url}/api/staff/leads.csv`, { headers: { Cookie: cookie } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`The export answered ${response.statusCode}`));
      response.on("data", (chunk: Buffer) => {
        if (bytes === 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
      });
      response.on("end", resolve);
      response.on("error", reject);
    }).on("error", reject);
  });
  const wholeMs = performance.now() - started;
  clearInterval(sampling);
  return {
    "CSV first byte / whole": `${seconds(firstByteMs)} / ${seconds(wholeMs)}`,
    "CSV RSS rise": `${Math.round(peak - before)} MB`,
    "CSV CPU": cpuFigure((await processCpuMs(site.server.pid!)) - cpuBefore),
  };
}

async function residentMB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** /healthz asked every 50 ms, one at a time: the slowest answer is how long the event loop was held. */
function watchHealth(url: string): { slowest(): number; stop(): void } {
  let slowest = 0;
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const started = performance.now();
      await fetch(`${url}/healthz`).then(
        (response) => response.arrayBuffer(),
        () => undefined,
      );
      slowest = Math.max(slowest, performance.now() - started);
      await sleep(50);
    }
  })();
  return { slowest: () => slowest, stop: () => (stopped = true) };
}

const seconds = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);
