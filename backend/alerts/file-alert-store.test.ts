import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { describeAlertStoreContract, savedSearch } from "../../tests/contract/alert-store-contract";
import { FileAlertStore } from "./file-alert-store";

describeAlertStoreContract("journals under DATA_DIR/alerts", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "alerts-"));
  const store = await FileAlertStore.open(dataDir);
  return {
    store,
    reopen: () => FileAlertStore.open(dataDir),
    async dispose() {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});

it("keeps saved searches in a private folder, and an erased address leaves the disk at once", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "alerts-"));
  try {
    const store = await FileAlertStore.open(dataDir);
    const kept = savedSearch({ recipient: "b".repeat(32), email: "kept@example.com" });
    await store.add(savedSearch({ email: "erase.me@example.com" }));
    await store.add(kept);
    expect((await stat(path.join(dataDir, "alerts"))).mode & 0o777).toBe(0o700);
    expect(await readFile(path.join(dataDir, "alerts", "searches.ndjson"), "utf8")).toContain("erase.me@example.com");
    expect(await store.removeRecipient("a".repeat(32))).toBe(1);
    const journal = await readFile(path.join(dataDir, "alerts", "searches.ndjson"), "utf8");
    expect(journal).not.toContain("erase.me");
    expect(journal).toContain("kept@example.com");
    await store.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
