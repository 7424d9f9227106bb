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
import { addStaffAccounts, signedInAs } from "../tests/support/staff-accounts";
import { freePort } from "../tests/support/free-port";

/**
 * An embedded site growing old (issue 29): leads 0 → 1,000 → 10,000 → 100,000, with ten audit
 * entries a lead (1,000,000 at 100,000 leads), written straight into one data folder as the
 * site would have kept them, growing from each size to the next. At each size, each build in
 * turn (this one, and any `--ageing-builds`, a copy of an earlier build say) is started on the
 * folder and asked one request at a time for the staff pages and calls that read the history;
 * the figure is the median time to the last byte. The CSV export of every lead is timed
 * by the client (first byte, whole) with the site's RSS sampled meanwhile, and /healthz is
 * asked every 50 ms throughout, its slowest answer reported. Start-up is from spawning to the
 * first healthy answer: the first start after leads were added (this build then indexes every
 * lead file once, as on upgrading) and the next.
 */

const AUDIT_PER_LEAD = 10;
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
  /** The stock's vehicles, as a lead about one records it. */
  vehicles: { id: string; make: string; model: string; priceGBP: number }[];
  contacts: { email: string; phone: string }[];
}

export async function benchAgeing(sizes: readonly number[], builds: readonly string[]): Promise<AgeingRow[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-ageing-"));
  const rows: AgeingRow[] = [];
  try {
    const history = await startHistory(dataDir);
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

export async function startHistory(dataDir: string, vehicles = VEHICLES): Promise<History> {
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
export async function grow(history: History, size: number, auditPerLead = AUDIT_PER_LEAD): Promise<void> {
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
    for (let k = 0; k < auditPerLead; k++) lines.push(JSON.stringify(auditEntryOf(history, lead, k)));
    if (lines.length >= 50_000) {
      await appendFile(auditFile, `${lines.join("\n")}\n`);
      lines = [];
    }
  }
  if (lines.length > 0) await appendFile(auditFile, `${lines.join("\n")}\n`);
  history.auditEntries += (size - history.leads) * auditPerLead;
  history.leads = Math.max(history.leads, size);
  // Leads written behind the site's back: this build indexes every lead file again at its next start, as on upgrading.
  await rm(path.join(leadsDir, "index.ndjson"), { force: true });
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
  const firstStart = await startSite(history, build);
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
    const figures: Record<string, string> = {
      "audit, first page": await timed("/staff/audit"),
      "audit, filtered": await timed("/staff/audit?action=vehicle-price-changed"),
      "stock console front page": await timed("/staff/stock/import"),
      "one vehicle's console page": await timed(`/staff/stock/vehicles/${encodeURIComponent(vehicle)}`),
      "inbox API / HTML": `${await timed("/api/staff/leads")} / ${await timed("/staff")}`,
      "search by e-mail / phone": contact
        ? `${await timed(`/api/staff/leads?q=${encodeURIComponent(contact.email)}`)} / ${await timed(`/api/staff/leads?q=${contact.phone}`)}`
        : "–",
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

/** Every lead as CSV, timed by the client, with the site's resident memory sampled every 20 ms. */
async function csvExport(site: SiteProcess, cookie: string): Promise<Record<string, string>> {
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
