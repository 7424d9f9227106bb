import { appendFile, mkdtemp, readFile, rm, stat, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FileStaffStore } from "./file-staff-store";
import type { AuditEntry, AuditQuery } from "./staff-store";
import { describeStaffStoreContract } from "../../tests/contract/staff-store-contract";

describeStaffStoreContract("files under DATA_DIR/staff", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "staff-"));
  const store = await FileStaffStore.open(dataDir);
  return {
    store,
    reopen: () => FileStaffStore.open(dataDir),
    async dispose() {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});

it("keeps the staff folder to the site's own user", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "staff-"));
  try {
    await FileStaffStore.open(dataDir);
    expect((await stat(path.join(dataDir, "staff"))).mode & 0o777).toBe(0o700);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

describe("the audit index, kept in step with the log", () => {
  const entry = (n: number): AuditEntry => ({
    at: new Date(Date.UTC(2026, 0, 1, 0, n)),
    action: n % 2 === 0 ? "lead-viewed" : "sign-in",
    actorId: `staff-${n % 3}`,
    targetId: `lead-${n}`,
  });
  const targetsOf = async (store: FileStaffStore, query: Partial<AuditQuery> = {}) =>
    (await store.listAudit({ page: 1, pageSize: 100, ...query })).entries.map(({ targetId }) => targetId);

  async function withStaffDir(test: (dataDir: string, files: { log: string; index: string }) => Promise<void>): Promise<void> {
    const dataDir = await mkdtemp(path.join(tmpdir(), "staff-audit-"));
    try {
      await test(dataDir, { log: path.join(dataDir, "staff", "audit.ndjson"), index: path.join(dataDir, "staff", "audit.idx") });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }

  it("reads what another process appended since, and what a crash left unindexed", () =>
    withStaffDir(async (dataDir, { index }) => {
      const site = await FileStaffStore.open(dataDir);
      for (let n = 0; n < 4; n++) await site.appendAudit(entry(n));
      expect(await targetsOf(site)).toEqual(["lead-3", "lead-2", "lead-1", "lead-0"]);
      // The staff command appends beside the site.
      await (await FileStaffStore.open(dataDir)).appendAudit(entry(4));
      expect(await targetsOf(site, { action: "lead-viewed" })).toEqual(["lead-4", "lead-2", "lead-0"]);
      // A crash tore the index's last record, or lost it whole: the next site indexes the log again from there.
      const { size } = await stat(index);
      await truncate(index, size - 13);
      const restarted = await FileStaffStore.open(dataDir);
      expect(await targetsOf(restarted)).toEqual(["lead-4", "lead-3", "lead-2", "lead-1", "lead-0"]);
      expect(await restarted.listAudit({ actorId: "staff-1", page: 1, pageSize: 1 })).toMatchObject({
        total: 2,
        entries: [{ targetId: "lead-4", at: entry(4).at }],
      });
      expect((await stat(index)).size).toBe(size);
    }));

  it("passes over a line a crash tore, and keeps the next append a line of its own", () =>
    withStaffDir(async (dataDir, { log }) => {
      const before = await FileStaffStore.open(dataDir);
      await before.appendAudit(entry(0));
      await appendFile(log, JSON.stringify(entry(1)).slice(0, 30));
      const after = await FileStaffStore.open(dataDir);
      await after.appendAudit(entry(2));
      expect(await targetsOf(after)).toEqual(["lead-2", "lead-0"]);
      expect((await readFile(log, "utf8")).split("\n")).toHaveLength(4);
    }));

  it("is built again when it is deleted while the site runs", () =>
    withStaffDir(async (dataDir, { index }) => {
      const store = await FileStaffStore.open(dataDir);
      for (let n = 0; n < 3; n++) await store.appendAudit(entry(n));
      expect(await targetsOf(store)).toHaveLength(3);
      await rm(index);
      await store.appendAudit(entry(3));
      expect(await targetsOf(store)).toEqual(["lead-3", "lead-2", "lead-1", "lead-0"]);
      expect((await stat(index)).size).toBe(4 * 40);
    }));

  it("is built again when the log is older than it (restored from a backup)", () =>
    withStaffDir(async (dataDir, { log }) => {
      const store = await FileStaffStore.open(dataDir);
      await store.appendAudit(entry(0));
      const backup = await readFile(log);
      for (let n = 1; n < 5; n++) await store.appendAudit(entry(n));
      expect(await targetsOf(store)).toHaveLength(5);
      await writeFile(log, backup);
      expect(await targetsOf(await FileStaffStore.open(dataDir))).toEqual(["lead-0"]);
    }));
});
