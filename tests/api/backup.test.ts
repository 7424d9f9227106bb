import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../backend/config";
import { FileLeadStore } from "../../backend/leads/file-lead-store";
import { createLogger } from "../../backend/logger";
import { startSite } from "../../backend/site";
import { FileStaffStore } from "../../backend/staff/file-staff-store";
import { EMBEDDED_ENGINES } from "../support/embedded-engines";
import { knownStockChange } from "../support/known-vehicles";
import { addStaffAccounts, staffEmail } from "../support/staff-accounts";
import { startTestSite, type TestSite } from "../support/start-test-site";

/**
 * `npm run backup` of a running embedded site, taken during a burst of leads, and
 * `npm run restore` of it into an empty folder: every lead stored before the backup began is
 * in it, every file in it is whole, and a site started on the restored folder serves the same
 * stock and lets the same staff in.
 */
const root = path.resolve(import.meta.dirname, "..", "..");

function npmScript(script: "backup" | "restore", folder: string, dataDir: string) {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "backend", "ops", "backup-cli.ts"), script, folder], {
    cwd: root,
    env: { ...process.env, ...EMBEDDED_ENGINES, DATA_DIR: dataDir },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  return new Promise<{ status: number | null; output: string }>((resolve) => child.on("close", (status) => resolve({ status, output })));
}

let site: TestSite;
let work: string;
const photo = randomBytes(50_000);

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "backup-test-"));
  site = await startTestSite(knownStockChange(), { env: { POST_RATE_LIMIT: "10000" } });
  await addStaffAccounts(site.dataDir, ["sales", "admin"]);
  await mkdir(path.join(site.dataDir, "photos", "masters"), { recursive: true });
  await writeFile(path.join(site.dataDir, "photos", "masters", "a1b2c3.jpg"), photo);
});
afterAll(async () => {
  await site?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

async function sendEnquiry(i: number): Promise<string | undefined> {
  const answer = await fetch(`${site.url}/api/enquiry`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Alex Buyer",
      email: `buyer${i}@example.com`,
      phone: "",
      contactMethod: "email",
      message: `Is it still for sale? (${i})`,
      vehicleId: "fiesta-2019",
    }),
  });
  return answer.status === 201 ? ((await answer.json()) as { id: string }).id : undefined;
}

describe("backup and restore", () => {
  it("copies a running site during a burst of leads, and restores it whole into an empty folder", async () => {
    const before = await Promise.all(Array.from({ length: 10 }, (_, i) => sendEnquiry(i)));
    expect(before.every(Boolean)).toBe(true);

    const target = path.join(work, "backup");
    let sending = true;
    const burst = (async () => {
      const ids: (string | undefined)[] = [];
      for (let i = 100; sending || ids.length < 20; i++) {
        ids.push(...(await Promise.all([sendEnquiry(i), sendEnquiry(i + 1000)])));
        await sleep(5);
      }
      return ids;
    })();
    const backup = await npmScript("backup", target, site.dataDir);
    sending = false;
    const during = await burst;
    expect(backup.output).toMatch(/^Backed up \d+ files/);
    expect(backup.status).toBe(0);
    expect(during.every(Boolean)).toBe(true);

    const restoredDir = path.join(work, "restored");
    const restored = await npmScript("restore", target, restoredDir);
    expect(restored.output).toMatch(/^Restored \d+ files/);
    expect(restored.status).toBe(0);

    // Every lead stored before the backup began is there; any from the burst is whole, and one the site really stored.
    const leads = await FileLeadStore.open(restoredDir);
    const { leads: restoredLeads } = await leads.list({ page: 1, pageSize: 1000 });
    await leads.close();
    const restoredIds = new Set(restoredLeads.map((lead) => lead.id));
    expect(before.filter((id) => !restoredIds.has(id!))).toEqual([]);
    const sent = new Set([...before, ...during]);
    expect([...restoredIds].filter((id) => !sent.has(id))).toEqual([]);
    for (const lead of restoredLeads) expect(lead.data).toMatchObject({ message: expect.stringMatching(/^Is it still for sale\?/) });
    process.stderr.write(
      `Backup during a burst: ${during.length} leads sent meanwhile, ${restoredIds.size - before.length} of them in the backup.\n`,
    );

    // The stock, the staff records, the audit log as far as it went, and the photos.
    const read = (folder: string, file: string) => readFile(path.join(folder, file));
    expect(await read(restoredDir, "vehicles.ndjson")).toEqual(await read(site.dataDir, "vehicles.ndjson"));
    expect(await read(restoredDir, "photos/masters/a1b2c3.jpg")).toEqual(photo);
    const staff = await FileStaffStore.open(restoredDir);
    expect(await staff.findAccountByEmail(staffEmail("admin"))).toMatchObject({ role: "admin" });
    await staff.close();
    const audit = (await read(restoredDir, "staff/audit.ndjson")).toString("utf8");
    expect((await read(site.dataDir, "staff/audit.ndjson")).toString("utf8").startsWith(audit)).toBe(true);

    // A site started on the restored folder serves the same stock.
    const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: restoredDir, DEMO_STOCK_SIZE: "0", NODE_ENV: "test" });
    const restoredSite = await startSite({ config, logger: createLogger("silent") });
    try {
      const total = async (url: string) => (await fetch(`${url}/api/vehicles?pageSize=1`)).headers.get("x-total-count");
      expect(await total(restoredSite.url)).toBe(await total(site.url));
      expect((await fetch(`${restoredSite.url}/api/vehicles/fiesta-2019`)).status).toBe(200);
    } finally {
      await restoredSite.stop();
    }
  }, 120_000);

  it("refuses to restore into a folder that holds anything, and to back up inside the folder it copies", async () => {
    const restoredAgain = await npmScript("restore", path.join(work, "backup"), site.dataDir);
    expect(restoredAgain.status).toBe(1);
    expect(restoredAgain.output).toMatch(/DATA_DIR .* is not empty/);
    const inside = await npmScript("backup", path.join(site.dataDir, "backup"), site.dataDir);
    expect(inside.status).toBe(1);
    expect(inside.output).toMatch(/cannot go inside/);
  });
});
